import { describe, expect, it } from 'vitest';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import { deriveMatches, matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import type { TournamentSettings } from '../../src/core/tournament/events.js';
import {
  created,
  ended,
  given,
  meta,
  PACK,
  registered,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue, recordAt } from './penalty-fixtures.js';

/*
 * Single-duel matches (シングル戦): one duel is the match. A duel loss is then a match loss in
 * effect, and the rules' "next duel" is the first duel of the player's next match.
 */

const formats: TournamentSettings['stages'] = {
  swiss: { bestOf: 1, roundMinutes: 25 },
  'top-cut': { bestOf: 3, roundMinutes: 50 },
};
const singles = [
  created({ kind: 'swiss', rounds: 3, topCut: 0 }, { stages: formats }),
  registered('a'),
  registered('b'),
  registered('c'),
  registered('d'),
];
const roundOne = [
  ...singles,
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
  ]),
];
const report = (round: number, table: number, duels: string[]) =>
  ({ type: 'ReportResult', data: { round, table, duels }, meta: meta('scorekeeper') }) as const;
const pair = (round: number, seed = 7) =>
  ({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', { seed }) }) as const;
const extraDraw = { identifiable: false, decisive: false };
const landingOf = (events: GivenEvent[]) => (events[0]?.type === 'PenaltyIssued' ? events[0].data.landing : undefined);

describe('match format per stage', () => {
  it('given Swiss single duels and a best-of-3 top cut, when rounds are paired, then each round records its format and length', () => {
    const start = [
      created({ kind: 'swiss', rounds: 1, topCut: 4 }, { stages: formats }),
      registered('a'),
      registered('b'),
      registered('c'),
      registered('d'),
    ];
    const swiss = thenEvents(given(...start), pair(1));
    expect(swiss[0]).toMatchObject({ type: 'RoundPaired', data: { stage: 'swiss', bestOf: 1, roundMinutes: 25 } });
    const afterSwiss = given(...start, ...swiss);
    const r1 = afterSwiss.status === 'none' ? [] : (afterSwiss.rounds[0]?.matches ?? []);
    let state = afterSwiss;
    for (const m of r1) state = run(state, report(1, m.table, [m.players[0]]));
    state = run(state, { type: 'EndRound', data: { round: 1 }, meta: meta('scorekeeper') });
    const top = thenEvents(state, pair(2));
    expect(top[0]).toMatchObject({ type: 'RoundPaired', data: { stage: 'top-cut', bestOf: 3, roundMinutes: 50 } });
  });

  it('given a log from before formats, when it is replayed, then every round is best of 3 in the tournament round length', () => {
    const t = tournament(
      created(),
      registered('a'),
      registered('b'),
      swissRound(1, [['a', 'b']]),
      reported(1, 1, ['a']),
    );
    expect(t.rounds[0]).toMatchObject({ bestOf: 3, roundMinutes: 40 });
    expect(recordAt(t, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: false });
  });

  it('refuses a format that is not 1, 3 or 5 duels, or a stage that does not exist, naming the field', () => {
    const create = (stages: unknown) =>
      ({
        type: 'CreateTournament',
        data: {
          tournamentId: 't',
          settings: {
            name: 'x',
            date: '2009-03-01',
            decklistsRequired: false,
            roundMinutes: 40,
            structure: { kind: 'swiss', rounds: 3, topCut: 0 },
            stages,
          },
          pack: PACK,
        },
        meta: meta('organizer'),
      }) as never;
    expect(thenError(given(), create({ swiss: { bestOf: 2, roundMinutes: 25 } }), 'invalid-command')).toMatchObject({
      field: 'settings.stages.swiss.bestOf',
    });
    expect(thenError(given(), create({ swiss: { bestOf: 1, roundMinutes: 0 } }), 'invalid-command')).toMatchObject({
      field: 'settings.stages.swiss.roundMinutes',
    });
    expect(thenError(given(), create({ day2: { bestOf: 1, roundMinutes: 25 } }), 'invalid-command')).toMatchObject({
      field: 'settings.stages.day2',
    });
    expect(thenEvents(given(), create({ 'top-cut': { bestOf: 5, roundMinutes: 60 } }))[0]?.type).toBe(
      'TournamentCreated',
    );
  });
});

describe('results in a single-duel match', () => {
  it('given a single duel, when it is reported, then its winner wins the match 1-0 and a second duel is refused', () => {
    const state = run(given(...roundOne), report(1, 1, ['b']));
    expect(recordAt(state, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'b', byPenalty: false },
      duelWins: { a: 0, b: 1 },
    });
    expect(thenError(given(...roundOne), report(1, 1, ['a', 'b']), 'invalid-duels')).toMatchObject({
      round: 1,
      table: 1,
    });
  });

  it('given a duel drawn at time, when it is reported, then the match is a draw', () => {
    expect(recordAt(run(given(...roundOne), report(1, 1, ['draw'])), 1, 1).outcome).toEqual({ kind: 'draw' });
  });

  it('given a bye in a single-duel round, then it is a 1-0 win worth 3 points', () => {
    const t = tournament(
      ...singles,
      registered('e'),
      swissRound(
        1,
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        'e',
      ),
    );
    expect(recordAt(t, 1, null)).toMatchObject({ outcome: { kind: 'bye' }, duelWins: { e: 1 } });
  });

  it('given single duels, then standings, OMW% and OOMW% count matches exactly as in best of 3', () => {
    const rounds = [
      reported(1, 1, ['a']),
      reported(1, 2, ['c']),
      ended(1),
      swissRound(2, [
        ['a', 'c'],
        ['b', 'd'],
      ]),
      reported(2, 1, ['a']),
      reported(2, 2, ['draw']),
      ended(2),
    ];
    const single = tournament(...roundOne, ...rounds);
    const best3 = tournament(
      created(),
      registered('a'),
      registered('b'),
      registered('c'),
      registered('d'),
      swissRound(1, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
      reported(1, 1, ['a', 'a']),
      reported(1, 2, ['c', 'c']),
      ended(1),
      swissRound(2, [
        ['a', 'c'],
        ['b', 'd'],
      ]),
      reported(2, 1, ['a', 'a']),
      reported(2, 2, ['b', 'd']),
      ended(2),
    );
    const rows = (t: typeof single) =>
      computeStandings(standingsPlayers(t), matchRecords(t)).map((r) => [
        r.player,
        r.points,
        r.opponentsWinPct,
        r.opponentsOpponentsWinPct,
      ]);
    expect(rows(single)).toEqual(rows(best3));
    // a met b (0 of 6, floored to 1/3) and c (3 of 6): (1/3 + 1/2) / 2.
    expect(rows(single)[0]).toEqual(['a', 6, 0.4167, expect.any(Number)]);
  });
});

describe('duel loss in a single-duel match', () => {
  it('given a player in a duel, when a duel loss is issued, then it takes the one duel (no number needed) and so the match', () => {
    const events = thenEvents(given(...roundOne), issue('b', 'extra-draw', 'in-duel', { facts: extraDraw }));
    expect(landingOf(events)).toEqual({ kind: 'duel', round: 1, table: 1, duel: 1 });
    const state = given(...roundOne, ...events);
    expect(recordAt(state, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'a', byPenalty: true },
      duelWins: { a: 1, b: 0 },
    });
    thenError(state, report(1, 1, ['b']), 'match-already-decided');
  });

  it('given a player in a duel, when the judge names duel 2, then it is refused: the match has duel 1 only', () => {
    const details = thenError(
      given(...roundOne),
      issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 2 }),
      'invalid-command',
    );
    expect(details).toMatchObject({ field: 'duel', problem: { en: 'a match has duels 1 to 1; there is no duel 2' } });
  });

  it('given a duel over, when a duel loss for the next duel is issued, then it takes the first duel of the next match', () => {
    const events = thenEvents(
      given(...roundOne),
      issue('b', 'extra-draw', 'between-duels', { facts: extraDraw, round: 1, table: 1 }),
    );
    expect(landingOf(events)).toEqual({ kind: 'next-match', fromRound: 2 });
    const state = run(given(...roundOne, ...events), report(1, 1, ['b']));
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'win', winner: 'b', byPenalty: false });
    const next = given(
      ...roundOne,
      ...events,
      reported(1, 1, ['b']),
      reported(1, 2, ['c']),
      ended(1),
      swissRound(2, [
        ['b', 'c'],
        ['a', 'd'],
      ]),
    );
    expect(recordAt(next, 2, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'c', byPenalty: true },
      duelWins: { b: 0, c: 1 },
    });
    const withNumber = thenError(
      given(...roundOne),
      issue('b', 'extra-draw', 'between-duels', { facts: extraDraw, round: 1, table: 1, duel: 2 }),
      'invalid-command',
    );
    expect(withNumber).toMatchObject({ field: 'duel' });
  });

  it('given a player 6 minutes late, when tardiness is issued between matches, then the duel loss decides the match (no side deck question arises)', () => {
    const events = thenEvents(
      given(...roundOne),
      issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 6 } }),
    );
    expect(landingOf(events)).toEqual({ kind: 'next-match', fromRound: 1 });
    const state = given(...roundOne, ...events);
    expect(recordAt(state, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'a', byPenalty: true },
      duelWins: { a: 1, b: 0 },
    });
    thenError(state, report(1, 1, ['b']), 'match-already-decided');
  });

  it('given a duel loss already on the next match, when a second duel loss between matches is issued, then it waits for the match after', () => {
    const first = thenEvents(
      given(...roundOne),
      issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 6 } }),
    );
    const second = thenEvents(
      given(...roundOne, ...first),
      issue('b', 'marked-cards', 'between-matches', { facts: { pattern: true } }),
    );
    const later = given(
      ...roundOne,
      ...first,
      ...second,
      reported(1, 2, ['c']),
      ended(1),
      swissRound(2, [
        ['b', 'd'],
        ['a', 'c'],
      ]),
    );
    const derived = later.status === 'none' ? [] : deriveMatches(later).matches;
    expect(second[0]).toMatchObject({ data: { penalty: 'duel-loss', landing: { kind: 'next-match', fromRound: 2 } } });
    expect(derived.find((m) => m.record.round === 1 && m.record.table === 1)?.duels).toEqual([
      { duel: 1, winner: 'a', byPenalty: [1] },
    ]);
    expect(derived.find((m) => m.record.round === 2 && m.record.table === 1)?.duels).toEqual([
      { duel: 1, winner: 'd', byPenalty: [2] },
    ]);
  });

  it("given a duel loss found in the last Swiss round after the duel, then it has no match left and needs the judge's confirmation", () => {
    const last = [
      ...roundOne,
      reported(1, 1, ['a']),
      reported(1, 2, ['c']),
      ended(1),
      swissRound(2, [
        ['a', 'c'],
        ['b', 'd'],
      ]),
      reported(2, 1, ['a']),
      reported(2, 2, ['b']),
      ended(2),
      swissRound(3, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ];
    thenError(
      given(...last),
      issue('b', 'extra-draw', 'between-duels', { facts: extraDraw, round: 3, table: 1 }),
      'no-match-left',
    );
  });
});

describe('match loss in a single-duel match', () => {
  it('given a player in a duel, when a match loss is issued, then it takes the current match', () => {
    const events = thenEvents(given(...roundOne), issue('a', 'stalling', 'in-duel'));
    expect(landingOf(events)).toEqual({ kind: 'match', round: 1, table: 1 });
    expect(recordAt(given(...roundOne, ...events), 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'b', byPenalty: true },
      duelWins: { b: 1, a: 0 },
    });
  });

  it('given a player 12 minutes late, when tardiness is issued between matches, then the match is lost; both late is a double loss', () => {
    const first = thenEvents(
      given(...roundOne),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 12 } }),
    );
    const second = thenEvents(
      given(...roundOne, ...first),
      issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 12 } }),
    );
    expect(recordAt(given(...roundOne, ...first), 1, 1).outcome).toEqual({ kind: 'win', winner: 'b', byPenalty: true });
    expect(recordAt(given(...roundOne, ...first, ...second), 1, 1).outcome).toEqual({ kind: 'double-loss' });
  });

  it("given the match already reported, when a match loss is found between matches, then it takes the next round's match", () => {
    const base = [...roundOne, reported(1, 1, ['a'])];
    const events = thenEvents(
      given(...base),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 12 } }),
    );
    expect(landingOf(events)).toEqual({ kind: 'next-match', fromRound: 2 });
    const next = given(
      ...base,
      ...events,
      reported(1, 2, ['c']),
      ended(1),
      swissRound(2, [
        ['a', 'c'],
        ['b', 'd'],
      ]),
    );
    expect(recordAt(next, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: false });
    expect(recordAt(next, 2, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'c', byPenalty: true },
      duelWins: { c: 1, a: 0 },
    });
  });
});
