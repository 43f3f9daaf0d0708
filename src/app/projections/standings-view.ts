import type { Making } from '../../core/making.js';
import { currentStandings, currentStandingsMaking } from '../../core/tournament/standings/current-standings.js';
import type { StandingsRow } from '../../core/tournament/standings/standings.js';
import type { Tournament } from '../../core/tournament/state.js';

/** Swiss standings after `round` (by default after every round played so far), from the current results. */
export function standingsAfter(t: Tournament, round: number = t.rounds.length): StandingsRow[] {
  return currentStandings(t, round);
}

/** `standingsAfter` made in pieces (core/making.ts), for a big tournament's public standings. */
export function standingsAfterMaking(t: Tournament, round: number = t.rounds.length): Making<StandingsRow[]> {
  return currentStandingsMaking(t, round);
}
