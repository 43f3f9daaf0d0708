import { randomUUID } from 'node:crypto';
import type { EventStore, StoredEvent } from '../../app/event-store.js';
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule } from '../../app/webhooks/retry-schedule.js';
import {
  STAFF_WEBHOOK_EVENTS,
  webhookEventsOf,
  webhookPayload,
  type WebhookEvent,
} from '../../app/webhooks/webhook-events.js';
import type { Tournament, TournamentState } from '../../core/tournament/state.js';
import { renderDelivery } from './delivery-formats.js';
import { postDelivery, type Attempt } from './send-request.js';
import type { Delivery, ReadyDelivery, Webhook, WebhookStore } from './webhook-store.js';

export interface DispatcherOptions {
  readonly webhooks: WebhookStore;
  readonly events: EventStore;
  /** The tournament's current state (the server's cached load). */
  readonly load: (tournamentId: string) => Promise<{ readonly state: TournamentState }>;
  readonly schedule?: RetrySchedule;
  /** Milliseconds since the epoch: when deliveries are due (tests move it). */
  readonly now?: () => number;
  /** How often the whole log and every queue are looked at, besides the append notices. */
  readonly sweepMs?: number;
  readonly timeoutMs?: number;
  /** Deliveries in flight at once, across endpoints. */
  readonly concurrency?: number;
  readonly onError?: (error: unknown) => void;
}

/** A process holds a delivery it sends this long: longer than any attempt may take. */
const LEASE_MS = 60_000;

/**
 * The outbox's two halves, in the server, off every write's path. The log is the outbox's
 * source: every event is committed by its write's own transaction, so nothing a write did can
 * be missed, and the write pays nothing for webhooks. Here, after an append notice from any
 * process (a CLI write on the same database included) or a sweep, the events past each
 * endpoint's cursor become stored deliveries (cursor moved in the same transaction); then the
 * head of each endpoint × tournament queue is sent, retried on the schedule until it is
 * delivered or given up, and only then the next one: at least once, in the log's order.
 */
export class WebhookDispatcher {
  readonly #o: Required<Omit<DispatcherOptions, 'onError'>> & Pick<DispatcherOptions, 'onError'>;
  readonly #noticed = new Set<string>();
  #sweepAll = true;
  #running: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #sweeper: NodeJS.Timeout | null = null;
  #stopListening: (() => void) | null = null;
  #stopped = false;

  constructor(options: DispatcherOptions) {
    this.#o = {
      schedule: DEFAULT_RETRY_SCHEDULE,
      now: Date.now,
      sweepMs: 30_000,
      timeoutMs: 10_000,
      concurrency: 4,
      ...options,
    };
  }

  start(): void {
    this.#stopListening = this.#o.events.onAppended(({ tournamentId }) => {
      this.#noticed.add(tournamentId);
      this.kick();
    });
    this.#sweeper = setInterval(() => {
      this.#sweepAll = true;
      this.kick();
    }, this.#o.sweepMs);
    this.kick();
  }

  /** Looks again now (after an endpoint was added, or a test moved the clock). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running !== null) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass()
      .catch((error: unknown) => this.#o.onError?.(error))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Resolves once nothing is left to do for now (tests wait on it after a kick). */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopListening?.();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#sweeper) clearInterval(this.#sweeper);
    await this.idle();
  }

  async #pass(): Promise<void> {
    const endpoints = await this.#o.webhooks.list();
    if (endpoints.length > 0) await this.#makeReady(endpoints);
    else {
      this.#noticed.clear();
      this.#sweepAll = false;
    }
    await this.#send(new Map(endpoints.map((e) => [e.id, e])));
  }

  /** Turns the log past each endpoint's cursor into stored deliveries. */
  async #makeReady(endpoints: readonly Webhook[]): Promise<void> {
    let tournaments: ReadonlyMap<string, number | undefined>;
    if (this.#sweepAll) {
      this.#sweepAll = false;
      this.#noticed.clear();
      tournaments = new Map((await this.#o.events.streamVersions()).map((s) => [s.id, s.version]));
    } else {
      tournaments = new Map([...this.#noticed].map((id) => [id, undefined]));
      this.#noticed.clear();
    }
    for (const [tournamentId, version] of tournaments) {
      const mine = endpoints.filter((e) => e.tournament === null || e.tournament === tournamentId);
      if (mine.length === 0) continue;
      const cursors = await this.#o.webhooks.cursors(tournamentId);
      const behind = mine.filter((e) => version === undefined || (cursors.get(e.id) ?? 0) < version);
      if (behind.length === 0) continue;
      const from = Math.min(...behind.map((e) => cursors.get(e.id) ?? 0));
      const events = await this.#o.events.read(tournamentId, from);
      if (events.length === 0) continue;
      const to = events[events.length - 1]!.seq;
      const { state } = await this.#o.load(tournamentId);
      if (state.status === 'none') continue;
      const nowMs = this.#o.now();
      const at = new Date(nowMs).toISOString();
      for (const endpoint of behind) {
        const cursor = cursors.get(endpoint.id) ?? 0;
        if (cursor >= to) continue;
        const ready = readyDeliveries(endpoint, events, cursor, state);
        await this.#o.webhooks.ready(endpoint.id, tournamentId, cursor, to, ready, nowMs, at);
      }
    }
  }

  /** Sends every due queue head, each queue's next one after it, until nothing is due; then waits for the next due time. */
  async #send(endpoints: ReadonlyMap<string, Webhook>): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const nowMs = this.#o.now();
      const heads = await this.#o.webhooks.heads();
      const due = heads.filter((h) => h.nextAt <= nowMs && endpoints.has(h.webhook));
      if (due.length === 0) {
        const next = Math.min(...heads.filter((h) => endpoints.has(h.webhook)).map((h) => h.nextAt));
        if (this.#timer) clearTimeout(this.#timer);
        if (Number.isFinite(next))
          this.#timer = setTimeout(() => this.kick(), Math.min(Math.max(next - nowMs, 10), this.#o.sweepMs));
        return;
      }
      let sent = 0;
      for (let i = 0; i < due.length; i += this.#o.concurrency) {
        const batch = due.slice(i, i + this.#o.concurrency);
        const results = await Promise.all(batch.map((d) => this.#attempt(endpoints.get(d.webhook)!, d)));
        sent += results.filter(Boolean).length;
      }
      // Nothing could be taken (another process holds them): look again when its lease or the sweep ends.
      if (sent === 0) {
        if (this.#timer) clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.kick(), Math.min(LEASE_MS, this.#o.sweepMs));
        return;
      }
    }
  }

  /** One attempt at one delivery; false when another process holds it. */
  async #attempt(endpoint: Webhook, delivery: Delivery): Promise<boolean> {
    const { webhooks, schedule } = this.#o;
    const startedAt = this.#o.now();
    if (!(await webhooks.claim(delivery.id, startedAt, LEASE_MS))) return false;
    const outgoing = renderDelivery(endpoint, delivery, startedAt);
    const result: Attempt = await postDelivery(endpoint.url, outgoing.body, outgoing.headers, {
      allowPrivate: endpoint.allowPrivate,
      timeoutMs: this.#o.timeoutMs,
    });
    const endedAt = this.#o.now();
    if (result.ok) {
      await webhooks.delivered(delivery.id, result.code, new Date(endedAt).toISOString());
      return true;
    }
    const first = delivery.firstAttemptAt ?? startedAt;
    const giveUp = endedAt - first >= schedule.giveUpAfterMs;
    await webhooks.attemptFailed(delivery.id, result, first, endedAt + schedule.delayMs(delivery.attempts + 1), giveUp);
    return true;
  }
}

/** The deliveries an endpoint gets from the events after its cursor. */
export function readyDeliveries(
  endpoint: Webhook,
  events: readonly StoredEvent[],
  cursor: number,
  state: Tournament,
): ReadyDelivery[] {
  const wanted = new Set<WebhookEvent>(endpoint.events.filter((e) => endpoint.staff || !STAFF_WEBHOOK_EVENTS.has(e)));
  const ready: ReadyDelivery[] = [];
  for (const event of events) {
    if (event.seq <= cursor) continue;
    webhookEventsOf(event).forEach((name, ord) => {
      if (!wanted.has(name)) return;
      ready.push({
        id: randomUUID(),
        seq: event.seq,
        ord,
        event: name,
        payload: JSON.stringify(webhookPayload(name, event, state)),
      });
    });
  }
  return ready;
}
