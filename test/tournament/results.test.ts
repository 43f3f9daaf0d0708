import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_DUELS } from '../../src/core/tournament/limits.js';
import { matchRecords } from '../../src/core/tournament/match-results.js';
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
  tournament,
} from './fixtures.js';

const four = [created(), registered('a'), registered('b'), registered('c'), registered('d')];
const round1 = swissRound(1, [
  ['a', 'b'],
  ['c', 'd'],
]);
const report = (table: number, duels: string[], role: 'scorekeeper' | 'judge' | 'organizer' = 'scorekeeper') =>
  ({ type: 'ReportResult', data: { round: 1, table, duels }, meta: meta(role) }) as const;

describe('ReportResult', () => {
  it('records the duels; two duel wins make a match win', () => {
    const events = thenEvents(given(...four, round1), report(1, ['a', 'b', 'a']));
    expect(events).toEqual([
      { type: 'ResultReported', data: { round: 1, table: 1, duels: ['a', 'b', 'a'], penaltyDuels: [] } },
    ]);
    const t = tournament(...four, round1, ...events);
    expect(matchRecords(t)[0]).toEqual({
      round: 1,
      stage: 'swiss',
      table: 1,
      players: ['a', 'b'],
      outcome: { kind: 'win', winner: 'a', byPenalty: false },
      duelWins: { a: 2, b: 1 },
    });
  });

  it('makes a draw when the duels are level at the end (time, drawn duels, an intentional draw)', () => {
    for (const duels of [['a', 'b'], ['draw'], ['draw', 'a', 'b'], []]) {
      const t = tournament(...four, round1, ...thenEvents(given(...four, round1), report(1, duels)));
      expect(matchRecords(t)[0]?.outcome).toEqual({ kind: 'draw' });
    }
  });

  it('gives a match that ends at time to the player ahead in duels', () => {
    for (const duels of [['a'], ['a', 'draw'], ['draw', 'a', 'draw']]) {
      const t = tournament(...four, round1, ...thenEvents(given(...four, round1), report(1, duels)));
      expect(matchRecords(t)[0]?.outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: false });
    }
  });

  it('takes a report of up to the core limit of duels (draws let a match run on) and refuses a longer one', () => {
    const state = given(...four, round1);
    const draws = (n: number) => Array.from({ length: n }, () => 'draw');
    expect(thenEvents(state, report(1, draws(MAX_REPORTED_DUELS)))).toHaveLength(1);
    const refused = thenError(state, report(1, draws(MAX_REPORTED_DUELS + 1)), 'invalid-command');
    expect(refused.field).toBe('duels');
  });

  it('refuses a stranger in the duels, duels after the match was decided, a second report, an unknown table and a judge-less role', () => {
    const state = given(...four, round1);
    expect(en(thenError(state, report(1, ['a', 'c']), 'invalid-duels').problem)).toBe(
      '"c" is neither a player of this match nor "draw"',
    );
    expect(en(thenError(state, report(1, ['a', 'a', 'b']), 'invalid-duels').problem)).toBe(
      'the match was decided after duel 2; 1 more given',
    );
    thenError(given(...four, round1, reported(1, 1, ['a', 'a'])), report(1, ['b', 'b']), 'match-already-decided');
    expect(thenError(state, report(9, ['a']), 'table-not-found')).toEqual({ round: 1, table: 9 });
    expect(thenError(state, report(1, ['a', 'a'], 'organizer'), 'role-required').roles).toEqual([
      'scorekeeper',
      'judge',
      'head-judge',
    ]);
  });
});

describe('CorrectResult', () => {
  const correct = (duels: string[], reason: string, role: 'scorekeeper' | 'head-judge' | 'judge' = 'head-judge') =>
    ({ type: 'CorrectResult', data: { round: 1, table: 1, duels, reason }, meta: meta(role) }) as const;

  it('replaces the result with a new event and a reason, even after the round ended', () => {
    const state = given(...four, round1, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1));
    const events = thenEvents(state, correct(['b', 'b'], 'スリップの記入ミス'));
    expect(events).toEqual([
      {
        type: 'ResultCorrected',
        data: { round: 1, table: 1, duels: ['b', 'b'], penaltyDuels: [], reason: 'スリップの記入ミス' },
      },
    ]);
    const t = tournament(...four, round1, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1), ...events);
    expect(matchRecords(t)[0]?.outcome).toEqual({ kind: 'win', winner: 'b', byPenalty: false });
    expect(t.rounds[0]?.matches[0]?.report?.correction).toBe('スリップの記入ミス');
  });

  it('needs a reason and a scorekeeper or head judge', () => {
    const state = given(...four, round1, reported(1, 1, ['a', 'a']));
    thenError(state, correct(['b', 'b'], ' '), 'reason-required');
    thenError(state, correct(['b', 'b'], 'typo', 'judge'), 'role-required');
  });
});

describe('byes', () => {
  it('count as a 2-0 match win with no table', () => {
    const t = tournament(
      created(),
      registered('a'),
      registered('b'),
      registered('c'),
      swissRound(1, [['a', 'b']], 'c'),
    );
    expect(matchRecords(t).find((m) => m.table === null)).toEqual({
      round: 1,
      stage: 'swiss',
      table: null,
      players: ['c'],
      outcome: { kind: 'bye' },
      duelWins: { c: 2 },
    });
  });
});

describe('EndRound', () => {
  const end = (round: number) => ({ type: 'EndRound', data: { round }, meta: meta('scorekeeper') }) as const;

  it('ends a round once every match has a result', () => {
    const state = given(...four, round1, reported(1, 1, ['a', 'a']), reported(1, 2, ['draw']));
    expect(thenEvents(state, end(1))).toEqual([{ type: 'RoundEnded', data: { round: 1 } }]);
  });

  it('names the tables still missing a result, and refuses ending twice or an unknown round', () => {
    expect(thenError(given(...four, round1, reported(1, 1, ['a', 'a'])), end(1), 'results-missing')).toEqual({
      round: 1,
      tables: [2],
    });
    thenError(
      given(...four, round1, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1)),
      end(1),
      'round-already-ended',
    );
    thenError(given(...four), end(1), 'round-not-found');
  });
});

describe('PairRound preconditions', () => {
  const pair = (round: number) =>
    ({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', { seed: 7 }) }) as const;

  it('refuses pairing before the previous round ended, a wrong round number, and past the last round', () => {
    expect(thenError(given(...four, round1), pair(2), 'round-not-finished')).toEqual({ round: 1 });
    expect(thenError(given(...four), pair(2), 'wrong-round')).toEqual({ expected: 1, given: 2 });
    const one = [
      created({ kind: 'swiss', rounds: 1, topCut: 0 }),
      registered('a'),
      registered('b'),
      swissRound(1, [['a', 'b']]),
      reported(1, 1, ['a', 'a']),
      ended(1),
    ];
    thenError(given(...one), pair(2), 'no-more-rounds');
  });

  it('needs two players and, when decklists are required, every decklist', () => {
    expect(thenError(given(created(), registered('a')), pair(1), 'not-enough-players')).toEqual({
      needed: 2,
      actual: 1,
    });
    const state = given(created(undefined, { decklistsRequired: true }), registered('a'), registered('b'));
    expect(thenError(state, pair(1), 'decklists-missing')).toEqual({ players: ['a', 'b'] });
  });
});

describe('seating and time extensions', () => {
  it('records a seat mark with its time, once', () => {
    const seat = {
      type: 'MarkSeated',
      data: { round: 1, table: 2, player: 'c' },
      meta: meta('judge', { at: '2009-03-01T01:03:00.000Z' }),
    } as const;
    const state = given(...four, round1);
    expect(thenEvents(state, seat)).toEqual([{ type: 'PlayerSeated', data: { round: 1, table: 2, player: 'c' } }]);
    const after = run(state, seat);
    expect(after.status !== 'none' && after.rounds[0]?.matches[1]?.seated).toEqual(
      new Map([['c', '2009-03-01T01:03:00.000Z']]),
    );
    thenError(after, seat, 'already-seated');
    thenError(state, { ...seat, data: { round: 1, table: 2, player: 'a' } }, 'player-not-in-match');
  });

  it('records time extensions per table and adds them up in the state', () => {
    const extend = (minutes: number) =>
      ({
        type: 'ExtendTime',
        data: { round: 1, table: 1, minutes, reason: 'ジャッジ対応' },
        meta: meta('head-judge'),
      }) as const;
    const state = run(run(given(...four, round1), extend(3)), extend(2));
    expect(state.status !== 'none' && state.rounds[0]?.matches[0]?.extensions).toEqual([
      { minutes: 3, reason: 'ジャッジ対応' },
      { minutes: 2, reason: 'ジャッジ対応' },
    ]);
    expect(thenError(state, extend(0), 'invalid-command').field).toBe('minutes');
    thenError(
      given(...four, round1, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1)),
      extend(3),
      'round-already-ended',
    );
  });
});
