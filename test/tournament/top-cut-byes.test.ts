import { describe, expect, it } from 'vitest';
import { matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import { finalPlaces } from '../../src/core/tournament/prizes.js';
import type { RoundPaired } from '../../src/core/tournament/events.js';
import type { TournamentState } from '../../src/core/tournament/state.js';
import {
  created,
  en,
  ended,
  given,
  meta,
  registered,
  reported,
  run,
  settings,
  PACK,
  swissRound,
  thenError,
  thenEvents,
  type GivenEvent,
} from './fixtures.js';

/*
 * A top cut that is not a power of two (top 6, top 12): only where the organizer asks for
 * byes (`topCutByes`) do the top seeds fill the bracket with a first-round bye; otherwise the
 * size is refused and the error says it is not a power of two.
 */

const create = (structure: Parameters<typeof settings>[0]) =>
  ({
    type: 'CreateTournament',
    data: { tournamentId: 't1', settings: settings(structure), pack: PACK },
    meta: meta('organizer'),
  }) as const;
const pair = (round: number) => ({ type: 'PairRound', data: { round }, meta: meta('scorekeeper') }) as const;
const report = (round: number, table: number, duels: string[]) =>
  ({ type: 'ReportResult', data: { round, table, duels }, meta: meta('judge') }) as const;
const end = (round: number) => ({ type: 'EndRound', data: { round }, meta: meta('scorekeeper') }) as const;
const pairing = (events: GivenEvent[]): RoundPaired['data'] => {
  const e = events[0];
  if (e?.type !== 'RoundPaired') throw new Error('expected RoundPaired');
  return e.data as RoundPaired['data'];
};

/** Eight players, one Swiss round: a, c, e, g win. */
const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const swiss = (structure: Parameters<typeof created>[0]): GivenEvent[] => [
  created(structure),
  ...players.map((id) => registered(id)),
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
    ['e', 'f'],
    ['g', 'h'],
  ]),
  ...[1, 2, 3, 4].map((table) => {
    const winner = players[(table - 1) * 2]!;
    return reported(1, table, [winner, winner]);
  }),
  ended(1),
];

/** The Swiss standings order, the seeds of the top cut. */
function seeds(state: TournamentState): string[] {
  if (state.status === 'none') throw new Error('no tournament');
  return computeStandings(standingsPlayers(state), matchRecords(state)).map((row) => row.player);
}

describe('a top cut that is not a power of two', () => {
  it('is refused without byes, saying it is not a power of two and naming the field', () => {
    const details = thenError(given(), create({ kind: 'swiss', rounds: 1, topCut: 6 }), 'invalid-command');
    expect(details.field).toBe('settings.structure.topCut');
    expect(en(details.problem)).toContain('a top 6 is not a power of two');
    expect(en(details.problem)).toContain('byes');
  });

  it('is refused over 256 or below 2 even with byes', () => {
    for (const topCut of [1, 257, 6.5])
      expect(
        thenError(given(), create({ kind: 'swiss', rounds: 1, topCut, topCutByes: true }), 'invalid-command').field,
      ).toBe('settings.structure.topCut');
  });

  it('top 6 with byes: seeds 1 and 2 have a first-round bye, 3 v 6 and 4 v 5 play', () => {
    const state = given(...swiss({ kind: 'swiss', rounds: 1, topCut: 6, topCutByes: true }));
    const s = seeds(state);
    const first = pairing(thenEvents(state, pair(2)));
    expect(first.stage).toBe('top-cut');
    expect(first.byes).toEqual([s[0], s[1]]);
    // Bracket order 1 v 8, 4 v 5, 2 v 7, 3 v 6: the missing seeds 7 and 8 are the byes.
    expect(first.matches.map((m) => m.players)).toEqual([
      [s[3], s[4]],
      [s[2], s[5]],
    ]);
    expect(first.bracket).toEqual([
      { kind: 'bye', player: s[0] },
      { kind: 'match', table: 1 },
      { kind: 'bye', player: s[1] },
      { kind: 'match', table: 2 },
    ]);
  });

  it('plays on to a final: the seeds with the bye meet the winners, and the places follow the bracket', () => {
    let state = given(...swiss({ kind: 'swiss', rounds: 1, topCut: 6, topCutByes: true }));
    const s = seeds(state);
    state = run(state, pair(2));
    state = run(state, report(2, 1, [s[4]!, s[4]!])); // seed 5 beats seed 4
    state = run(state, report(2, 2, [s[2]!, s[2]!])); // seed 3 beats seed 6
    state = run(state, end(2));
    const semis = pairing(thenEvents(state, pair(3)));
    expect(semis.byes).toEqual([]);
    expect(semis.matches.map((m) => m.players)).toEqual([
      [s[0], s[4]],
      [s[1], s[2]],
    ]);
    state = run(state, pair(3));
    state = run(state, report(3, 1, [s[0]!, s[0]!]));
    state = run(state, report(3, 2, [s[2]!, s[2]!]));
    state = run(state, end(3));
    state = run(state, pair(4));
    state = run(state, report(4, 1, [s[2]!, s[2]!]));
    state = run(state, end(4));
    if (state.status === 'none') throw new Error('no tournament');
    expect(
      finalPlaces(state)
        .slice(0, 2)
        .map((p) => p.player),
    ).toEqual([s[2], s[0]]);
  });

  it('a power of two with byes asked for has no byes: top 4 pairs 1 v 4 and 2 v 3', () => {
    const state = given(...swiss({ kind: 'swiss', rounds: 1, topCut: 4, topCutByes: true }));
    const s = seeds(state);
    const first = pairing(thenEvents(state, pair(2)));
    expect(first.byes).toEqual([]);
    expect(first.matches.map((m) => m.players)).toEqual([
      [s[0], s[3]],
      [s[1], s[2]],
    ]);
  });
});
