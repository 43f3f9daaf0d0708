import type { Kysely } from 'kysely';
import type { StoredEvent } from '../../app/event-store.js';
import { eventFromRow } from './event-rows.js';
import type { StoreSchema } from './store-schema.js';

/** Every tournament with its version, oldest first: the same query on both stores. */
export function listTournaments(
  db: Kysely<StoreSchema>,
): Promise<readonly { readonly id: string; readonly version: number }[]> {
  return db
    .selectFrom('streams as s')
    .innerJoin('events as e', (join) => join.onRef('e.tournament_id', '=', 's.id').on('e.seq', '=', 1))
    .select(['s.id', 's.version'])
    .orderBy('e.position')
    .execute();
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
