import { describe, expect, it } from 'vitest';
import { feeSummary, hasPaid } from '../../src/core/tournament/entry-fee.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { created, given, meta, registered, run, swissRound, thenError, thenEvents, tournament } from './fixtures.js';

const players = [created(), registered('a'), registered('b'), registered('c')];
const setFee = (amount: number, currency?: string) =>
  ({
    type: 'SetEntryFee',
    data: { amount, ...(currency === undefined ? {} : { currency }) },
    meta: meta('organizer'),
  }) as const;
const mark = (player: string, paid: boolean, role: 'judge' | 'scorekeeper' | 'organizer' = 'scorekeeper') =>
  ({ type: 'RecordFeePayment', data: { player, paid }, meta: meta(role) }) as const;
const of = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};
const fee1000 = { type: 'EntryFeeSet', data: { amount: 1000, currency: 'JPY' } } as const;

describe('the entry fee', () => {
  it('is set by the organizer in yen by default; the same fee again writes nothing; 0 takes it away', () => {
    expect(thenEvents(given(...players), setFee(1000))).toEqual([fee1000]);
    expect(thenEvents(given(...players, fee1000), setFee(1000, 'JPY'))).toEqual([]);
    expect(thenEvents(given(...players, fee1000), setFee(0))).toEqual([
      { type: 'EntryFeeSet', data: { amount: 0, currency: 'JPY' } },
    ]);
    expect(
      feeSummary(tournament(...players, fee1000, { type: 'EntryFeeSet', data: { amount: 0, currency: 'JPY' } })),
    ).toBe(null);
    thenError(given(...players), { ...setFee(1000), meta: meta('judge') }, 'role-required');
  });

  it('refuses an amount out of bounds or a currency that is not 3 capital letters, naming the field', () => {
    expect(thenError(given(...players), setFee(-1), 'invalid-command').field).toBe('amount');
    expect(thenError(given(...players), setFee(1_000_001), 'invalid-command').field).toBe('amount');
    expect(thenError(given(...players), setFee(1.5), 'invalid-command').field).toBe('amount');
    expect(thenError(given(...players), setFee(500, 'yen'), 'invalid-command').field).toBe('currency');
  });

  it('is marked paid by any staff at the desk, undone, and a second tap writes nothing', () => {
    let state = given(...players, fee1000);
    expect(thenEvents(state, mark('a', true, 'judge'))).toEqual([
      { type: 'FeePaymentRecorded', data: { player: 'a', paid: true, by: { id: 'judge', role: 'judge' } } },
    ]);
    state = run(state, mark('a', true));
    expect(thenEvents(state, mark('a', true))).toEqual([]);
    expect(hasPaid(of(state), 'a')).toBe(true);
    state = run(state, mark('a', false));
    expect(hasPaid(of(state), 'a')).toBe(false);
    thenError(given(...players), mark('a', true), 'no-entry-fee');
    thenError(state, mark('zz', true), 'player-not-found');
  });

  it('counts who owes it by the participant rule: an entry dropped before round 1 owes nothing; unpaid does not stop round 1', () => {
    let state = given(...players, fee1000, {
      type: 'PlayerDropped',
      data: { player: 'c', afterRound: 0, reason: null },
    });
    state = run(state, mark('a', true));
    const summary = feeSummary(of(state))!;
    expect(summary.owing.map((p) => p.id)).toEqual(['a', 'b']);
    expect(summary.unpaid.map((p) => p.id)).toEqual(['b']);
    expect([summary.paidCount, summary.paidTotal, summary.unpaidTotal]).toEqual([1, 1000, 1000]);
    const paired = thenEvents(state, {
      type: 'PairRound',
      data: { round: 1 },
      meta: meta('scorekeeper', { seed: 1 }),
    });
    expect(paired.map((e) => e.type)).toContain('RoundPaired');
    // Taken at the table during round 1.
    const during = given(...players, fee1000, swissRound(1, [['a', 'b']], 'c'));
    expect(thenEvents(during, mark('c', true)).map((e) => e.type)).toEqual(['FeePaymentRecorded']);
  });
});
