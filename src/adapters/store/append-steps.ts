import type { Kysely } from 'kysely';
import {
  VersionConflictError,
  type AppendOptions,
  type AppendResult,
  type NewEvent,
  type StoredEvent,
} from '../../app/event-store.js';
import { CompiledOnce, type Stand } from './compiled-once.js';
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

/*
 * The append's statements, compiled once (compiled-once.ts): an append is several of them, and
 * each built and compiled anew cost more CPU than SQLite took to run it.
 */
const streamVersion = new CompiledOnce((db: Kysely<StoreSchema>, [id]: readonly Stand[]) =>
  db.selectFrom('streams').select('version').where('id', '=', id!),
);
const moveStream = new CompiledOnce((db: Kysely<StoreSchema>, [id, version]: readonly Stand[]) =>
  db.updateTable('streams').set({ version: version! }).where('id', '=', id!),
);
const newStream = new CompiledOnce((db: Kysely<StoreSchema>, [id, version]: readonly Stand[]) =>
  db.insertInto('streams').values({ id: id!, version: version! }),
);
const lastPosition = new CompiledOnce((db: Kysely<StoreSchema>) =>
  db.selectFrom('events').select((eb) => eb.fn.max('position').as('last')),
);
/** The columns of an event row, in the order `insertEvents` takes its parameters. */
const EVENT_COLUMNS = ['position', 'tournament_id', 'seq', 'type', 'data', 'actor', 'at'] as const;
/** Rows of events: parameters are EVENT_COLUMNS for each row, one row after another (compiled per row count). */
const insertEvents = new CompiledOnce((db: Kysely<StoreSchema>, parameters: readonly Stand[]) =>
  db
    .insertInto('events')
    .values(
      Array.from({ length: parameters.length / EVENT_COLUMNS.length }, (_, row) =>
        Object.fromEntries(EVENT_COLUMNS.map((column, i) => [column, parameters[row * EVENT_COLUMNS.length + i]])),
      ) as never,
    ),
);
const newKey = new CompiledOnce((db: Kysely<StoreSchema>, p: readonly Stand[]) =>
  db.insertInto('idempotency_keys').values({
    tournament_id: p[0]!,
    key: p[1]!,
    fingerprint: p[2]!,
    first_seq: p[3]!,
    last_seq: p[4]!,
    created_at: p[5]!,
  }),
);

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
  const stream = await streamVersion.first(trx, [tournamentId]);

  if (idempotencyKey !== undefined) {
    const earlier = await replayOf(trx, tournamentId, idempotencyKey, fingerprint);
    if (earlier) return earlier;
  }

  const actualVersion = stream?.version ?? 0;
  if (actualVersion !== expectedVersion) throw new VersionConflictError(tournamentId, expectedVersion, actualVersion);
  if (events.length === 0) return { version: actualVersion, events: [], replayed: false };

  const version = actualVersion + events.length;
  await (stream ? moveStream : newStream).rows(trx, [tournamentId, version]);

  // Global positions come from the writer, which is alone (PostgreSQL's identity column does it there).
  const last = await lastPosition.first(trx, []);
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
    const rows = stored
      .slice(start, start + INSERT_CHUNK)
      .flatMap((event, i) => [
        position + start + i + 1,
        tournamentId,
        event.seq,
        event.type,
        append.data[start + i] as string,
        event.actor,
        event.at,
      ]);
    await insertEvents.rows(trx, rows);
  }

  if (idempotencyKey !== undefined && fingerprint !== undefined)
    await newKey.rows(trx, [
      tournamentId,
      idempotencyKey,
      fingerprint,
      actualVersion + 1,
      version,
      new Date().toISOString(),
    ]);
  return { version, events: stored, replayed: false };
}
