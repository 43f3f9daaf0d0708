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
import { accepted, renderDelivery } from './delivery-formats.js';
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
  /** How long after an append notice the log is read (appends meanwhile are read with it). */
  readonly gatherMs?: number;
  readonly timeoutMs?: number;
  /** Deliveries in flight at once, across endpoints. */
  readonly concurrency?: number;
  readonly onError?: (error: unknown) => void;
  /** Where the public pages are, for the links of Discord and LINE posts (null: no links). */
  readonly publicUrl?: string | null;
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
  #gather: NodeJS.Timeout | null = null;
  #sweeper: NodeJS.Timeout | null = null;
  #stopListening: (() => void) | null = null;
  #stopped = false;
  /** Queues (endpoint × tournament) with an attempt under way, and those attempts. */
  readonly #inFlight = new Set<string>();
  readonly #attempts = new Set<Promise<void>>();
  /** Queues whose head another process was sending: not before then. */
  readonly #heldElsewhere = new Map<string, number>();
  /** Ends the attempts under way when the server stops (they are tried again by the next start). */
  readonly #stopping = new AbortController();

  constructor(options: DispatcherOptions) {
    this.#o = {
      schedule: DEFAULT_RETRY_SCHEDULE,
      now: Date.now,
      sweepMs: 30_000,
      gatherMs: 200,
      publicUrl: null,
      timeoutMs: 10_000,
      concurrency: 16,
      ...options,
    };
  }

  start(): void {
    this.#stopListening = this.#o.events.onAppended(({ tournamentId }) => {
      this.#noticed.add(tournamentId);
      // Appends in a burst are made ready together: one transaction of the webhook tables for
      // many writes, so a busy floor's writes do not take turns with ours for the database.
      this.#gather ??= setTimeout(() => {
        this.#gather = null;
        this.kick();
      }, this.#o.gatherMs);
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
    if (this.#gather) clearTimeout(this.#gather);
    if (this.#sweeper) clearInterval(this.#sweeper);
    await this.idle();
    this.#stopping.abort();
    await Promise.all(this.#attempts);
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
      const batches = behind.flatMap((endpoint) => {
        const cursor = cursors.get(endpoint.id) ?? 0;
        if (cursor >= to) return [];
        return [{ webhookId: endpoint.id, from: cursor, deliveries: readyDeliveries(endpoint, events, cursor, state) }];
      });
      if (batches.length > 0) await this.#o.webhooks.ready(tournamentId, to, batches, nowMs, at);
    }
  }

  /**
   * Starts an attempt at every due queue head whose queue has none in flight, up to
   * `concurrency` at once; each queue's attempts are independent, so an endpoint that never
   * answers holds only its own queues. A finished attempt looks again (its queue's next head).
   */
  async #send(endpoints: ReadonlyMap<string, Webhook>): Promise<void> {
    if (this.#stopped) return;
    const nowMs = this.#o.now();
    const heads = await this.#o.webhooks.heads();
    let next = Number.POSITIVE_INFINITY;
    for (const head of heads) {
      const endpoint = endpoints.get(head.webhook);
      const key = `${head.webhook}\n${head.tournament}`;
      if (!endpoint || this.#inFlight.has(key)) continue;
      const notBefore = Math.max(head.nextAt, this.#heldElsewhere.get(key) ?? 0);
      if (notBefore > nowMs) {
        next = Math.min(next, notBefore);
        continue;
      }
      if (this.#inFlight.size >= this.#o.concurrency) break;
      this.#inFlight.add(key);
      const attempt = this.#attempt(endpoint, head)
        .then((taken) => {
          if (taken) this.#heldElsewhere.delete(key);
          // Another process holds it: this one looks again when that lease would have ended.
          else this.#heldElsewhere.set(key, this.#o.now() + LEASE_MS);
        })
        .catch((error: unknown) => this.#o.onError?.(error))
        .finally(() => {
          this.#inFlight.delete(key);
          this.#attempts.delete(attempt);
          this.kick();
        });
      this.#attempts.add(attempt);
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (Number.isFinite(next))
      this.#timer = setTimeout(() => this.kick(), Math.min(Math.max(next - nowMs, 10), this.#o.sweepMs));
  }

  /** One attempt at one delivery; false when another process holds it. */
  async #attempt(endpoint: Webhook, delivery: Delivery): Promise<boolean> {
    const { webhooks, schedule } = this.#o;
    const startedAt = this.#o.now();
    if (!(await webhooks.claim(delivery.id, startedAt, LEASE_MS))) return false;
    const outgoing = renderDelivery(endpoint, delivery, startedAt, this.#o.publicUrl);
    const result: Attempt = await postDelivery(endpoint.url, outgoing.body, outgoing.headers, {
      allowPrivate: endpoint.allowPrivate,
      timeoutMs: this.#o.timeoutMs,
      signal: this.#stopping.signal,
      accepted: (code) => accepted(endpoint, code),
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
