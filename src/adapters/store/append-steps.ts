import type { Kysely } from 'kysely';
import {
  VersionConflictError,
  type AppendOptions,
  type AppendResult,
  type NewEvent,
  type StoredEvent,
} from '../../app/event-store.js';
import { eventsFingerprint, serializeData } from './event-rows.js';
import { replayOf } from './idempotency-keys.js';
import type { StoreSchema } from './store-schema.js';

/** An append checked and serialised before any transaction starts, so the transaction stays short. */
export interface PreparedAppend {
  readonly tournamentId: string;
  readonly expectedVersion: number;
  readonly events: readonly NewEvent[];
  readonly data: readonly string[];
  readonly idempotencyKey: string | undefined;
  readonly fingerprint: string | undefined;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters. */
const INSERT_CHUNK = 500;

/** Validates an append's arguments and serialises its data; throws TypeError/RangeError on misuse. */
export function prepareAppend(
  tournamentId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  options: AppendOptions = {},
): PreparedAppend {
  if (typeof tournamentId !== 'string' || tournamentId === '')
    throw new TypeError('tournament id must be a non-empty string');
  if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
    throw new RangeError(`expected version must be a whole number ≥ 0, got ${expectedVersion}`);
  }
  const key = options.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || key === ''))
    throw new TypeError('idempotency key must be a non-empty string');
  return {
    tournamentId,
    expectedVersion,
    events,
    data: events.map(serializeData),
    idempotencyKey: key,
    fingerprint: key === undefined ? undefined : (options.fingerprint ?? eventsFingerprint(events)),
  };
}

/**
 * The append on SQLite, run inside the caller's write transaction (BEGIN IMMEDIATE already
 * serializes writers): answer a known idempotency key from what it wrote, refuse a stale
 * version, then write events, version and key together. The key is looked up before the
 * version check on purpose: a retry carries the version its first attempt was decided on,
 * which that very attempt has since moved on. (PostgreSQL does the same steps in one
 * server-side function: postgres/append-function.ts.)
 */
export async function appendInTransaction(trx: Kysely<StoreSchema>, append: PreparedAppend): Promise<AppendResult> {
  const { tournamentId, expectedVersion, events, idempotencyKey, fingerprint } = append;
  const stream = await trx.selectFrom('streams').select('version').where('id', '=', tournamentId).executeTakeFirst();

  if (idempotencyKey !== undefined) {
    const earlier = await replayOf(trx, tournamentId, idempotencyKey, fingerprint);
    if (earlier) return earlier;
  }

  const actualVersion = stream?.version ?? 0;
  if (actualVersion !== expectedVersion) throw new VersionConflictError(tournamentId, expectedVersion, actualVersion);
  if (events.length === 0) return { version: actualVersion, events: [], replayed: false };

  const version = actualVersion + events.length;
  if (stream) await trx.updateTable('streams').set({ version }).where('id', '=', tournamentId).execute();
  else await trx.insertInto('streams').values({ id: tournamentId, version }).execute();

  // Global positions come from the writer, which is alone (PostgreSQL's identity column does it there).
  const last = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.max('position').as('last'))
    .executeTakeFirst();
  const position = Number(last?.last ?? 0);
  const stored: StoredEvent[] = events.map((event, i) => ({
    tournamentId,
    seq: actualVersion + i + 1,
    type: event.type,
    data: event.data,
    actor: event.actor,
    at: event.at,
  }));
  for (let start = 0; start < stored.length; start += INSERT_CHUNK) {
    const rows = stored.slice(start, start + INSERT_CHUNK).map((event, i) => ({
      position: position + start + i + 1,
      tournament_id: tournamentId,
      seq: event.seq,
      type: event.type,
      data: append.data[start + i] as string,
      actor: event.actor,
      at: event.at,
    }));
    await trx.insertInto('events').values(rows).execute();
  }

  if (idempotencyKey !== undefined && fingerprint !== undefined) {
    await trx
      .insertInto('idempotency_keys')
      .values({
        tournament_id: tournamentId,
        key: idempotencyKey,
        fingerprint,
        first_seq: actualVersion + 1,
        last_seq: version,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return { version, events: stored, replayed: false };
}
