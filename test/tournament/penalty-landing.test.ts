import { describe, expect, it } from 'vitest';
import { deriveMatches } from '../../src/core/tournament/match-results.js';
import {
  at,
  ended,
  given,
  meta,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue, recordAt, roundOne } from './penalty-fixtures.js';

const report = (round: number, table: number, duels: string[]) =>
  ({ type: 'ReportResult', data: { round, table, duels }, meta: meta('scorekeeper') }) as const;
const issued = (events: GivenEvent[]) => {
  const e = events[0];
  if (e?.type !== 'PenaltyIssued') throw new Error('expected PenaltyIssued');
  return e.data;
};

describe('caution and warning', () => {
  it('record the report, the guideline and the judge, and land on no game', () => {
    const events = thenEvents(
      given(...roundOne),
      issue('a', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }),
    );
    expect(events).toHaveLength(1);
    const d = issued(events);
    expect(d).toMatchObject({
      penaltyId: 1,
      player: 'a',
      report: {
        infraction: 'extra-draw',
        phase: 'in-duel',
        facts: { identifiable: true, decisive: false },
        matchAlreadyLost: false,
        previous: [],
      },
      guideline: { infraction: 'extra-draw', penalty: 'warning', recorded: true, appliesTo: null, repeat: null },
      penalty: 'warning',
      repeatUpgrade: false,
      deviationReason: null,
      context: { round: 1, currentMatch: { round: 1, table: 1 }, nextFromRound: 2 },
      landing: { kind: 'none' },
      statements: [],
      judge: { id: 'judge', role: 'judge' },
    });
    expect(recordAt(given(...roundOne, ...events), 1, 1).outcome).toEqual({ kind: 'pending' });
  });
});

describe('duel loss', () => {
  const extraDraw = { identifiable: false, decisive: false };

  it('in a duel takes the duel named by the judge; the report then gives the other duels', () => {
    thenError(given(...roundOne), issue('b', 'extra-draw', 'in-duel', { facts: extraDraw }), 'duel-number-required');
    const events = thenEvents(given(...roundOne), issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 2 }));
    expect(issued(events).landing).toEqual({ kind: 'duel', round: 1, table: 1, duel: 2 });
    const state = given(...roundOne, ...events);
    expect(thenEvents(state, report(1, 1, ['a']))).toEqual([
      { type: 'ResultReported', data: { round: 1, table: 1, duels: ['a'], penaltyDuels: [1] } },
    ]);
    const after = run(state, report(1, 1, ['a']));
    expect(recordAt(after, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'a', byPenalty: true },
      duelWins: { a: 2, b: 0 },
    });
  });

  it('between duels takes the next duel of the match', () => {
    const events = thenEvents(
      given(...roundOne),
      issue('b', 'extra-draw', 'between-duels', { facts: extraDraw, duel: 3 }),
    );
    expect(issued(events).landing).toEqual({ kind: 'duel', round: 1, table: 1, duel: 3 });
    const state = run(given(...roundOne, ...events), report(1, 1, ['a', 'b']));
    expect(recordAt(state, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'a', byPenalty: true },
      duelWins: { a: 2, b: 1 },
    });
  });

  it('between matches takes the first duel of the next match; tardiness counts from the seat time; nobody side-decks before the first duel played', () => {
    const seated: GivenEvent = { type: 'PlayerSeated', data: { round: 1, table: 1, player: 'b' }, at: at(6) };
    const events = thenEvents(given(...roundOne, seated), issue('b', 'tardiness', 'between-matches', { at: at(9) }));
    const d = issued(events);
    expect(d.report.facts).toEqual({ minutesLate: 6 });
    expect(d.penalty).toBe('duel-loss');
    expect(d.landing).toEqual({ kind: 'next-match', fromRound: 1 });
    const state = tournament(...roundOne, seated, ...events);
    const derived = deriveMatches(state).matches[0];
    expect(derived?.duels).toEqual([{ duel: 1, winner: 'a', byPenalty: [1] }]);
    expect(derived?.noSideDeckBeforeFirstPlayedDuel).toBe(true);
    expect(deriveMatches(state).matches[1]?.noSideDeckBeforeFirstPlayedDuel).toBe(false);
  });

  it('uses the seat mark for tardiness when the judge states no delay', () => {
    const seated: GivenEvent = { type: 'PlayerSeated', data: { round: 1, table: 1, player: 'b' }, at: at(3) };
    const d = issued(
      thenEvents(given(...roundOne, seated), issue('b', 'tardiness', 'between-matches', { at: at(20) })),
    );
    expect(d.report.facts).toEqual({ minutesLate: 3 });
    expect(d.penalty).toBe('warning');
  });

  it('after the player finished the round waits for the next match, and skips a bye', () => {
    const base = [...roundOne, reported(1, 1, ['a', 'a'])];
    const events = thenEvents(
      given(...base),
      issue('b', 'marked-cards', 'between-matches', { facts: { pattern: true } }),
    );
    expect(issued(events).landing).toEqual({ kind: 'next-match', fromRound: 2 });
    const round2 = [
      reported(1, 2, ['c', 'c']),
      ended(1),
      swissRound(2, [['a', 'c']], 'b'),
      reported(2, 1, ['a', 'a']),
      ended(2),
    ];
    const withBye = given(
      ...base,
      ...events,
      ...round2,
      swissRound(3, [
        ['b', 'd'],
        ['a', 'c'],
      ]),
    );
    expect(recordAt(withBye, 2, null).outcome).toEqual({ kind: 'bye' });
    const derived =
      withBye.status !== 'none'
        ? deriveMatches(withBye).matches.find((m) => m.record.round === 3 && m.record.table === 1)
        : undefined;
    expect(derived?.duels).toEqual([{ duel: 1, winner: 'd', byPenalty: [1] }]);
  });

  it('for both players on the same duel is a double loss: neither wins it', () => {
    const first = thenEvents(
      given(...roundOne),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 7 } }),
    );
    const second = thenEvents(
      given(...roundOne, ...first),
      issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 7 } }),
    );
    const state = run(given(...roundOne, ...first, ...second), report(1, 1, ['b', 'b']));
    const derived = state.status !== 'none' ? deriveMatches(state).matches[0] : undefined;
    expect(derived?.duels).toEqual([
      { duel: 1, winner: null, byPenalty: [1, 2] },
      { duel: 2, winner: 'b', byPenalty: [] },
      { duel: 3, winner: 'b', byPenalty: [] },
    ]);
    expect(derived?.record).toMatchObject({
      outcome: { kind: 'win', winner: 'b', byPenalty: false },
      duelWins: { a: 0, b: 2 },
    });
  });

  it('refuses a duel the player already lost by penalty, and a match penalties already decided', () => {
    const first = thenEvents(given(...roundOne), issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 1 }));
    expect(
      thenError(
        given(...roundOne, ...first),
        issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 1 }),
        'duel-already-decided',
      ),
    ).toEqual({ duel: 1 });
    const second = thenEvents(
      given(...roundOne, ...first),
      issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 2 }),
    );
    const decided = given(...roundOne, ...first, ...second);
    expect(recordAt(decided, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
    thenError(decided, issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 3 }), 'match-already-decided');
    thenError(decided, report(1, 1, ['a']), 'match-already-decided');
  });

  it('refuses a landing the timing table does not offer', () => {
    const details = thenError(
      given(...roundOne),
      issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 1, appliesTo: 'next-match' }),
      'landing-not-allowed',
    );
    expect(details).toEqual({ appliesTo: 'next-match', options: ['current-duel'] });
  });
});

describe('match loss', () => {
  it('in a match loses that match; no duel result can be reported for it', () => {
    const events = thenEvents(given(...roundOne), issue('a', 'stalling', 'in-duel'));
    expect(issued(events).landing).toEqual({ kind: 'match', round: 1, table: 1 });
    const state = given(...roundOne, ...events);
    expect(recordAt(state, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'b', byPenalty: true },
      duelWins: { b: 2, a: 0 },
    });
    thenError(state, report(1, 1, ['a', 'a']), 'match-already-decided');
    const end = { type: 'EndRound', data: { round: 1 }, meta: meta('scorekeeper') } as const;
    expect(thenEvents(run(state, report(1, 2, ['c', 'c'])), end)).toEqual([{ type: 'RoundEnded', data: { round: 1 } }]);
  });

  it('for both players is a double loss of the match', () => {
    const first = thenEvents(given(...roundOne), issue('a', 'stalling', 'in-duel'));
    const second = thenEvents(given(...roundOne, ...first), issue('b', 'stalling', 'in-duel'));
    expect(recordAt(given(...roundOne, ...first, ...second), 1, 1)).toMatchObject({
      outcome: { kind: 'double-loss' },
      duelWins: { a: 0, b: 0 },
    });
  });

  it("in a match already lost stays on the current match; moving it to the next match is a head judge's option", () => {
    const lost = [
      ...roundOne,
      ...thenEvents(
        given(...roundOne),
        issue('b', 'extra-draw', 'in-duel', { facts: { identifiable: false, decisive: false }, duel: 1 }),
      ),
    ];
    const second = thenEvents(
      given(...lost),
      issue('b', 'extra-draw', 'in-duel', { facts: { identifiable: false, decisive: false }, duel: 2 }),
    );
    const state = given(...lost, ...second);
    const kept = issued(thenEvents(state, issue('b', 'stalling', 'in-duel')));
    expect(kept.report.matchAlreadyLost).toBe(true);
    expect(kept.guideline.appliesTo).toBe('current-match');
    expect(kept.guideline.appliesToOptions).toEqual(['current-match', 'next-match']);
    expect(kept.landing).toEqual({ kind: 'match', round: 1, table: 1 });
    expect(thenError(state, issue('b', 'stalling', 'in-duel', { appliesTo: 'next-match' }), 'role-required')).toEqual({
      roles: ['head-judge'],
      actual: 'judge',
    });
    const moved = issued(
      thenEvents(state, issue('b', 'stalling', 'in-duel', { role: 'head-judge', appliesTo: 'next-match' })),
    );
    expect(moved.landing).toEqual({ kind: 'next-match', fromRound: 2 });
  });

  it('between matches lands on the next match', () => {
    const state = given(...roundOne);
    const d = issued(thenEvents(state, issue('c', 'tardiness', 'between-matches', { facts: { minutesLate: 12 } })));
    expect(d.penalty).toBe('match-loss');
    expect(d.landing).toEqual({ kind: 'next-match', fromRound: 1 });
    expect(recordAt(given(...roundOne, { type: 'PenaltyIssued', data: d }), 1, 2).outcome).toEqual({
      kind: 'win',
      winner: 'd',
      byPenalty: true,
    });
  });
});

describe('where a report is made', () => {
  it('refuses a penalty for a player not in the tournament, and an in-duel report without a match', () => {
    thenError(given(...roundOne), issue('zz', 'stalling', 'in-duel'), 'player-not-found');
    thenError(given(...roundOne, reported(1, 1, ['a', 'a'])), issue('a', 'stalling', 'in-duel'), 'no-current-match');
    thenError(given(...roundOne), issue('a', 'stalling', 'in-duel', { round: 1, table: 2 }), 'player-not-in-match');
    thenError(
      given(...roundOne, reported(1, 1, ['a', 'a'])),
      issue('a', 'stalling', 'in-duel', { round: 1, table: 1 }),
      'match-already-decided',
    );
  });

  it('lets the judge name the next round when the match of this round was already played', () => {
    const d = issued(thenEvents(given(...roundOne), issue('a', 'stalling', 'between-matches', { round: 2 })));
    expect(d.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    expect(
      thenError(given(...roundOne), issue('a', 'stalling', 'between-matches', { round: 3 }), 'invalid-command').field,
    ).toBe('round');
  });

  it('passes the judge a clear error when assess refuses the report', () => {
    const details = thenError(
      given(...roundOne),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: -2 } }),
      'assess-failed',
    );
    expect(details.field).toBe('facts.minutesLate');
  });
});
