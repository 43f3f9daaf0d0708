import type { Command } from 'commander';
import { DEFAULT_CURRENCY, feeSummary, hasPaid } from '../../../core/tournament/entry-fee.js';
import { ENTRY_FEE } from '../../../core/tournament/limits.js';
import { selfService } from '../../../core/tournament/self-service.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { intOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { entryFeeMessages as M } from '../messages/entry-fee.js';

/*
 * The entry fee from a terminal: the organizer sets it, the desk marks players paid (or undoes
 * a mark made in error), and anyone at the desk lists who has not paid with the totals.
 */

interface FeeOptions extends WriteOptions {
  readonly amount: string;
  readonly currency?: string;
}

interface PaidOptions extends WriteOptions {
  readonly player: string;
  readonly undo?: boolean;
}

interface FeesOptions extends DbOptions {
  readonly all?: boolean;
}

async function setFee(options: FeeOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const amount = intOption('--amount', options.amount, ENTRY_FEE.min, ENTRY_FEE.max, desk.lang);
    const data = { amount, ...(options.currency === undefined ? {} : { currency: options.currency }) };
    await desk.run({ type: 'SetEntryFee', data, meta: desk.meta('SetEntryFee') });
    const { fee } = selfService(await desk.tournament());
    if (desk.json) return printJson(io, { fee });
    io.stdout.write(fee ? M.say(desk.lang, 'fee-set', { ...fee }) : M.say(desk.lang, 'fee-removed'));
  });
}

async function markPaid(options: PaidOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const paid = options.undo !== true;
    await desk.run({
      type: 'RecordFeePayment',
      data: { player: options.player, paid },
      meta: desk.meta('RecordFeePayment'),
    });
    const t = await desk.tournament();
    const unpaid = feeSummary(t)?.unpaid.length ?? 0;
    if (desk.json) return printJson(io, { player: options.player, paid: hasPaid(t, options.player), unpaid });
    const name = findPlayer(t, options.player)?.name ?? options.player;
    io.stdout.write(M.say(desk.lang, paid ? 'paid' : 'undone', { name, player: options.player, unpaid }));
  });
}

async function listFees(options: FeesOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const fees = feeSummary(t);
    const lang = desk.lang;
    if (fees === null) {
      if (desk.json) return printJson(io, { fee: null });
      io.stdout.write(M.say(lang, 'no-fee'));
      return;
    }
    const rows = (options.all ? fees.owing : fees.unpaid).map((p) => ({
      id: p.id,
      name: p.name,
      paid: hasPaid(t, p.id),
    }));
    const totals = {
      paid: fees.paidCount,
      paidTotal: fees.paidTotal,
      unpaid: fees.unpaid.length,
      unpaidTotal: fees.unpaidTotal,
    };
    if (desk.json) return printJson(io, { fee: fees.fee, ...totals, players: rows });
    io.stdout.write(`${M.say(lang, 'fee')}: ${fees.fee.amount} ${fees.fee.currency}\n`);
    if (rows.length > 0)
      io.stdout.write(
        renderTable(
          [
            { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
            { header: M.say(lang, 'name'), value: (r) => r.name },
            { header: M.say(lang, 'fee'), value: (r) => M.say(lang, r.paid ? 'paid-yes' : 'paid-no') },
          ],
          rows,
        ),
      );
    io.stdout.write(M.say(lang, 'summary', { ...totals, currency: fees.fee.currency }));
  });
}

/** `tournament entry-fee --amount N [--currency JPY]`. */
export function registerEntryFeeCommand(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('entry-fee')
      .description('Set the entry fee; unpaid players are listed at check-in, not kept out / 参加費の設定')
      .requiredOption(
        '--amount <n>',
        `whole units of the currency (${ENTRY_FEE.min}–${ENTRY_FEE.max}; 0: no fee) / 金額（0 で参加費なし）`,
      )
      .option('--currency <code>', `ISO 4217, 3 capital letters (default ${DEFAULT_CURRENCY}) / 通貨`),
  ).action((options: FeeOptions) => setFee(options, io));
}

/** `player fee-paid --player P [--undo]`, `player fees [--all]`. */
export function registerFeeCommands(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('fee-paid')
      .description("Mark a player's entry fee paid (--undo takes the mark back) / 参加費の支払いを記録")
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option('--undo', 'the mark was made in error: unpaid again / 未払いに戻す'),
  ).action((options: PaidOptions) => markPaid(options, io));
  withDbOptions(
    group
      .command('fees')
      .description('Who has not paid the entry fee, with the totals / 参加費の未払い一覧')
      .option('--all', 'every player who owes the fee, paid or not / 支払済みも表示'),
  ).action((options: FeesOptions) => listFees(options, io));
}
