import { describe, expect, it } from 'vitest';
import { deriveMatches, standingsPlayers } from '../../src/core/tournament/match-results.js';
import {
  at,
  ended,
  given,
  meta,
  reported,
  run,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue, recordAt, roundOne } from './penalty-fixtures.js';

const rescind = (penaltyId: number, reason = '上訴により取り消し', role: 'head-judge' | 'judge' = 'head-judge') =>
  ({ type: 'RescindPenalty', data: { penaltyId, reason }, meta: meta(role, { at: at(30) }) }) as const;
const change = (
  penaltyId: number,
  penalty: 'warning' | 'duel-loss' | 'match-loss' | 'disqualification',
  extra: { duel?: number; statements?: string[] } = {},
) =>
  ({
    type: 'ChangePenalty',
    data: { penaltyId, penalty, reason: '上訴で再検討', ...extra },
    meta: meta('head-judge', { at: at(30) }),
  }) as const;
const report = (table: number, duels: string[]) =>
  ({ type: 'ReportResult', data: { round: 1, table, duels }, meta: meta('scorekeeper') }) as const;

/** b lost duel 2 of table 1 to an extra draw, then the table reported a's win in duel 1: a won 2-0. */
const decidedByPenalty: GivenEvent[] = [
  ...roundOne,
  ...thenEvents(
    given(...roundOne),
    issue('b', 'extra-draw', 'in-duel', { facts: { identifiable: false, decisive: false }, duel: 2 }),
  ),
];
const reportedAfter = [...decidedByPenalty, ...thenEvents(given(...decidedByPenalty), report(1, ['a']))];

describe('RescindPenalty', () => {
  it('is a new event by a head judge with a reason; the penalty stays in the state, marked rescinded', () => {
    const events = thenEvents(given(...reportedAfter), rescind(1));
    expect(events).toEqual([
      {
        type: 'PenaltyRescinded',
        data: { penaltyId: 1, reason: '上訴により取り消し', judge: { id: 'head-judge', role: 'head-judge' } },
      },
    ]);
    const t = tournament(...reportedAfter, ...events.map((e) => ({ ...e, at: at(30) })));
    expect(t.penalties[0]).toMatchObject({
      id: 1,
      penalty: 'duel-loss',
      rescinded: true,
      appeals: [{ kind: 'rescinded', from: 'duel-loss', to: null, reason: '上訴により取り消し' }],
    });
  });

  it('sends a match its duel loss decided back to needing the remaining duels', () => {
    expect(recordAt(given(...reportedAfter), 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
    const state = run(given(...reportedAfter), rescind(1));
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'pending' });
    expect(state.status !== 'none' && deriveMatches(state).matches[0]?.staleReport).toBe(true);
    const end = { type: 'EndRound', data: { round: 1 }, meta: meta('scorekeeper') } as const;
    expect(thenError(run(state, report(2, ['c', 'c'])), end, 'results-missing')).toEqual({ round: 1, tables: [1] });
    const again = run(state, report(1, ['a', 'b', 'b']));
    expect(recordAt(again, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'b', byPenalty: false },
      duelWins: { a: 1, b: 2 },
    });
  });

  it('gives a disqualified player back: no longer dropped, the match no longer lost by penalty', () => {
    const dq = thenEvents(
      given(...roundOne),
      issue('a', 'random-result', 'in-duel', { role: 'head-judge', statements: ['記録'] }),
    );
    const state = run(given(...roundOne, ...dq), rescind(1));
    if (state.status === 'none') throw new Error('no tournament');
    expect(standingsPlayers(state).find((p) => p.id === 'a')?.dropped).toBe(false);
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'pending' });
  });

  it('needs a head judge, a reason, a known penalty, and refuses rescinding twice', () => {
    thenError(given(...reportedAfter), rescind(1, 'x', 'judge'), 'role-required');
    thenError(given(...reportedAfter), rescind(1, ''), 'reason-required');
    thenError(given(...reportedAfter), rescind(7), 'penalty-not-found');
    thenError(run(given(...reportedAfter), rescind(1)), rescind(1), 'penalty-rescinded');
  });
});

describe('ChangePenalty', () => {
  it('lowers a duel loss to a warning: the duel is no longer decided, the result needs the duels again', () => {
    const events = thenEvents(given(...reportedAfter), change(1, 'warning'));
    expect(events).toEqual([
      {
        type: 'PenaltyChanged',
        data: {
          penaltyId: 1,
          penalty: 'warning',
          landing: { kind: 'none' },
          reason: '上訴で再検討',
          statements: [],
          judge: { id: 'head-judge', role: 'head-judge' },
        },
      },
    ]);
    const state = run(given(...reportedAfter), change(1, 'warning'));
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'pending' });
    expect(state.status !== 'none' && state.penalties[0]?.appeals).toEqual([
      {
        kind: 'changed',
        from: 'duel-loss',
        to: 'warning',
        reason: '上訴で再検討',
        judge: { id: 'head-judge', role: 'head-judge' },
        at: at(30),
      },
    ]);
  });

  it('raises a duel loss to a match loss on the same match', () => {
    const state = given(...reportedAfter, ...thenEvents(given(...reportedAfter), change(1, 'match-loss')));
    expect(recordAt(state, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'a', byPenalty: true },
      duelWins: { a: 2, b: 0 },
    });
  });

  it('moves a duel loss to another duel of the same match when the head judge names it', () => {
    const state = given(
      ...decidedByPenalty,
      ...thenEvents(given(...decidedByPenalty), change(1, 'duel-loss', { duel: 1 })),
    );
    expect(state.status !== 'none' && state.penalties[0]?.landing).toEqual({
      kind: 'duel',
      round: 1,
      table: 1,
      duel: 1,
    });
  });

  it('needs statements for a disqualification and a reason', () => {
    thenError(given(...reportedAfter), change(1, 'disqualification'), 'statements-required');
    thenError(
      given(...reportedAfter),
      { ...change(1, 'warning'), data: { penaltyId: 1, penalty: 'warning', reason: ' ' } },
      'reason-required',
    );
  });

  it('shows a plain disqualification once one with loss of prizes is changed; neither holds a rank', () => {
    const base = [...roundOne, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1)];
    const dq = thenEvents(
      given(...base),
      issue('a', 'bribery', 'between-matches', { role: 'head-judge', statements: ['証言'] }),
    );
    expect(standingsPlayers(tournament(...base, ...dq)).find((p) => p.id === 'a')?.rankWithdrawn).toBe(true);
    const changed = thenEvents(given(...base, ...dq), change(1, 'disqualification'));
    const t = tournament(...base, ...dq, ...changed);
    expect(standingsPlayers(t).find((p) => p.id === 'a')).toMatchObject({
      dropped: true,
      rankWithdrawn: true,
      disqualification: 'disqualified',
    });
  });
});

describe('DenyAppeal', () => {
  const deny = (penaltyId: number, role: 'head-judge' | 'judge' = 'head-judge', reason = '映像で確認、判定どおり') =>
    ({ type: 'DenyAppeal', data: { penaltyId, reason }, meta: meta(role, { at: at(30) }) }) as const;

  it('records the appeal as denied with its reason; the penalty and the result it made stand', () => {
    const events = thenEvents(given(...reportedAfter), deny(1));
    expect(events).toEqual([
      {
        type: 'AppealDenied',
        data: { penaltyId: 1, reason: '映像で確認、判定どおり', judge: { id: 'head-judge', role: 'head-judge' } },
      },
    ]);
    const state = run(given(...reportedAfter), deny(1));
    const t = tournament(...reportedAfter, ...events.map((e) => ({ ...e, at: at(30) })));
    expect(t.penalties[0]).toMatchObject({
      penalty: 'duel-loss',
      rescinded: false,
      appeals: [{ kind: 'denied', from: 'duel-loss', to: 'duel-loss', reason: '映像で確認、判定どおり' }],
    });
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
  });

  it('is the head judge’s, needs a reason, and only for a penalty in force', () => {
    thenError(given(...reportedAfter), deny(1, 'judge'), 'role-required');
    thenError(given(...reportedAfter), deny(1, 'head-judge', ' '), 'reason-required');
    thenError(run(given(...reportedAfter), rescind(1)), deny(1), 'penalty-rescinded');
  });
});
