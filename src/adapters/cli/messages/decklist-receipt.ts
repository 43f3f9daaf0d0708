import { messageTable, t, type Word } from '../../message-table.js';

export const decklistReceiptMessages = messageTable({
  'deadline-set': (d: { until: Word }) =>
    t(
      `選手によるデッキリスト提出の期限を ${d.until} にしました\n`,
      `Players send their own decklists until ${d.until}\n`,
    ),
  'player-not-registered': (d: { id: Word }) =>
    t(
      `--player: 選手 ${d.id} はこの大会に登録されていません`,
      `--player: ${d.id} is not registered in this tournament`,
    ),
  'no-receipt': (d: { id: Word }) =>
    t(`${d.id} はデッキリストを提出していません`, `${d.id} has not submitted a decklist`),
  receipt: (d: { name: Word; id: Word; hash: Word; at: Word; by: Word }) =>
    t(
      `${d.name} (${d.id}) のデッキリスト受付: ${d.hash} (${d.at}、${d.by})\n`,
      `Decklist receipt of ${d.name} (${d.id}): ${d.hash} (${d.at}, ${d.by})\n`,
    ),
  'by-player': () => t('選手が提出', 'sent by the player'),
  'by-staff': () => t('スタッフが登録', 'registered by staff'),
  'by-correction': () => t('ヘッドジャッジが訂正', "the head judge's correction"),
  earlier: (d: { count: Word }) => t(`それ以前の提出: ${d.count} 件\n`, `Earlier submissions: ${d.count}\n`),
  'top-or-all': () => t('--top N か --all のどちらか一つを指定します', 'give exactly one of --top N and --all'),
  'publish-top': (d: { top: Word }) =>
    t(
      `大会終了後、上位 ${d.top} 名のデッキリストを公開します\n`,
      `The decklists of the top ${d.top} are published once the tournament has finished\n`,
    ),
  'publish-all': () =>
    t(
      '大会終了後、全員のデッキリストを公開します\n',
      "Everyone's decklist is published once the tournament has finished\n",
    ),
});
