import { TOURNAMENT_EVENT_TYPES, type TournamentEvent, type TournamentEventType } from '../core/tournament/events.js';
import type { NewEvent, StoredEvent } from './event-store.js';

/*
 * The one crossing between the store's envelopes and the domain's events. The store keeps the
 * time and the actor on the envelope; the domain event carries the time as `at`.
 */

/** The envelope to append for a decided event, signed by the acting user. */
export const toNewEvent = (event: TournamentEvent, actor: string): NewEvent => ({
  type: event.type,
  data: event.data,
  actor,
  at: event.at,
});

/** The domain event in a stored envelope; throws on a type this version does not know, naming where it is. */
export function toTournamentEvent(stored: StoredEvent): TournamentEvent {
  if (!TOURNAMENT_EVENT_TYPES.includes(stored.type as TournamentEventType)) {
    throw new Error(
      `tournament ${stored.tournamentId}, event ${stored.seq}: unknown event type "${stored.type}" (written by a newer shinpan?)`,
    );
  }
  return { type: stored.type, data: stored.data, at: stored.at } as TournamentEvent;
}
