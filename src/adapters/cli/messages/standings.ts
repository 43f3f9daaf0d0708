import { messageTable, t, type Word } from '../../message-table.js';

export const standingsMessages = messageTable({
  rank: () => t('順位', 'Rank'),
  pts: () => t('勝点', 'Pts'),
  'w-l-d': () => t('勝-敗-分', 'W-L-D'),
  status: () => t('状態', 'Status'),
  place: () => t('順位', 'Place'),
  name: () => t('氏名', 'Name'),
  swiss: () => t('スイス順位', 'Swiss'),
  'top-cut': () => t('決勝トーナメント', 'Top cut'),
  'still-won': () => t('勝ち残り', 'still in / won'),
  'out-round': (d: { eliminatedInRound: Word }) =>
    t(`第${d.eliminatedInRound}回戦で敗退`, `out in round ${d.eliminatedInRound}`),
  'standings-before-round-1': () => t('第1回戦の前の順位', 'standings before round 1'),
  'standings-while-round-played': (d: { last: Word }) =>
    t(`順位 (第${d.last}回戦の途中)`, `standings while round ${d.last} is played`),
  'final-places': (d: { name: Word }) => t(`${d.name} 最終順位`, `${d.name}: final places`),
  'standings-after-round': (d: { chosen: Word }) =>
    t(`第${d.chosen}回戦終了時点の順位`, `standings after round ${d.chosen}`),
});
