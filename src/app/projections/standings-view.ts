import { matchRecords, standingsPlayers } from '../../core/tournament/match-results.js';
import { computeStandings, type StandingsRow } from '../../core/tournament/standings/standings.js';
import type { Tournament } from '../../core/tournament/state.js';

/** Swiss standings after `round` (by default after every round played so far), from the current results. */
export function standingsAfter(t: Tournament, round: number = t.rounds.length): StandingsRow[] {
  const records = matchRecords(t).filter((m) => m.stage === 'swiss' && m.round <= round);
  return computeStandings(standingsPlayers(t, round), records);
}
