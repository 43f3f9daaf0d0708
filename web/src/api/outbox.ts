import type { Text } from '../i18n/i18n';
import { ApiError, isRetryable, request } from './http';
import { connection } from './connection';
import { newWriteKey } from './write-key';

/*
 * Every write of the console goes through here. A write gets its idempotency key when the
 * person makes it, is kept in localStorage until the server acknowledges it, and is sent again
 * with the same key after a dropped connection or a server error, so a judge's tap on bad
 * Wi-Fi is neither lost nor applied twice.
 */

/** What the person did, for the pending list: an i18n key and its values. */
export interface WriteLabel {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface WriteRequest {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  /** The tournament the write changes; its writes are sent in order, each on the version the last one produced. */
  readonly tournament?: string;
  /** The tournament version the person saw when deciding (If-Match). */
  readonly version?: number | null;
  readonly label: WriteLabel;
}

export interface PendingWrite extends WriteRequest {
  readonly key: string;
  readonly createdAt: number;
  readonly attempts: number;
  readonly nextAt: number;
  /** `signed-out`: waits for a new sign-in before it is sent again. */
  readonly waiting: 'retry' | 'signed-out' | null;
  /** Why it waits, when the server said (too many from this network: wait N s); kept until it is sent. */
  readonly problem?: Text;
  /**
   * Made while the console was offline: the person was shown it waiting and has moved on, so a
   * refusal joins the refused list even when the first attempt is the refused one (that attempt
   * may leave before the phone is back, or after: the list must not depend on which).
   */
  readonly madeOffline?: boolean;
}

/**
 * A write the server refused: it will not be sent again, and it stays listed (on this device,
 * across reloads) until the person discards it or sends what it meant another way.
 */
export interface FailedWrite {
  readonly key: string;
  readonly label: WriteLabel;
  readonly tournament?: string;
  /** What was sent, so the screen can show it and offer to send it as a correction (absent in lists stored by older consoles). */
  readonly request?: { readonly method: WriteRequest['method']; readonly path: string; readonly body?: unknown };
  /** When the person made the write. */
  readonly createdAt?: number;
  /** It waited in the queue (offline, a failed attempt) before the refusal: the person has moved on and must still see it. */
  readonly queued?: boolean;
  readonly status: number;
  readonly code: string;
  readonly text: Text;
  readonly at: number;
}

export type WriteOutcome =
  | { readonly ok: true; readonly body: unknown; readonly version: number | null }
  | { readonly ok: false; readonly error: ApiError; readonly failed: FailedWrite };

interface Snapshot {
  readonly pending: readonly PendingWrite[];
  readonly failed: readonly FailedWrite[];
  readonly online: boolean;
}

const STORAGE_KEY = 'shinpan.outbox.v1';
const REBASE_KEY = 'shinpan.outbox.rebase.v1';
const MAX_BACKOFF_MS = 30_000;
/**
 * An attempt with no answer by then is given up and sent again (same idempotency key, so it is
 * written once). A write sent while the phone was offline could hang in the service worker
 * with no answer at all, and the queue then sent nothing more, online or not.
 */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Refusals kept for the person to decide on; older ones beyond this go first. */
const MAX_FAILED = 50;

function load(): { pending: PendingWrite[]; failed: FailedWrite[] } {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return { pending: [], failed: [] };
    const parsed = JSON.parse(raw) as { pending?: PendingWrite[]; failed?: FailedWrite[] };
    // A write that was being sent when the page closed may or may not have arrived: the same key makes resending safe.
    return {
      pending: (parsed.pending ?? []).map((w) => ({ ...w, nextAt: 0, waiting: null })),
      failed: parsed.failed ?? [],
    };
  } catch {
    return { pending: [], failed: [] };
  }
}

/** The console's write queue; one instance per page (`outbox`). */
export class Outbox {
  #pending: PendingWrite[];
  #failed: FailedWrite[];
  #sending = false;
  /**
   * "Send now" came (back online, a tap on retry) while an attempt was on its way: if that
   * attempt fails, the write goes again at once instead of after its backoff. Without it, a
   * phone back online during an attempt begun offline waited up to 30 s to send.
   */
  #retryAsked = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #snapshot: Snapshot;
  readonly #listeners = new Set<() => void>();
  readonly #ackListeners = new Set<(write: PendingWrite, outcome: WriteOutcome) => void>();
  readonly #waiters = new Map<string, (outcome: WriteOutcome) => void>();
  /**
   * Per tournament, version → the version one of this device's own writes turned it into. A
   * write decided on version 10 while this device's earlier write (sent on 10) made it 11 was
   * decided knowing that change, so it is sent on 11: quick taps do not conflict with themselves.
   */
  #rebase: Record<string, Record<string, number>> = loadRebase();

  constructor() {
    const stored = load();
    this.#pending = stored.pending;
    this.#failed = stored.failed;
    this.#snapshot = { pending: this.#pending, failed: this.#failed, online: connection.online };
    connection.subscribe((online) => {
      this.#changed(false);
      if (online) this.retryNow();
    });
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        if (event.key === STORAGE_KEY) this.#reloadFromStorage();
      });
    }
    this.#schedule(0);
  }

  /** Queues a write and answers when the server has acknowledged or refused it. */
  send(write: WriteRequest): Promise<WriteOutcome> {
    try {
      const entry: PendingWrite = {
        ...write,
        key: newWriteKey(),
        createdAt: Date.now(),
        attempts: 0,
        nextAt: 0,
        waiting: null,
        ...(connection.online ? {} : { madeOffline: true }),
      };
      this.#pending = [...this.#pending, entry];
      this.#changed();
      const done = new Promise<WriteOutcome>((resolve) => this.#waiters.set(entry.key, resolve));
      this.#schedule(0);
      return done;
    } catch (error) {
      // Anything the browser lacks here must reach the screen that made the write as a refusal
      // beside its button, never leave the button on "sending" with nothing sent.
      return Promise.resolve(clientFailure(error, write));
    }
  }

  /** React's useSyncExternalStore contract. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  snapshot = (): Snapshot => this.#snapshot;

  /** Called for every acknowledged or refused write (views reload what it changed). */
  onSettled(listener: (write: PendingWrite, outcome: WriteOutcome) => void): () => void {
    this.#ackListeners.add(listener);
    return () => this.#ackListeners.delete(listener);
  }

  /** Sends waiting writes now (after a new sign-in, or when the person taps "retry"). */
  retryNow(): void {
    if (this.#sending) this.#retryAsked = true;
    this.#pending = this.#pending.map((w) => ({ ...w, nextAt: 0, waiting: null }));
    this.#changed();
    this.#schedule(0);
  }

  /** Lists a refusal whose screen is gone, so the person still reads it. */
  keep(failed: FailedWrite): void {
    this.#failed = [...this.#failed.filter((f) => f.key !== failed.key), failed].slice(-MAX_FAILED);
    this.#changed();
  }

  /** Whether a refusal is in the refused list (the screen then leaves it to the list). */
  isKept(key: string): boolean {
    return this.#failed.some((f) => f.key === key);
  }

  dismiss(key: string): void {
    this.#failed = this.#failed.filter((f) => f.key !== key);
    this.#changed();
  }

  #reloadFromStorage(): void {
    const stored = load();
    // Another tab took over these writes; this tab keeps sending only when its own queue is idle.
    if (!this.#sending) {
      this.#pending = stored.pending;
      this.#failed = stored.failed;
      this.#changed(false);
    }
  }

  #changed(persist = true): void {
    if (persist) {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ pending: this.#pending, failed: this.#failed }));
      } catch {
        // Storage full or blocked: the queue still works for this page's lifetime.
      }
    }
    this.#snapshot = { pending: this.#pending, failed: this.#failed, online: connection.online };
    for (const listener of this.#listeners) listener();
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#drain();
    }, delayMs);
  }

  async #drain(): Promise<void> {
    if (this.#sending) return;
    this.#sending = true;
    try {
      for (;;) {
        const next = this.#pending.find((w) => w.waiting !== 'signed-out');
        if (!next) return;
        const wait = next.nextAt - Date.now();
        if (wait > 0) {
          this.#schedule(wait);
          return;
        }
        const keepGoing = await this.#attempt(next);
        if (!keepGoing) return;
      }
    } finally {
      this.#sending = false;
      this.#retryAsked = false;
    }
  }

  /** Sends one write; answers whether the queue may go on to the next one. */
  async #attempt(write: PendingWrite): Promise<boolean> {
    const version = this.#rebased(write);
    const headers: Record<string, string> = { 'idempotency-key': write.key };
    if (version !== null) headers['if-match'] = `"${version}"`;
    try {
      const answer = await request<unknown>(write.method, write.path, {
        body: write.body ?? {},
        headers,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      if (write.tournament !== undefined && version !== null && answer.version !== null && answer.version !== version) {
        this.#remember(write.tournament, version, answer.version);
      }
      this.#settle(write, { ok: true, body: answer.body, version: answer.version });
      return true;
    } catch (error) {
      if (isRetryable(error)) {
        const attempts = write.attempts + 1;
        // A rate limit says how long to wait: sooner is refused again, so "send now" waits too.
        const limited = error instanceof ApiError && error.retryAfter !== undefined ? error : undefined;
        const backoff = limited
          ? limited.retryAfter! * 1000
          : this.#retryAsked
            ? 0
            : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts - 1, 5));
        this.#retryAsked = false;
        const { problem: _, ...rest } = write;
        this.#replace({
          ...rest,
          attempts,
          nextAt: Date.now() + backoff,
          waiting: 'retry',
          ...(limited ? { problem: limited.text } : {}),
        });
        this.#schedule(backoff);
        return false;
      }
      if (error instanceof ApiError && error.status === 401) {
        this.#replace({ ...write, waiting: 'signed-out' });
        return true;
      }
      const apiError =
        error instanceof ApiError ? error : new ApiError(0, 'client-error', { en: String(error), ja: String(error) });
      this.#fail(write, apiError);
      return true;
    }
  }

  #rebased(write: PendingWrite): number | null {
    let version = write.version ?? null;
    const map = write.tournament === undefined ? undefined : this.#rebase[write.tournament];
    for (let hops = 0; version !== null && map && map[version] !== undefined && hops < 1000; hops++)
      version = map[version]!;
    return version;
  }

  #remember(tournament: string, from: number, to: number): void {
    const map: Record<string, number> = { ...this.#rebase[tournament], [from]: to };
    const recent: [string, number][] = Object.entries(map)
      .sort((a, b) => Number(b[0]) - Number(a[0]))
      .slice(0, 100);
    this.#rebase = { ...this.#rebase, [tournament]: Object.fromEntries(recent) as Record<string, number> };
    try {
      localStorage.setItem(REBASE_KEY, JSON.stringify(this.#rebase));
    } catch {
      // Without storage the map lives as long as the page.
    }
  }

  #replace(write: PendingWrite): void {
    this.#pending = this.#pending.map((w) => (w.key === write.key ? write : w));
    this.#changed();
  }

  #settle(write: PendingWrite, outcome: WriteOutcome): void {
    this.#pending = this.#pending.filter((w) => w.key !== write.key);
    this.#changed();
    this.#waiters.get(write.key)?.(outcome);
    this.#waiters.delete(write.key);
    for (const listener of this.#ackListeners) listener(write, outcome);
  }

  /**
   * A refused write is never sent again, and never dropped in silence. Refused at once, the
   * screen that made it shows the refusal beside the button; a write that waited in the queue
   * (made offline, retried) or whose screen is gone (sent after a reload) joins the refused list,
   * kept across reloads until the person decides what to do with it.
   */
  #fail(write: PendingWrite, error: ApiError): void {
    const queued = write.attempts > 0 || write.madeOffline === true;
    const failed: FailedWrite = {
      key: write.key,
      label: write.label,
      ...(write.tournament === undefined ? {} : { tournament: write.tournament }),
      request: { method: write.method, path: write.path, ...(write.body === undefined ? {} : { body: write.body }) },
      createdAt: write.createdAt,
      queued,
      status: error.status,
      code: error.code,
      text: error.text,
      at: Date.now(),
    };
    if (queued || !this.#waiters.has(write.key))
      this.#failed = [...this.#failed.filter((f) => f.key !== write.key), failed].slice(-MAX_FAILED);
    this.#settle(write, { ok: false, error, failed });
  }
}

/**
 * A write that could not even be queued (the browser lacks something, a screen's own code
 * threw), answered as a refusal so the screen that made it shows it.
 */
export function clientFailure(cause: unknown, write?: WriteRequest): WriteOutcome & { ok: false } {
  const message = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  const error = new ApiError(0, 'client-error', {
    en: `This device could not send it (${message})`,
    ja: `この端末から送信できませんでした（${message}）`,
  });
  const failed: FailedWrite = {
    key: `client-${Date.now()}`,
    label: write?.label ?? { key: 'venueNet.unsentWrite' },
    ...(write?.tournament === undefined ? {} : { tournament: write.tournament }),
    ...(write === undefined
      ? {}
      : {
          request: {
            method: write.method,
            path: write.path,
            ...(write.body === undefined ? {} : { body: write.body }),
          },
        }),
    createdAt: Date.now(),
    queued: false,
    status: 0,
    code: 'client-error',
    text: error.text,
    at: Date.now(),
  };
  return { ok: false, error, failed };
}

function loadRebase(): Record<string, Record<string, number>> {
  try {
    return JSON.parse(localStorage.getItem(REBASE_KEY) ?? '{}') as Record<string, Record<string, number>>;
  } catch {
    return {};
  }
}

export const outbox = new Outbox();
