import { describe, expect, it } from 'vitest';
import type { DecideRequest, SubmitRequest } from '../../src/core/tournament/commands.js';
import type { StaffRequest } from '../../src/core/tournament/events.js';
import { given, meta, reported, thenError, thenEvents, tournament, type GivenEvent } from './fixtures.js';
import { issue, other, recordAt, roundOne } from './penalty-fixtures.js';

const submit = (request: StaffRequest, notes?: string): SubmitRequest => ({
  type: 'SubmitRequest',
  data: { request, ...(notes ? { notes } : {}) },
  meta: meta('judge', { id: 'floor' }),
});
const decide = (data: DecideRequest['data']): DecideRequest => ({
  type: 'DecideRequest',
  data,
  meta: meta('head-judge', { id: 'head' }),
});
const deviation = (): StaffRequest => ({
  kind: 'penalty',
  penalty: issue('a', 'outside-advice', 'in-duel', {
    facts: { affectedResult: true },
    choice: other('duel-loss', '助言で勝敗が決まった'),
    duel: 2,
  }).data,
});
const statements = ['対戦相手の証言: じゃんけんで勝敗を決めようと持ちかけられた'];

describe("a floor judge's request to the head judge", () => {
  it('records the proposal with the guideline and the notes; a request that could never be approved is refused at once', () => {
    const events = thenEvents(given(...roundOne), submit(deviation(), 'Player kept glancing at a friend'));
    expect(events).toEqual([
      {
        type: 'RequestSubmitted',
        data: expect.objectContaining({
          requestId: 1,
          notes: 'Player kept glancing at a friend',
          proposed: 'duel-loss',
          guideline: expect.objectContaining({ penalty: 'warning' }),
          judge: { id: 'floor', role: 'judge' },
        }),
      },
    ]);
    // Nothing is on the record until the head judge decides.
    expect(tournament(...roundOne, ...events).penalties).toEqual([]);
    const dq: StaffRequest = { kind: 'penalty', penalty: issue('a', 'random-result', 'in-duel').data };
    thenError(given(...roundOne), submit(dq), 'statements-required');
    thenError(given(...roundOne), { ...submit(deviation()), meta: meta('scorekeeper') }, 'role-required');
  });

  it('approved: the penalty is issued by the head judge, once', () => {
    const sent = thenEvents(given(...roundOne), submit(deviation()));
    const state = given(...roundOne, ...sent);
    const approved = thenEvents(state, decide({ requestId: 1, outcome: 'approved' }));
    expect(approved.map((e) => e.type)).toEqual(['PenaltyIssued', 'RequestDecided']);
    expect(approved[0]).toMatchObject({
      data: {
        penalty: 'duel-loss',
        deviationReason: '助言で勝敗が決まった',
        judge: { id: 'head', role: 'head-judge' },
      },
    });
    expect(approved[1]).toMatchObject({ data: { requestId: 1, outcome: 'approved', penaltyId: 1, reason: null } });
    const after = given(...roundOne, ...sent, ...approved);
    expect(tournament(...roundOne, ...sent, ...approved).requests[0]?.decision).toMatchObject({
      outcome: 'approved',
      penaltyId: 1,
    });
    thenError(after, decide({ requestId: 1, outcome: 'approved' }), 'request-already-decided');
    thenError(after, decide({ requestId: 9, outcome: 'approved' }), 'request-not-found');
    thenError(after, { ...decide({ requestId: 1, outcome: 'approved' }), meta: meta('judge') }, 'role-required');
  });

  it('changed: another penalty with the reason; refused: only the decision, with a reason', () => {
    const first = thenEvents(given(...roundOne), submit(deviation()));
    const second = thenEvents(
      given(...roundOne, ...first),
      submit({ kind: 'penalty', penalty: issue('b', 'random-result', 'in-duel', { statements }).data }),
    );
    const fixed: GivenEvent[] = [...first, ...second];
    expect(second[0]).toMatchObject({ data: { requestId: 2 } });
    const state = given(...roundOne, ...fixed);
    thenError(state, decide({ requestId: 1, outcome: 'changed', penalty: 'warning' }), 'deviation-reason-required');
    const changed = thenEvents(
      state,
      decide({ requestId: 1, outcome: 'changed', penalty: 'warning', reason: 'guideline is enough' }),
    );
    expect(changed[0]).toMatchObject({ type: 'PenaltyIssued', data: { penalty: 'warning', deviationReason: null } });
    thenError(state, decide({ requestId: 2, outcome: 'refused' }), 'reason-required');
    const refused = thenEvents(state, decide({ requestId: 2, outcome: 'refused', reason: 'not what happened' }));
    expect(refused).toEqual([
      {
        type: 'RequestDecided',
        data: {
          requestId: 2,
          outcome: 'refused',
          penaltyId: null,
          reason: 'not what happened',
          judge: { id: 'head', role: 'head-judge' },
        },
      },
    ]);
    // The disqualification request approved: the player loses the match, with the floor judge's statements.
    const dq = thenEvents(state, decide({ requestId: 2, outcome: 'approved' }));
    expect(dq[0]).toMatchObject({ type: 'PenaltyIssued', data: { penalty: 'disqualification', statements } });
    expect(recordAt(given(...roundOne, ...fixed, ...dq), 1, 1).outcome).toEqual({
      kind: 'win',
      winner: 'a',
      byPenalty: true,
    });
  });

  it('a result correction goes the same way', () => {
    const base = [...roundOne, reported(1, 1, ['b', 'b'])];
    const sent = thenEvents(
      given(...base),
      submit({
        kind: 'correction',
        correction: { round: 1, table: 1, duels: ['a', 'a'], reason: 'slip was filled in wrong' },
      }),
    );
    expect(sent[0]).toMatchObject({ data: { proposed: null, guideline: null } });
    const approved = thenEvents(given(...base, ...sent), decide({ requestId: 1, outcome: 'approved' }));
    expect(approved.map((e) => e.type)).toEqual(['ResultCorrected', 'RequestDecided']);
    thenError(
      given(...base, ...sent),
      decide({ requestId: 1, outcome: 'changed', penalty: 'warning', reason: 'x' }),
      'invalid-command',
    );
  });

  it("keeps the judge's notes with the penalty (staff only), and drops blank ones", () => {
    const withNotes = {
      ...issue('a', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }),
      data: {
        ...issue('a', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }).data,
        notes: '  drew while shuffling ',
      },
    };
    const events = thenEvents(given(...roundOne), withNotes);
    expect(events[0]).toMatchObject({ type: 'PenaltyIssued', data: { notes: 'drew while shuffling' } });
    expect(tournament(...roundOne, ...events).penalties[0]?.notes).toBe('drew while shuffling');
    const blank = thenEvents(given(...roundOne), { ...withNotes, data: { ...withNotes.data, notes: ' ' } });
    expect(blank[0]?.data).not.toHaveProperty('notes');
  });
});
