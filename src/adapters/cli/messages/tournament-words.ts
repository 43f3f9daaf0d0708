import { messageTable, t, type Word } from '../../message-table.js';

export const tournamentWordsMessages = messageTable({
  text: () => t('未入力', '—'),
  bye: () => t('不戦勝', 'bye'),
  draw: () => t('引き分け', 'draw'),
  'double-loss': () => t('両者敗北', 'double loss'),
  penalty: () => t(' (罰則)', ' (penalty)'),
  wins: (d: { winner: Word; winner2: Word; loser: Word; penalty: Word }) =>
    t(`${d.winner} の勝ち ${d.winner2}-${d.loser}${d.penalty}`, `${d.winner} wins ${d.winner2}-${d.loser}${d.penalty}`),
});
