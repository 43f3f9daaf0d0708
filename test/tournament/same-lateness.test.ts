import { describe, expect, it } from 'vitest';
import { officialRecord } from '../../src/core/tournament/official-record.js';
import {
  stamp,
  ended,
  given,
  reported,
  swissRound,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue, other, recordAt, roundOne } from './penalty-fixtures.js';

const late = (player: string, minutesLate: number) =>
  issue(player, 'tardiness', 'between-matches', { facts: { minutesLate } });

describe('one lateness, one penalty', () => {
  it('refuses the same lateness at the same or a lighter penalty: a second tap adds nothing', () => {
    const first = thenEvents(given(...roundOne), late('b', 6));
    expect(first[0]?.type).toBe('PenaltyIssued');
    const state = given(...roundOne, ...first);
    expect(thenError(state, late('b', 7), 'lateness-already-penalized')).toEqual({
      player: 'b',
      penalty: '1',
      issued: 'duel-loss',
    });
    thenError(state, late('b', 2), 'lateness-already-penalized');
    // Without stated minutes the report cannot be heavier: refused too.
    thenError(state, issue('b', 'tardiness', 'between-matches'), 'lateness-already-penalized');
  });

  it('a heavier proposal replaces the penalty: same id, one on the record, not a repeat', () => {
    const warning = thenEvents(given(...roundOne), late('b', 2));
    const duelLoss = thenEvents(given(...roundOne, ...warning), late('b', 6));
    expect(duelLoss).toHaveLength(1);
    expect(duelLoss[0]).toMatchObject({
      type: 'TardinessRaised',
      data: {
        penaltyId: 1,
        penalty: 'duel-loss',
        repeatUpgrade: false,
        report: { previous: [], facts: { minutesLate: 6 } },
        guideline: { repeat: null },
      },
    });
    const matchLoss = thenEvents(given(...roundOne, ...warning, ...duelLoss), late('b', 11));
    expect(matchLoss[0]).toMatchObject({
      type: 'TardinessRaised',
      data: { penaltyId: 1, penalty: 'match-loss', landing: { kind: 'next-match', fromRound: 1 } },
    });
    const events: GivenEvent[] = [...roundOne, ...warning, ...duelLoss, ...matchLoss];
    const t = tournament(...events);
    expect(t.penalties).toHaveLength(1);
    expect(t.penalties[0]?.raised?.map((r) => [r.from, r.to])).toEqual([
      ['warning', 'duel-loss'],
      ['duel-loss', 'match-loss'],
    ]);
    expect(recordAt(given(...events), 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
    const record = officialRecord(stamp(events).map((e) => ({ ...e, tournamentId: 't1' })));
    expect(record.get('b')).toEqual([
      expect.objectContaining({ penaltyId: 1, penalty: 'match-loss', issuedAs: null, appealReason: null }),
    ]);
  });

  it('a rescinded lateness penalty leaves room for a new one; a lateness in the next round is a new infraction (a repeat)', () => {
    const first = thenEvents(given(...roundOne), late('b', 2));
    const rescind = {
      type: 'PenaltyRescinded',
      data: { penaltyId: 1, reason: 'wrong player', judge: { id: 'hj', role: 'head-judge' } },
    } as const;
    expect(thenEvents(given(...roundOne, ...first, rescind), late('b', 2))[0]?.type).toBe('PenaltyIssued');
    const round2 = [
      reported(1, 1, ['a', 'a']),
      reported(1, 2, ['c', 'c']),
      ended(1),
      swissRound(2, [
        ['a', 'c'],
        ['b', 'd'],
      ]),
    ];
    const again = thenEvents(given(...roundOne, ...first, ...round2), late('b', 2));
    expect(again[0]).toMatchObject({
      type: 'PenaltyIssued',
      data: { penaltyId: 2, report: { previous: ['tardiness'] } },
    });
  });

  it('refuses to raise once the match has a result, and to deviate on a raise', () => {
    const first = thenEvents(given(...roundOne), late('b', 2));
    thenError(given(...roundOne, ...first, reported(1, 1, ['a', 'b', 'a'])), late('b', 6), 'match-already-decided');
    thenError(
      given(...roundOne, ...first),
      issue('b', 'tardiness', 'between-matches', {
        facts: { minutesLate: 6 },
        choice: other('match-loss', 'felt like it'),
      }),
      'invalid-command',
    );
  });
});
