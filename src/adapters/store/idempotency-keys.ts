import type { Kysely } from 'kysely';
import { swallowed } from '../operational-notices.js';
import { IdempotencyKeyReuseError, type AppendResult, type StoredEvent } from '../../app/event-store.js';
import { CompiledOnce, type Stand } from './compiled-once.js';
import { eventFromRow } from './event-rows.js';
import type { StoreSchema } from './store-schema.js';

/*
 * The idempotency keys, the same on both stores: what a key wrote is its answer (the events
 * it appended and the version after them), so any process answers a retry from the database.
 */

/** How long a key is kept when the configuration says nothing: a week covers a retry after any outage of an event. */
export const DEFAULT_KEY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** How often a store prunes old keys while appending. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** What a key wrote, looked up before every append that carries one (compiled once: compiled-once.ts). */
const keyRow = new CompiledOnce((db: Kysely<StoreSchema>, [tournamentId, key]: readonly Stand[]) =>
  db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'first_seq', 'last_seq'])
    .where('tournament_id', '=', tournamentId!)
    .where('key', '=', key!),
);

/** The first write under this key, replayed; throws when the key was used for another request; undefined when new. */
export async function replayOf(
  db: Kysely<StoreSchema>,
  tournamentId: string,
  idempotencyKey: string,
  fingerprint: string | undefined,
): Promise<AppendResult | undefined> {
  const earlier = await keyRow.first(db, [tournamentId, idempotencyKey]);
  if (!earlier) return undefined;
  if (earlier.fingerprint !== fingerprint) throw new IdempotencyKeyReuseError(idempotencyKey);
  return {
    version: earlier.last_seq,
    events: await eventsBetween(db, tournamentId, earlier.first_seq, earlier.last_seq),
    replayed: true,
  };
}

/** The events a key wrote: seq `from` to `to`, both included. */
export async function eventsBetween(
  db: Kysely<StoreSchema>,
  tournamentId: string,
  from: number,
  to: number,
): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['tournament_id', 'seq', 'type', 'data', 'actor', 'at'])
    .where('tournament_id', '=', tournamentId)
    .where('seq', '>=', from)
    .where('seq', '<=', to)
    .orderBy('seq')
    .execute();
  return rows.map(eventFromRow);
}

/** Deletes keys written before `before`; returns how many. */
export async function pruneKeys(db: Kysely<StoreSchema>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Prunes at most once per PRUNE_EVERY_MS, on the write path rather than a timer, so a store
 * nobody writes to does no work and nothing is left running when it closes.
 */
export class KeyPruner {
  #last = 0;

  constructor(
    private readonly retentionMs: number,
    private readonly prune: (before: Date) => Promise<number>,
  ) {
    if (!Number.isFinite(retentionMs) || retentionMs <= 0)
      throw new RangeError(`idempotency key retention must be a positive time, got ${retentionMs} ms`);
  }

  /** Called after each append; errors are left to the next run (the keys are only kept longer). */
  async maybePrune(now = Date.now()): Promise<void> {
    if (now - this.#last < PRUNE_EVERY_MS) return;
    this.#last = now;
    await this.prune(new Date(now - this.retentionMs)).catch(swallowed('idempotency-key-pruning-failed'));
  }
}
