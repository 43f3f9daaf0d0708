import { describe, expect, it } from 'vitest';
import { matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { finalPlaces } from '../../src/core/tournament/prizes.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { TournamentState } from '../../src/core/tournament/state.js';
import {
  created,
  ended,
  given,
  meta,
  registered,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
  type GivenEvent,
} from './fixtures.js';
import { issue } from './penalty-fixtures.js';

/*
 * Cuts of the Swiss field after a round: by record ("out at two losses", X-2 to day two) and
 * by rank (top N). Who leaves is decided from the standings as they stood, players dropped or
 * disqualified are passed over, and those cut rank below everyone still in.
 */

const singles = { stages: { swiss: { bestOf: 1 as const, roundMinutes: 25 } } };
const eight = [
  created({ kind: 'swiss', rounds: 4, topCut: 4 }, singles),
  ...'abcdefgh'.split('').map((p) => registered(p)),
];
// After two rounds: a and e 2-0; b, c, f, g 1-1; d and h 0-2.
const twoRounds: GivenEvent[] = [
  ...eight,
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
    ['e', 'f'],
    ['g', 'h'],
  ]),
  reported(1, 1, ['a']),
  reported(1, 2, ['c']),
  reported(1, 3, ['e']),
  reported(1, 4, ['g']),
  ended(1),
  swissRound(2, [
    ['a', 'c'],
    ['e', 'g'],
    ['b', 'd'],
    ['f', 'h'],
  ]),
  reported(2, 1, ['a']),
  reported(2, 2, ['e']),
  reported(2, 3, ['b']),
  reported(2, 4, ['f']),
  ended(2),
];
const cut = (
  data: { afterRound: number; maxLosses?: number; top?: number },
  role: 'organizer' | 'scorekeeper' | 'judge' = 'organizer',
) => ({ type: 'CutSwiss', data, meta: meta(role) }) as const;
const pair = (round: number) =>
  ({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', { seed: 11 }) }) as const;
const outOf = (events: GivenEvent[]) => (events[0]?.type === 'SwissCut' ? [...events[0].data.out].sort() : undefined);
const order = (state: TournamentState) => {
  if (state.status === 'none') throw new Error('no tournament');
  return computeStandings(
    standingsPlayers(state),
    matchRecords(state).filter((m) => m.stage === 'swiss'),
  );
};

describe('cut by record', () => {
  it('given two Swiss rounds, when the organizer cuts at one loss, then the players with two losses leave, by name', () => {
    const events = thenEvents(given(...twoRounds), cut({ afterRound: 2, maxLosses: 1 }));
    expect(events).toEqual([
      { type: 'SwissCut', data: { afterRound: 2, rule: { kind: 'max-losses', maxLosses: 1 }, out: expect.any(Array) } },
    ]);
    expect(outOf(events)).toEqual(['d', 'h']);
  });

  it('given a cut, when the next Swiss round is paired, then only players still in are paired', () => {
    const state = run(given(...twoRounds), cut({ afterRound: 2, maxLosses: 1 }));
    const paired = thenEvents(state, pair(3))[0];
    const players =
      paired?.type === 'RoundPaired'
        ? [...paired.data.matches.flatMap((m) => m.players), ...paired.data.byes].sort()
        : [];
    expect(players).toEqual(['a', 'b', 'c', 'e', 'f', 'g']);
  });

  it('given a dropped and a disqualified player with two losses, then the cut passes over them: they are not "cut"', () => {
    const dropped: GivenEvent = { type: 'PlayerDropped', data: { player: 'd', afterRound: 2, reason: null } };
    const withDrop = given(...twoRounds, dropped);
    const dq = thenEvents(withDrop, {
      ...issue('h', 'random-result', 'between-matches', { role: 'head-judge', statements: ['admitted'] }),
      meta: meta('head-judge'),
    });
    const events = thenEvents(given(...twoRounds, dropped, ...dq), cut({ afterRound: 2, maxLosses: 1 }));
    expect(outOf(events)).toEqual([]);
  });
});

describe('cut by rank', () => {
  it('given two Swiss rounds, when the organizer keeps the top 4, then the other four leave and rank below everyone still in', () => {
    const events = thenEvents(given(...twoRounds), cut({ afterRound: 2, top: 4 }));
    const before = order(given(...twoRounds)).map((r) => r.player);
    expect(outOf(events)).toEqual(before.slice(4).sort());
    const state = given(...twoRounds, ...events);
    const rows = order(state);
    expect(rows.slice(4).map((r) => r.cutAfterRound)).toEqual([2, 2, 2, 2]);
    expect(rows.slice(0, 4).map((r) => r.cutAfterRound)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('given a dropped and a disqualified player among the best, then the next in the standings move up into the top N', () => {
    const dropped: GivenEvent = { type: 'PlayerDropped', data: { player: 'a', afterRound: 2, reason: null } };
    const dq = thenEvents(given(...twoRounds, dropped), {
      ...issue('e', 'random-result', 'between-matches', { role: 'head-judge', statements: ['admitted'] }),
      meta: meta('head-judge'),
    });
    const state = given(...twoRounds, dropped, ...dq);
    const still = order(state)
      .filter((r) => r.player !== 'a' && r.player !== 'e')
      .map((r) => r.player);
    const events = thenEvents(state, cut({ afterRound: 2, top: 4 }));
    expect(outOf(events)).toEqual(still.slice(4).sort());
    expect(outOf(events)).not.toContain('a');
    expect(outOf(events)).not.toContain('e');
  });

  it('given a top-N cut, when later rounds leave a player still in with fewer points, then the cut players still rank below, and keep that place to the final ranking', () => {
    const events = thenEvents(given(...twoRounds), cut({ afterRound: 2, top: 4 }));
    const kept = order(given(...twoRounds))
      .map((r) => r.player)
      .slice(0, 4);
    // Rounds 3 and 4 among the four still in: kept[3] loses both and ends on 3 points like the 1-1 players cut.
    const [w, x, y, z] = kept as [string, string, string, string];
    const later: GivenEvent[] = [
      swissRound(3, [
        [w, z],
        [x, y],
      ]),
      reported(3, 1, [w]),
      reported(3, 2, [x]),
      ended(3),
      swissRound(4, [
        [w, x],
        [y, z],
      ]),
      reported(4, 1, [w]),
      reported(4, 2, [y]),
      ended(4),
    ];
    const state = given(...twoRounds, ...events, ...later);
    const rows = order(state);
    expect(
      rows
        .slice(0, 4)
        .map((r) => r.player)
        .sort(),
    ).toEqual([...kept].sort());
    expect(rows.slice(4).every((r) => r.cutAfterRound === 2)).toBe(true);
    if (state.status === 'none') throw new Error('no tournament');
    // The top cut takes only players still in (all four here); the cut players follow them in the final ranking.
    const top = run(state, pair(5));
    const places = top.status === 'none' ? [] : finalPlaces(top).map((p) => p.player);
    expect(places.slice(4).sort()).toEqual(outOf(events));
  });
});

describe('cut refusals', () => {
  it.each([
    [{ afterRound: 2 }, 'invalid-command'],
    [{ afterRound: 2, maxLosses: 1, top: 4 }, 'invalid-command'],
    [{ afterRound: 2, top: 0 }, 'invalid-command'],
    [{ afterRound: 1, maxLosses: 1 }, 'cut-not-allowed'],
  ] as const)('refuses %j with %s', (data, code) => {
    thenError(given(...twoRounds), cut(data), code);
  });

  it('refuses a cut while the round runs, after the top cut began, and from a judge', () => {
    thenError(given(...twoRounds.slice(0, -1)), cut({ afterRound: 2, maxLosses: 1 }), 'round-not-finished');
    thenError(given(...twoRounds), cut({ afterRound: 2, maxLosses: 1 }, 'judge'), 'role-required');
    const topCut = [
      created({ kind: 'swiss', rounds: 1, topCut: 4 }),
      ...'abcd'.split('').map((p) => registered(p)),
      swissRound(1, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
      reported(1, 1, ['a', 'a']),
      reported(1, 2, ['c', 'c']),
      ended(1),
    ];
    const inTop = run(given(...topCut), pair(2));
    const last = inTop.status === 'none' ? 0 : inTop.rounds.length;
    thenError(inTop, cut({ afterRound: last, top: 2 }), 'cut-not-allowed');
  });
});

describe('top cuts of 128 and 256', () => {
  it('given 260 players after one Swiss round, when the top 256 is paired, then 128 matches follow the bracket 1 v 256', () => {
    const ids = Array.from({ length: 260 }, (_, i) => `p${String(i + 1).padStart(3, '0')}`);
    const start = [created({ kind: 'swiss', rounds: 1, topCut: 256 }), ...ids.map((p) => registered(p))];
    const r1 = thenEvents(given(...start), pair(1));
    const paired = r1[0]?.type === 'RoundPaired' ? r1[0].data.matches : [];
    const results = paired.map((m) => reported(1, m.table, [m.players[0], m.players[0]]));
    const state = given(...start, ...r1, ...results, ended(1));
    const top = thenEvents(state, pair(2))[0];
    const rows = order(state).map((r) => r.player);
    expect(top?.type === 'RoundPaired' && top.data.matches.length).toBe(128);
    expect(top?.type === 'RoundPaired' && top.data.matches[0]?.players).toEqual([rows[0], rows[255]]);
  });
});
