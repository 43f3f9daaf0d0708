import type { Kysely } from 'kysely';
import type { StoredEvent } from '../../app/event-store.js';
import { eventFromRow } from './event-rows.js';
import type { StoreSchema } from './store-schema.js';

/**
 * Streams that are not tournaments (series, player links: app/series-service.ts) have a colon in
 * their id, which no tournament id has; the tournament lists leave them out.
 */
const OTHER_STREAMS = '%:%';

/**
 * Every tournament with its version, oldest first: the same query on both stores. Each stream
 * looks up its own first event by key: a join ordered by position walked every event ever
 * written, growing with the log (docs/performance.md).
 */
export function listTournaments(
  db: Kysely<StoreSchema>,
): Promise<readonly { readonly id: string; readonly version: number }[]> {
  return listTournamentsQuery(db).execute();
}

/** The query of `listTournaments`, for a test to read its plan. */
export function listTournamentsQuery(db: Kysely<StoreSchema>) {
  return db
    .selectFrom('streams as s')
    .select(['s.id', 's.version'])
    .where('s.id', 'not like', OTHER_STREAMS)
    .orderBy((eb) =>
      eb.selectFrom('events as e').select('e.position').whereRef('e.tournament_id', '=', 's.id').where('e.seq', '=', 1),
    )
    .orderBy('s.id');
}

/** Ids per statement when tournaments are looked up by id (SQLite binds at most 32,766 values). */
const IDS_PER_STATEMENT = 1_000;

/**
 * Where each of `ids` begins in the log (its first event's position, by key): the list's order,
 * read for the tournaments it has not placed yet, where reading every tournament's cost the
 * list a read of them all for each one created.
 */
export async function firstPositions(
  db: Kysely<StoreSchema>,
  ids: readonly string[],
): Promise<readonly { readonly id: string; readonly position: number }[]> {
  const found: { id: string; position: number }[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const rows = await db
      .selectFrom('events')
      .select(['tournament_id', 'position'])
      .where('seq', '=', 1)
      .where('tournament_id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
      .execute();
    for (const row of rows) found.push({ id: row.tournament_id, position: Number(row.position) });
  }
  return found;
}

/** Every tournament with its version, in no given order: one read of the streams table. */
export function streamVersions(
  db: Kysely<StoreSchema>,
): Promise<readonly { readonly id: string; readonly version: number }[]> {
  return db.selectFrom('streams').select(['id', 'version']).where('id', 'not like', OTHER_STREAMS).execute();
}

/** Events of these types across tournaments, in append order: the same query on both stores. */
export async function readByTypes(db: Kysely<StoreSchema>, types: readonly string[]): Promise<readonly StoredEvent[]> {
  if (types.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select(['tournament_id', 'seq', 'type', 'data', 'actor', 'at'])
    .where('type', 'in', [...types])
    .orderBy('position')
    .execute();
  return rows.map(eventFromRow);
}

/** A stream's summary as stored, with the version it describes (see `EventStore.readSummaries`). */
export interface StoredSummary {
  readonly id: string;
  readonly version: number;
  readonly summary: string;
}

/** The stored summaries of `ids` (every one when absent): one read of a table with a row per tournament. */
export async function readSummaries(
  db: Kysely<StoreSchema>,
  ids?: readonly string[],
): Promise<readonly StoredSummary[]> {
  const query = db.selectFrom('stream_summaries').select(['id', 'version', 'summary']);
  if (ids === undefined) return query.execute();
  const rows: StoredSummary[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT)
    rows.push(...(await query.where('id', 'in', ids.slice(i, i + IDS_PER_STATEMENT)).execute()));
  return rows;
}

/** Stores summaries in one statement; a row never replaces one for a newer version (another process may have written it). */
export async function writeSummaries(db: Kysely<StoreSchema>, rows: readonly StoredSummary[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('stream_summaries')
    .values(rows.map(({ id, version, summary }) => ({ id, version, summary })))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), summary: eb.ref('excluded.summary') }))
        .where('stream_summaries.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}
