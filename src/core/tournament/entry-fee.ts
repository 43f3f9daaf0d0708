import { err, ok } from '../result.js';
import { checkInteger } from './command-checks.js';
import { explain } from './command-problems.js';
import type { Drafted, RecordFeePayment, SetEntryFee } from './commands.js';
import { domainError } from './domain-errors.js';
import { ENTRY_FEE } from './limits.js';
import { selfService, type EntryFee } from './self-service.js';
import { findPlayer, neverPlayed } from './state-queries.js';
import type { PlayerState, Tournament } from './state.js';

/*
 * The entry fee (参加費): the organizer sets it, staff mark each player paid at the check-in
 * desk (and undo a mark made in error). Who owes it is who takes part — the participant rule of
 * docs/standings.md: an entry dropped before its first round (a no-show, a withdrawal) owes
 * nothing. Unpaid does not stop round 1: a shop takes the money at the table as often as at the
 * door, so the desk sees who is unpaid and the total, and decides.
 */

export const DEFAULT_CURRENCY = 'JPY';

/** EntryFeeSet; the same fee again writes nothing. */
export function decideSetEntryFee(command: SetEntryFee, t: Tournament): Drafted {
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  const { amount } = command.data;
  const currency = command.data.currency ?? DEFAULT_CURRENCY;
  const bad = checkInteger('amount', amount, ENTRY_FEE);
  if (bad) return err(bad);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    return err(domainError('invalid-command', { field: 'currency', problem: explain('currency-code') }));
  const now = selfService(t).fee;
  if ((now === null && amount === 0) || (now?.amount === amount && now.currency === currency)) return ok([]);
  return ok([{ type: 'EntryFeeSet', data: { amount, currency } }]);
}

/** FeePaymentRecorded; the mark that already stands writes nothing, so a second tap is harmless. */
export function decideRecordFeePayment(command: RecordFeePayment, t: Tournament): Drafted {
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  const { player, paid } = command.data;
  if (typeof paid !== 'boolean')
    return err(domainError('invalid-command', { field: 'paid', problem: explain('true-or-false') }));
  if (selfService(t).fee === null) return err(domainError('no-entry-fee'));
  if (!findPlayer(t, player)) return err(domainError('player-not-found', { player }));
  if (hasPaid(t, player) === paid) return ok([]);
  return ok([{ type: 'FeePaymentRecorded', data: { player, paid, by: command.meta.actor } }]);
}

export const hasPaid = (t: Tournament, player: string): boolean =>
  selfService(t).payments.latest(player)?.paid === true;

export interface FeeSummary {
  readonly fee: EntryFee;
  /** Those who owe the fee (participants, see `neverPlayed`), in registration order. */
  readonly owing: readonly PlayerState[];
  readonly unpaid: readonly PlayerState[];
  readonly paidCount: number;
  /** `unpaid.length × amount`, and what was taken. */
  readonly unpaidTotal: number;
  readonly paidTotal: number;
}

/** Who owes the fee and who has not paid it; `null` without a fee. */
export function feeSummary(t: Tournament): FeeSummary | null {
  const fee = selfService(t).fee;
  if (fee === null) return null;
  const owing = t.players.filter((p) => !neverPlayed(p));
  const unpaid = owing.filter((p) => !hasPaid(t, p.id));
  const paidCount = owing.length - unpaid.length;
  return {
    fee,
    owing,
    unpaid,
    paidCount,
    unpaidTotal: unpaid.length * fee.amount,
    paidTotal: paidCount * fee.amount,
  };
}
