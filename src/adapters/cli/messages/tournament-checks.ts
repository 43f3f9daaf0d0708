import { messageTable, t, type Word } from '../../message-table.js';

export const tournamentChecksMessages = messageTable({
  none: () => t('なし', 'none'),
  'deck-check-list-legal': (d: { list: Word }) =>
    t(`デッキチェック（リスト ${d.list}）: 問題なし`, `Deck check (list ${d.list}): legal`),
  'deck-check-list-finding-fix': (d: { list: Word; findingsCount: Word; value: Word }) =>
    t(
      `デッキチェック（リスト ${d.list}）: 違反 ${d.findingsCount} 件 — 第1回戦までに修正してください`,
      `Deck check (list ${d.list}): ${d.findingsCount} finding${d.value} — to fix before round 1`,
    ),
  infraction: () => t('違反', 'Infraction'),
  card: () => t('カード', 'Card'),
  detail: () => t('内容', 'Detail'),
  note: () => t('注意', 'NOTE'),
});
