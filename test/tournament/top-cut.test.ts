import { describe, expect, it } from 'vitest';
import { finalPlaces } from '../../src/core/tournament/prizes.js';
import { seededShuffle } from '../../src/core/tournament/pairing/seeded-random.js';
import { bracketOrder, bracketSize, seedEntrants } from '../../src/core/tournament/pairing/top-cut.js';
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
  swissRound,
  thenError,
  thenEvents,
  type GivenEvent,
} from './fixtures.js';
import { issue } from './penalty-fixtures.js';

const pair = (round: number, seed?: number) =>
  ({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', seed === undefined ? {} : { seed }) }) as const;
const report = (round: number, table: number, duels: string[]) =>
  ({ type: 'ReportResult', data: { round, table, duels }, meta: meta('judge') }) as const;
const end = (round: number) => ({ type: 'EndRound', data: { round }, meta: meta('scorekeeper') }) as const;
const finish = { type: 'FinishTournament', data: {}, meta: meta('organizer') } as const;
const paired = (events: GivenEvent[]) => {
  const e = events[0];
  if (e?.type !== 'RoundPaired') throw new Error('expected RoundPaired');
  return e.data;
};
const places = (state: TournamentState) =>
  state.status === 'none' ? [] : finalPlaces(state).map((p) => [p.place, p.player]);

/**
 * Two Swiss rounds, five players. Round 1: a beats b, c beats d, e has the bye. Round 2: a beats
 * c, e beats b, d has the bye. Standings: a (6, better opponents) e (6), c (3, better opponents) d (3), b (0).
 */
const swiss: GivenEvent[] = [
  created({ kind: 'swiss', rounds: 2, topCut: 4 }),
  ...['a', 'b', 'c', 'd', 'e'].map((id) => registered(id)),
  swissRound(
    1,
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
    'e',
  ),
  reported(1, 1, ['a', 'a']),
  reported(1, 2, ['c', 'c']),
  ended(1),
  swissRound(
    2,
    [
      ['a', 'c'],
      ['e', 'b'],
    ],
    'd',
  ),
  reported(2, 1, ['a', 'a']),
  reported(2, 2, ['e', 'e']),
  ended(2),
];

describe('brackets', () => {
  it('seed 1 v K, and the top two seeds meet only in the final', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect([bracketSize(2), bracketSize(5), bracketSize(8), bracketSize(9)]).toEqual([2, 8, 8, 16]);
    expect(seedEntrants(['s1', 's2', 's3', 's4', 's5'])).toEqual(['s1', null, 's4', 's5', 's2', null, 's3', null]);
  });
});

describe('top cut after Swiss', () => {
  it('pairs the top K of the standings, 1 v 4 and 2 v 3, with no seed needed', () => {
    const d = paired(thenEvents(given(...swiss), pair(3)));
    expect(d).toEqual({
      round: 3,
      stage: 'top-cut',
      seatTime: null,
      seed: null,
      matches: [
        { table: 1, players: ['a', 'd'] },
        { table: 2, players: ['e', 'c'] },
      ],
      byes: [],
      bracket: [
        { kind: 'match', table: 1 },
        { kind: 'match', table: 2 },
      ],
      bestOf: 3,
      roundMinutes: 40,
    });
  });

  it('leaves out dropped and disqualified players; the next in the standings moves up', () => {
    const dropped: GivenEvent = { type: 'PlayerDropped', data: { player: 'e', afterRound: 2, reason: null } };
    expect(paired(thenEvents(given(...swiss, dropped), pair(3))).matches).toEqual([
      { table: 1, players: ['a', 'b'] },
      { table: 2, players: ['c', 'd'] },
    ]);
  });

  it('advances winners to a final, refuses draws, then ranks by how far each player went', () => {
    let state = run(given(...swiss), pair(3));
    thenError(state, report(3, 1, ['a', 'd']), 'draw-not-allowed');
    state = run(run(state, report(3, 1, ['a', 'a'])), report(3, 2, ['c', 'e', 'c']));
    thenError(state, finish, 'round-not-finished');
    state = run(state, end(3));
    const final = paired(thenEvents(state, pair(4)));
    expect(final.matches).toEqual([{ table: 1, players: ['a', 'c'] }]);
    expect(final.bracket).toEqual([{ kind: 'match', table: 1 }]);
    const correct = (duels: string[]) =>
      ({
        type: 'CorrectResult',
        data: { round: 3, table: 1, duels, reason: '記入ミス' },
        meta: meta('head-judge'),
      }) as const;
    expect(thenError(run(state, pair(4)), correct(['d', 'd']), 'bracket-advanced')).toEqual({
      round: 3,
      table: 1,
      advanced: 'a',
    });
    expect(thenEvents(run(state, pair(4)), correct(['a', 'd', 'a']))[0]?.type).toBe('ResultCorrected');
    state = run(run(run(state, pair(4)), report(4, 1, ['c', 'c'])), end(4));
    thenError(state, pair(5), 'no-more-rounds');
    expect(thenEvents(state, finish)).toEqual([{ type: 'TournamentFinished', data: {} }]);
    expect(places(run(state, finish))).toEqual([
      [1, 'c'],
      [2, 'a'],
      [3, 'e'],
      [4, 'd'],
      [5, 'b'],
    ]);
  });

  it('gives the opponent a bye when a winner has been disqualified before the next round', () => {
    let state = run(given(...swiss), pair(3));
    state = run(run(run(state, report(3, 1, ['a', 'a'])), report(3, 2, ['c', 'c'])), end(3));
    state = run(state, issue('c', 'bribery', 'between-matches', { role: 'head-judge', statements: ['証言'] }));
    const final = paired(thenEvents(state, pair(4)));
    expect(final).toMatchObject({ matches: [], byes: ['a'], bracket: [{ kind: 'bye', player: 'a' }] });
    state = run(run(state, pair(4)), end(4));
    expect(places(run(state, finish)).map(([, p]) => p)).toEqual(['a', 'e', 'd', 'b']);
  });

  describe('an appeal once the next round of the cut is paired', () => {
    const appeal = (type: 'ChangePenalty' | 'RescindPenalty', extra: Record<string, string> = {}) =>
      ({
        type,
        data: { penaltyId: 1, reason: '上訴で再検討', ...extra },
        meta: meta('head-judge'),
      }) as never;
    const warned = issue('a', 'slow-play', 'in-duel', { round: 3, table: 1, facts: { affectedResult: false } });
    /** Semifinals: a warned in duel 1 at table 1 and beats d; c beats e; the final a v c is paired. */
    const semis = () => {
      let state = run(given(...swiss), pair(3));
      state = run(state, warned);
      state = run(run(run(state, report(3, 1, ['a', 'a'])), report(3, 2, ['c', 'c'])), end(3));
      return run(state, pair(4));
    };

    it('given the winner’s penalty, when an appeal would hand the semifinal to the loser, then it is refused: the final keeps its players', () => {
      const state = semis();
      expect(thenError(state, appeal('ChangePenalty', { penalty: 'match-loss' }), 'bracket-advanced')).toEqual({
        round: 3,
        table: 1,
        advanced: 'a',
      });
      // Refused, the champion is whoever wins the final actually played.
      const done = run(run(run(state, report(4, 1, ['a', 'a'])), end(4)), finish);
      expect(places(done).slice(0, 2)).toEqual([
        [1, 'a'],
        [2, 'c'],
      ]);
    });

    it('given a semifinal decided by a match loss, when the appeal would rescind it, then it is refused', () => {
      let state = run(given(...swiss), pair(3));
      state = run(state, issue('d', 'stalling', 'in-duel', { round: 3, table: 1, role: 'head-judge' }));
      state = run(run(state, report(3, 2, ['c', 'c'])), end(3));
      state = run(state, pair(4));
      thenError(state, appeal('RescindPenalty'), 'bracket-advanced');
    });

    it('given an appeal that leaves the semifinal’s winner as it was, then it is accepted; before the final is paired any appeal is', () => {
      expect(thenEvents(semis(), appeal('RescindPenalty'))[0]?.type).toBe('PenaltyRescinded');
      let state = run(given(...swiss), pair(3));
      state = run(state, warned);
      state = run(run(run(state, report(3, 1, ['a', 'a'])), report(3, 2, ['c', 'c'])), end(3));
      expect(thenEvents(state, appeal('ChangePenalty', { penalty: 'match-loss' }))[0]?.type).toBe('PenaltyChanged');
    });
  });

  it('cannot finish before the cut is played', () => {
    expect(en(thenError(given(...swiss), finish, 'tournament-not-finished').reason)).toBe('round 3 is still to play');
  });
});

describe('single elimination from the start', () => {
  const players = ['p1', 'p2', 'p3', 'p4', 'p5'];
  const start = [created({ kind: 'single-elimination' }), ...players.map((id) => registered(id))];

  it('draws the bracket with the seed and gives the missing seeds’ byes to the first drawn', () => {
    thenError(given(...start), pair(1), 'seed-required');
    const d = paired(thenEvents(given(...start), pair(1, 42)));
    const drawn = seededShuffle(players, 42);
    expect(d.seed).toBe(42);
    expect(d.stage).toBe('top-cut');
    expect(d.byes).toEqual([drawn[0], drawn[1], drawn[2]]);
    expect(d.matches).toEqual([{ table: 1, players: [drawn[3], drawn[4]] }]);
    expect(d.bracket).toEqual([
      { kind: 'bye', player: drawn[0] },
      { kind: 'match', table: 1 },
      { kind: 'bye', player: drawn[1] },
      { kind: 'bye', player: drawn[2] },
    ]);
    expect(paired(thenEvents(given(...start), pair(1, 42)))).toEqual(d);
    expect(new Set(seededShuffle(players, 42))).toEqual(new Set(players));
  });

  it('plays down to a champion; a double loss sends nobody on', () => {
    let state = run(given(...start), pair(1, 42));
    const [s1, s2, s3, , s5] = seededShuffle(players, 42) as [string, string, string, string, string];
    state = run(run(state, report(1, 1, [s5, s5])), end(1));
    const r2 = paired(thenEvents(state, pair(2)));
    expect(r2.matches).toEqual([
      { table: 1, players: [s1, s5] },
      { table: 2, players: [s2, s3] },
    ]);
    state = run(state, pair(2));
    state = run(state, issue(s1, 'stalling', 'in-duel', { role: 'head-judge' }));
    state = run(state, issue(s5, 'stalling', 'in-duel', { role: 'head-judge' }));
    state = run(run(state, report(2, 2, [s3, s3])), end(2));
    const r3 = paired(thenEvents(state, pair(3)));
    expect(r3).toMatchObject({ matches: [], byes: [s3], bracket: [{ kind: 'bye', player: s3 }] });
    state = run(run(state, pair(3)), end(3));
    thenError(state, pair(4), 'no-more-rounds');
    expect(places(run(state, finish))[0]).toEqual([1, s3]);
  });
});
