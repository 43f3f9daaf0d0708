import type { EventStore, StoredEvent } from './event-store.js';

/*
 * Carrying a tournament's log from one store to another (a copy, a move, a frozen release's
 * log loaded into PostgreSQL): the events as stored, same seq, type, data, actor and time, so
 * the copy's `shinpan-log/1` digest is the source's.
 */

/** Events per append: big logs go over in bounded transactions, each checked on its version. */
export const TRANSFER_CHUNK = 1_000;

/**
 * Appends `events` (the tournament's log from seq `from + 1`, in order) to `store`, whose
 * stream must be at version `from`; refuses a gap or another tournament's event, naming it.
 */
export async function appendLog(
  store: EventStore,
  tournamentId: string,
  events: readonly StoredEvent[],
  from = 0,
): Promise<number> {
  let version = from;
  for (let start = 0; start < events.length; start += TRANSFER_CHUNK) {
    const chunk = events.slice(start, start + TRANSFER_CHUNK);
    for (const [i, e] of chunk.entries()) {
      if (e.tournamentId !== tournamentId || e.seq !== version + i + 1) {
        throw new Error(
          `the log of ${tournamentId} is not in order: expected seq ${version + i + 1} of ${tournamentId}, found seq ${e.seq} of ${e.tournamentId}`,
        );
      }
    }
    const result = await store.append(
      tournamentId,
      version,
      chunk.map((e) => ({ type: e.type, data: e.data, actor: e.actor, at: e.at })),
    );
    version = result.version;
  }
  return version;
}
