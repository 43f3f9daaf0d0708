import { decklistSettings } from '../../core/tournament/entry.js';
import { finalPlaces } from '../../core/tournament/prizes.js';
import type { FinalPlace } from '../../core/tournament/standings/final-ranking.js';
import type { Tournament } from '../../core/tournament/state.js';

/*
 * The organizer's publication of decklists, in one place for the published lists page and the
 * stream's overlays: once the tournament has finished, the top N of the final ranking or
 * everyone's; nothing before, nothing when the organizer chose none.
 */

/** The final places whose lists are published, in order; null while none are. */
export function publishedPlaces(t: Tournament): readonly FinalPlace[] | null {
  const scope = decklistSettings(t).publication;
  if (t.status !== 'finished' || scope === null) return null;
  const places = finalPlaces(t);
  return scope.kind === 'top' ? places.slice(0, scope.top) : places;
}

/** The players whose registered lists are published (empty while none are). */
export function publishedDecklistPlayers(t: Tournament): ReadonlySet<string> {
  return new Set((publishedPlaces(t) ?? []).map((place) => place.player));
}
