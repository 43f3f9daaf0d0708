import { messageTable, t, type Word } from '../../message-table.js';

export const deckMessages = messageTable({
  'no-decklists-found-ydk-ydke': () =>
    t('デッキリストが見つかりません（.ydk・.ydke・.txt）', 'no decklists found (.ydk, .ydke, .txt)'),
  decks: () => t('デッキ', 'decks'),
  note: () => t('注意', 'note'),
  'decklist-could-not-be-read': (d: { broken: Word; value: Word }) =>
    t(`読み込めないデッキリストが ${d.broken} 件あります`, `${d.broken} decklist${d.value} could not be read`),
  'deck-findings': (d: { failing: Word; value: Word }) =>
    t(`違反のあるデッキが ${d.failing} 件あります`, `${d.failing} deck${d.value} findings`),
  'expected-one-got': (d: { targets: Word; to: Word; targets2: Word }) =>
    t(`--to: ${d.targets} のいずれかが必要です（値: "${d.to}"）`, `--to: expected one of ${d.targets2}, got "${d.to}"`),
});
