import { messageTable, t, type Word } from '../../message-table.js';

export const importFindingsMessages = messageTable({
  'no-list': () => t('なし', 'none'),
  note: () => t('注意', 'NOTE'),
  'all-legal': (d: { checked: Word; list: Word }) =>
    t(
      `デッキリスト ${d.checked} 件を確認（リスト ${d.list}）: すべて問題なし`,
      `Checked ${d.checked} decklist${d.checked === 1 ? '' : 's'} (list ${d.list}): all legal`,
    ),
  summary: (d: { checked: Word; bad: Word; list: Word; players: Word }) =>
    t(
      `デッキリスト ${d.checked} 件を確認（リスト ${d.list}）: ${d.bad} 件に問題あり（${d.players}）。登録はしました。第1回戦は、修正するか主催者が理由を記して続行するまで組めません`,
      `Checked ${d.checked} decklist${d.checked === 1 ? '' : 's'} (list ${d.list}): ${d.bad} with findings (${d.players}). They are registered; round 1 cannot be paired until they are fixed or the organizer goes on with a reason`,
    ),
});
