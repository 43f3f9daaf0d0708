import type { EventStore, StoredEvent } from '../event-store.js';
import type { TournamentEvent } from '../../core/tournament/events.js';
import { toTournamentEvent } from '../stored-events.js';

/** The tournament's whole log as stored (for hashing) and as domain events (for folding a prefix). */
export async function readLog(
  store: EventStore,
  tournamentId: string,
): Promise<{ stored: readonly StoredEvent[]; events: readonly TournamentEvent[] }> {
  const stored = await store.read(tournamentId);
  return { stored, events: stored.map(toTournamentEvent) };
}
