import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoopTurns } from './loop-turns.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../../app/event-store.js';
import type { LiveHub } from './live/live-hub.js';
import { HttpError } from './errors.js';
import { M } from './messages/errors.js';
import { isWarmUp } from './warm-up.js';

/*
 * GET /metrics: Prometheus text (prom-client) for the hosted service, only with
 * `Authorization: Bearer $SHINPAN_METRICS_TOKEN`; without the variable the route answers 404
 * as any unknown path. One registry per server (tests run several in one process). What each
 * series means and what to watch is in docs/operations.md#metrics.
 */

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({
    name: 'shinpan_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their durations',
    labelNames: ['route', 'method', 'status'],
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly appends = new Histogram({
    name: 'shinpan_event_append_seconds',
    help: 'Appends to the event log (a write, or a locked turn on PostgreSQL) until durable, by outcome',
    labelNames: ['outcome'],
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly events = new Counter({
    name: 'shinpan_events_appended_total',
    help: 'Events appended to the log',
    registers: [this.registry],
  });
  readonly turnWaits = new Histogram({
    name: 'shinpan_postgres_locked_turn_seconds',
    help: "PostgreSQL locked turns (two processes writing one tournament): waiting for the tournament's lock, reading, appending",
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly replays = new Counter({
    name: 'shinpan_idempotent_replays_total',
    help: 'Retried writes answered from their idempotency key (nothing written again)',
    registers: [this.registry],
  });
  readonly refusals = new Counter({
    name: 'shinpan_refusals_total',
    help: 'Requests refused, by error code',
    labelNames: ['code', 'status'],
    registers: [this.registry],
  });

  /** Counts the hub's open streams from now on (the hub is the server's, made after the store is measured). */
  watchStreams(hub: LiveHub): void {
    new Gauge({
      name: 'shinpan_live_streams_open',
      help: 'Live update streams open now, by audience',
      labelNames: ['audience'],
      registers: [this.registry],
      collect() {
        const open = hub.openStreams();
        this.set({ audience: 'staff' }, open.staff);
        this.set({ audience: 'public' }, open.public);
      },
    });
  }

  /** Counts the requests waiting for their turn on the event loop, and how many a turn lets in (loop-turns.ts). */
  watchTurns(turns: LoopTurns): void {
    new Gauge({
      name: 'shinpan_http_requests_waiting',
      help: 'Requests read and waiting for their turn on the event loop',
      registers: [this.registry],
      collect() {
        this.set(turns.waiting);
      },
    });
    new Gauge({
      name: 'shinpan_http_requests_per_turn',
      help: 'Requests let into their handlers per turn of the event loop now (fewer while turns run long)',
      registers: [this.registry],
      collect() {
        this.set(turns.group);
      },
    });
  }

  constructor() {
    // Event-loop delay (nodejs_eventloop_lag_*), heap, CPU, handles.
    collectDefaultMetrics({ register: this.registry });
  }

  /** The store, its appends, replays and locked turns timed; everything else passed through. */
  measure(store: EventStore): EventStore {
    const time = async <T>(histogram: Histogram<string>, work: () => Promise<T>, label?: (value: T) => string) => {
      const end = histogram.startTimer();
      try {
        const value = await work();
        end(label ? { outcome: label(value) } : {});
        return value;
      } catch (error) {
        end(label ? { outcome: 'refused' } : {});
        throw error;
      }
    };
    const measured: Partial<EventStore> = {
      append: (id, version, events, options) =>
        time(
          this.appends,
          async () => {
            const result = await store.append(id, version, events, options);
            if (result.replayed) this.replays.inc();
            else this.events.inc(result.events.length);
            return result;
          },
          (r) => (r.replayed ? 'replayed' : 'written'),
        ),
      replay: async (id, key, fingerprint) => {
        const result = await store.replay(id, key, fingerprint);
        if (result !== undefined) this.replays.inc();
        return result;
      },
    };
    if (store.lockedTurn) {
      const lockedTurn = store.lockedTurn.bind(store);
      measured.lockedTurn = (id, afterSeq, decide) =>
        time(this.turnWaits, async () => {
          const results = await lockedTurn(id, afterSeq, decide);
          for (const r of results) {
            if (r.status !== 'fulfilled') continue;
            if (r.value.replayed) this.replays.inc();
            else this.events.inc(r.value.events.length);
          }
          return results;
        });
    }
    return new Proxy(store, {
      get(target, property) {
        if (Object.hasOwn(measured, property)) return measured[property as keyof EventStore];
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** The request timing hook and the /metrics route. */
  register(app: FastifyInstance, token: string | undefined): void {
    app.addHook('onResponse', async (request, reply) => {
      if (isWarmUp(request)) return;
      this.requests.observe(
        { route: request.routeOptions.url ?? 'none', method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (expected === undefined) {
        const answer = new HttpError(404, 'not-found', M.text('no-route', { route: 'GET /metrics' }));
        return reply.code(404).send(answer.body());
      }
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
      }
      return reply.type(this.registry.contentType).send(await this.registry.metrics());
    });
  }

  /** A refusal answered (4xx with an error code): counted by code. */
  refused(code: string, status: number): void {
    this.refusals.inc({ code, status: String(status) });
  }
}
