import { matchRecords } from './match-results.js';
import type { SwissPlayer } from './pairing/swiss-field.js';
import { currentStandings } from './standings/current-standings.js';
import { cutAfter, departures } from './state-queries.js';
import type { Tournament } from './state.js';

/**
 * Who the Swiss pairing of `round` sees, as the tournament stands before that round is paired:
 * the players still in (not dropped, not cut, entered by then) in standings order, with their
 * points, everyone they met and whether they had a bye. One home for both the pairing and the
 * explanation of a pairing made earlier (which folds the log up to that round and asks again).
 */
export function swissPairingPlayers(t: Tournament, round: number): SwissPlayer[] {
  const { dropped } = departures(t);
  const cut = cutAfter(t);
  const inRound = new Set(
    t.players.filter((p) => !dropped.has(p.id) && !cut.has(p.id) && p.entryRound <= round).map((p) => p.id),
  );
  const records = matchRecords(t).filter((m) => m.stage === 'swiss');
  const opponents = new Map<string, string[]>();
  const hadBye = new Set<string>();
  for (const m of records) {
    if (m.outcome.kind === 'bye') hadBye.add(m.players[0]);
    if (m.players.length !== 2) continue;
    const [a, b] = m.players;
    for (const [p, q] of [
      [a, b],
      [b, a],
    ] as const) {
      const met = opponents.get(p);
      if (met) met.push(q);
      else opponents.set(p, [q]);
    }
  }
  return currentStandings(t)
    .filter((row) => inRound.has(row.player))
    .map((row) => ({
      id: row.player,
      points: row.points,
      opponents: opponents.get(row.player) ?? [],
      hadBye: hadBye.has(row.player),
    }));
}
