import { describe, expect, it } from 'vitest';
import {
  created,
  ended,
  given,
  meta,
  registered,
  reported,
  swissRound,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue } from './penalty-fixtures.js';

const pair = (round: number, seed?: number, seatTime?: string) =>
  ({
    type: 'PairRound',
    data: { round, ...(seatTime ? { seatTime } : {}) },
    meta: meta('scorekeeper', seed === undefined ? {} : { seed }),
  }) as const;
const paired = (events: GivenEvent[]) => {
  const e = events[0];
  if (e?.type !== 'RoundPaired') throw new Error('expected RoundPaired');
  return e.data;
};
const playersOf = (d: ReturnType<typeof paired>) => [...d.matches.flatMap((m) => m.players), ...d.byes].sort();

const five = [created(), ...['a', 'b', 'c', 'd', 'e'].map((id) => registered(id))];

describe('PairRound (Swiss)', () => {
  it('pairs every player once in round 1, tables from 1, one bye for an odd count, recording the seed and seat time', () => {
    const d = paired(thenEvents(given(...five), pair(1, 99, '2009-03-01T10:15:00+09:00')));
    expect(d).toMatchObject({
      round: 1,
      stage: 'swiss',
      seed: 99,
      seatTime: '2009-03-01T10:15:00+09:00',
      bracket: null,
    });
    expect(d.matches.map((m) => m.table)).toEqual([1, 2]);
    expect(d.byes).toHaveLength(1);
    expect(playersOf(d)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(paired(thenEvents(given(...five), pair(1, 99, '2009-03-01T10:15:00+09:00')))).toEqual(d);
    const t = tournament(...five, {
      type: 'RoundPaired',
      data: { ...d, seatTime: null },
      at: '2009-03-01T10:05:00+09:00',
    });
    expect(t.rounds[0]?.seatTime).toBe('2009-03-01T10:05:00+09:00');
  });

  it('needs a seed, a whole one', () => {
    thenError(given(...five), pair(1), 'seed-required');
    expect(thenError(given(...five), pair(1, 1.5), 'invalid-command').field).toBe('meta.seed');
  });

  it('pairs winners with winners in round 2 without a rematch, reading results through penalties', () => {
    const base = [
      created(),
      ...['a', 'b', 'c', 'd'].map((id) => registered(id)),
      swissRound(1, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ];
    const loss = thenEvents(given(...base), issue('c', 'stalling', 'in-duel'));
    const state = given(...base, ...loss, reported(1, 1, ['a', 'a']), ended(1));
    const d = paired(thenEvents(state, pair(2, 5)));
    expect(d.matches.map((m) => [...m.players].sort())).toEqual([
      ['a', 'd'],
      ['b', 'c'],
    ]);
  });

  it('leaves out dropped and disqualified players and takes in a late entry', () => {
    const base = [
      ...five,
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
    ];
    const late = registered('f', 2);
    const dropped: GivenEvent = { type: 'PlayerDropped', data: { player: 'b', afterRound: 1, reason: null } };
    const dq = thenEvents(
      given(...base),
      issue('d', 'bribery', 'between-matches', { role: 'head-judge', statements: ['証言'] }),
    );
    const d = paired(thenEvents(given(...base, late, dropped, ...dq), pair(2, 3)));
    expect(playersOf(d)).toEqual(['a', 'c', 'e', 'f']);
    expect(d.byes).toEqual([]);
  });
});
