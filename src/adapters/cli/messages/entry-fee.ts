import { messageTable, t, type Word } from '../../message-table.js';

export const entryFeeMessages = messageTable({
  'fee-set': (d: { amount: Word; currency: Word }) =>
    t(`参加費を ${d.amount} ${d.currency} にしました\n`, `The entry fee is ${d.amount} ${d.currency}\n`),
  'fee-removed': () => t('参加費はありません\n', 'No entry fee\n'),
  'no-fee': () =>
    t(
      'この大会には参加費が設定されていません（tournament entry-fee --amount N で設定）\n',
      'This tournament has no entry fee (set one with tournament entry-fee --amount N)\n',
    ),
  paid: (d: { name: Word; player: Word; unpaid: Word }) =>
    t(
      `${d.name} (${d.player}) の参加費を支払い済みにしました。未払い ${d.unpaid} 名\n`,
      `${d.name} (${d.player}) has paid the entry fee; ${d.unpaid} unpaid\n`,
    ),
  undone: (d: { name: Word; player: Word; unpaid: Word }) =>
    t(
      `${d.name} (${d.player}) の参加費を未払いに戻しました。未払い ${d.unpaid} 名\n`,
      `${d.name} (${d.player}) is unpaid again; ${d.unpaid} unpaid\n`,
    ),
  name: () => t('氏名', 'Name'),
  fee: () => t('参加費', 'Entry fee'),
  'paid-yes': () => t('支払済', 'paid'),
  'paid-no': () => t('未払い', 'unpaid'),
  summary: (d: { paid: Word; paidTotal: Word; unpaid: Word; unpaidTotal: Word; currency: Word }) =>
    t(
      `支払済 ${d.paid} 名（${d.paidTotal} ${d.currency}）、未払い ${d.unpaid} 名（${d.unpaidTotal} ${d.currency}）\n`,
      `${d.paid} paid (${d.paidTotal} ${d.currency}), ${d.unpaid} unpaid (${d.unpaidTotal} ${d.currency})\n`,
    ),
});
