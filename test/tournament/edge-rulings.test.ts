import { describe, expect, it } from 'vitest';
import { penaltyLog } from '../../src/app/penalty-log.js';
import { previewPenalty } from '../../src/core/tournament/penalty-preview.js';
import { TOURNAMENT_EVENT_TYPES, type TournamentEvent } from '../../src/core/tournament/events.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { officialRecord, RECORD_EVENT_TYPES } from '../../src/core/tournament/official-record.js';
import {
  en,
  ended,
  given,
  meta,
  registered,
  reported,
  stamp,
  swissRound,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue, recordAt, roundOne } from './penalty-fixtures.js';

/*
 * Issue #25: rulings at the edges an audit straight from the Japanese rules found wrong, each
 * as given / when / then.
 */

const late = (player: string, minutesLate: number, o: Parameters<typeof issue>[3] = {}) =>
  issue(player, 'tardiness', 'between-matches', { ...o, facts: { minutesLate } });

/** The record as the service reads it: only the record's event types, across tournaments. */
const recordOf = (events: readonly GivenEvent[]) =>
  officialRecord(
    stamp(events)
      .filter((e) => (RECORD_EVENT_TYPES as readonly string[]).includes(e.type))
      .map((e) => ({ ...e, tournamentId: 't1' })),
  );

/** Decides `command` on the state after `events` and returns the events with the new ones. */
const decided = (events: GivenEvent[], command: Parameters<typeof thenEvents>[1]): GivenEvent[] => [
  ...events,
  ...thenEvents(given(...events), command).map((e) => ({ ...e, at: command.meta.at }) as TournamentEvent),
];

describe('1. the official record shows the penalty in force after a lateness is raised', () => {
  it('given a warning for 3 minutes, when the same lateness reaches 7 and then 12 minutes, then the record says duel loss, then match loss', () => {
    const warned = decided(roundOne, late('b', 3));
    expect(
      recordOf(warned)
        .get('b')
        ?.map((e) => e.penalty),
    ).toEqual(['warning']);
    const duelLoss = decided(warned, late('b', 7));
    expect(
      recordOf(duelLoss)
        .get('b')
        ?.map((e) => [e.penalty, e.issuedAs]),
    ).toEqual([['duel-loss', null]]);
    const matchLoss = decided(duelLoss, late('b', 12));
    expect(
      recordOf(matchLoss)
        .get('b')
        ?.map((e) => e.penalty),
    ).toEqual(['match-loss']);
    expect(penaltyLog(tournament(...matchLoss)).map((e) => e.penalty)).toEqual(['match-loss']);
  });

  it('given every kind of penalty event, then the record, read from its own event types, agrees with the penalty log', () => {
    let events: GivenEvent[] = decided(roundOne, late('b', 3));
    events = decided(events, late('b', 7));
    events = decided(events, issue('a', 'slow-play', 'in-duel', { facts: { affectedResult: false } }));
    events = decided(events, issue('c', 'marked-cards', 'in-duel', { facts: { pattern: false } }));
    events = decided(events, issue('d', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }));
    const appeal = (type: 'RescindPenalty' | 'ChangePenalty', data: Record<string, unknown>) =>
      ({ type, data: { reason: 'on appeal', statements: [], ...data }, meta: meta('head-judge') }) as never;
    events = decided(events, appeal('ChangePenalty', { penaltyId: 3, penalty: 'warning' }));
    events = decided(events, appeal('RescindPenalty', { penaltyId: 4 }));
    const stamped = stamp(events);
    // Whatever event type changes a penalty is one the record reads.
    let state = fold([]);
    for (const e of stamped) {
      const before = state.status === 'none' ? undefined : state.penalties;
      state = fold([e], state);
      if (before !== undefined && state.status !== 'none' && state.penalties !== before)
        expect(RECORD_EVENT_TYPES).toContain(e.type);
    }
    expect(TOURNAMENT_EVENT_TYPES).toEqual(expect.arrayContaining([...RECORD_EVENT_TYPES]));
    const log = penaltyLog(tournament(...events)).filter((e) => e.recorded);
    const record = [...recordOf(events).values()].flat().sort((x, y) => x.penaltyId - y.penaltyId);
    expect(record.map((e) => [e.penaltyId, e.penalty, e.issuedAs])).toEqual(
      log.map((e) => [e.id, e.penalty, e.issuedAs === e.penalty ? null : e.issuedAs]),
    );
    expect(record.map((e) => e.penaltyId)).toEqual([1, 3]);
  });
});

/** Round 1 with b's match ended by b's stalling, a late between matches (the duel loss waits for round 2), then round 2 paired. */
function lateInRoundOne(): GivenEvent[] {
  let events: GivenEvent[] = decided(roundOne, issue('b', 'stalling', 'in-duel'));
  events = decided(events, late('a', 6));
  return [
    ...events,
    reported(1, 2, ['c', 'c']),
    ended(1),
    swissRound(2, [
      ['a', 'c'],
      ['b', 'd'],
    ]),
  ];
}

describe('2. a lateness belongs to the round the player was late for, not the round its penalty lands on', () => {
  it('given a round-1 lateness whose duel loss waits for round 2, when a is late again in round 2, then it is a new penalty and a repeat is offered', () => {
    const events = lateInRoundOne();
    const first = tournament(...events).penalties[1];
    expect(first?.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    const again = thenEvents(given(...events), late('a', 6));
    expect(again[0]).toMatchObject({
      type: 'PenaltyIssued',
      data: {
        penaltyId: 3,
        penalty: 'duel-loss',
        report: { previous: ['tardiness'] },
        guideline: { repeat: { count: 2, upgradeTo: 'match-loss' } },
      },
    });
  });

  it('given the same, when a is 12 minutes late in round 2, then the round-1 penalty stays a duel loss and round 2 gets its own match loss', () => {
    const events = decided(lateInRoundOne(), late('a', 12));
    const t = tournament(...events);
    expect(t.penalties.map((p) => [p.id, p.penalty, p.raised ?? null])).toEqual([
      [1, 'match-loss', null],
      [2, 'duel-loss', null],
      [3, 'match-loss', null],
    ]);
  });
});

describe('3. a disqualified player cannot win a match (rules 1-E, 1-F)', () => {
  const dq = (player: string) =>
    issue(player, 'random-result', 'between-matches', { role: 'head-judge', statements: ['both admitted it'] });

  it('given round 2 paired and not begun, when b is disqualified between matches, then b loses that match and a report for b is refused', () => {
    const events = decided(
      [
        ...roundOne,
        reported(1, 1, ['a', 'a']),
        reported(1, 2, ['c', 'c']),
        ended(1),
        swissRound(2, [
          ['a', 'c'],
          ['b', 'd'],
        ]),
      ],
      dq('b'),
    );
    const t = tournament(...events);
    expect(t.penalties[0]?.landing).toEqual({ kind: 'match', round: 2, table: 2 });
    expect(recordAt(given(...events), 2, 2).outcome).toEqual({ kind: 'win', winner: 'd', byPenalty: true });
    thenError(
      given(...events),
      { type: 'ReportResult', data: { round: 2, table: 2, duels: ['b', 'b'] }, meta: meta('scorekeeper') },
      'match-already-decided',
    );
  });

  it('given the next round not paired yet, when b is disqualified between matches, then there is no match to lose', () => {
    const events = decided([...roundOne, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1)], dq('b'));
    expect(tournament(...events).penalties[0]?.landing).toEqual({ kind: 'none' });
  });
});

describe('4. a player with a bye has no seat to be late for', () => {
  it('given c has a bye in round 1, when c is reported late, then it is refused with the reason', () => {
    const state = given(
      ...roundOne.slice(0, 5),
      registered('e'),
      swissRound(
        1,
        [
          ['a', 'b'],
          ['d', 'e'],
        ],
        'c',
      ),
    );
    const refused = thenError(state, late('c', 6), 'no-seat');
    expect(refused.reason).toBe('bye');
    expect(en(refused.why)).toBe('the player has a bye in round 1: there is no seat and no seat time to be late for');
    expect(thenEvents(state, late('d', 6))[0]?.type).toBe('PenaltyIssued');
  });
});

describe('5. between duels, the next duel comes after a played one', () => {
  it('given a match in progress, when a duel loss is found between duels for duel 1, then it is refused; duel 2 is taken', () => {
    const between = (duel: number) => issue('a', 'marked-cards', 'between-duels', { facts: { pattern: true }, duel });
    const refused = thenError(given(...roundOne), between(1), 'invalid-command');
    expect([refused.field, en(refused.problem)]).toEqual([
      'duel',
      'between duels at least one duel is over: the next duel is duel 2 or later, not duel 1',
    ]);
    expect(thenEvents(given(...roundOne), between(2))[0]).toMatchObject({
      data: { landing: { kind: 'duel', round: 1, table: 1, duel: 2 } },
    });
    // The assess answer tells the console the same: the duels it may name start at 2 between duels.
    const report = (phase: 'in-duel' | 'between-duels') => ({
      infraction: 'marked-cards',
      phase,
      facts: { pattern: true },
    });
    const preview = (phase: 'in-duel' | 'between-duels') => {
      const p = previewPenalty(tournament(...roundOne), 'a', report(phase));
      return p.ok ? [p.value.duels, p.value.firstDuel] : null;
    };
    expect([preview('in-duel'), preview('between-duels')]).toEqual([
      [3, 1],
      [3, 2],
    ]);
  });
});

describe('6. no match loss in the match the player left by disqualification', () => {
  it('given a disqualified in the duel, when a match loss for that match is issued, then it is refused as a duel loss is; a further disqualification is not', () => {
    const events = decided(
      roundOne,
      issue('a', 'random-result', 'in-duel', { role: 'head-judge', statements: ['admitted'] }),
    );
    thenError(given(...events), issue('a', 'stalling', 'in-duel'), 'match-already-decided');
    thenError(
      given(...events),
      issue('a', 'marked-cards', 'in-duel', { facts: { pattern: true }, duel: 1 }),
      'match-already-decided',
    );
    expect(
      thenEvents(
        given(...events),
        issue('a', 'bribery', 'in-duel', { role: 'head-judge', statements: ['offered money too'] }),
      )[0]?.type,
    ).toBe('PenaltyIssued');
    // A match loss the player's own match loss already decided stays possible (the guideline of 1-D keeps the current match).
    const stalled = decided(roundOne, issue('b', 'stalling', 'in-duel'));
    expect(thenEvents(given(...stalled), issue('b', 'stalling', 'in-duel'))[0]?.type).toBe('PenaltyIssued');
  });
});
