import { messageTable, t, type Word } from '../../message-table.js';

export const demoMessages = messageTable({
  'holds-data-other-than-demo': (d: { path: Word }) =>
    t(
      `${d.path} はデモ以外のデータを含むため上書きしません。別のファイルを --db で指定してください`,
      `${d.path} holds data other than the demo; it is not overwritten. Name another file with --db`,
    ),
  'db-demo-writes-sqlite-file': () =>
    t('--db: デモは SQLite のファイルにだけ書き込みます', '--db: the demo writes an SQLite file only'),
  card: () => t('カード', 'Card'),
  zone: () => t('区分', 'Zone'),
  registered: () => t('登録', 'Registered'),
  presented: () => t('実際', 'Presented'),
  'shinpan-demo-players-swiss-rounds': (d: { name: Word; date: Word; playersCount: Word; value: Word }) =>
    t(
      `shinpan デモ: ${d.name}、${d.date}、${d.playersCount}名、スイスドロー${d.value}回戦 + 上位4名の決勝トーナメント`,
      `shinpan demo: ${d.name}, ${d.date}, ${d.playersCount} players, ${d.value} Swiss rounds and a top 4`,
    ),
  'written-tournament-events': (d: { path: Word; id: Word; events: Word }) =>
    t(
      `${d.path} に書き込みました (大会ID ${d.id}、イベント ${d.events} 件)`,
      `Written to ${d.path} (tournament ${d.id}, ${d.events} events)`,
    ),
  'top-4': () => t('■ 決勝トーナメント', '■ Top 4'),
  'swiss-standings-after-round-4': () => t('■ スイスドローの順位 (4回戦終了時点)', '■ Swiss standings after round 4'),
  'deck-check-round-2-presented': (d: { label: Word; presented: Word }) =>
    t(
      `■ デッキチェック (第2回戦): ${d.label} が catalogue/decks/${d.presented} を提示`,
      `■ Deck check, round 2: ${d.label} presented catalogue/decks/${d.presented}`,
    ),
  'decklist-mismatch-duel-loss': (d: { value: Word; value2: Word }) =>
    t(`  → decklist-mismatch: デュエルの敗北 (${d.value})`, `  → decklist-mismatch: duel loss (${d.value2})`),
  'penalty-log': () => t('■ 罰則ログ', '■ Penalty log'),
  'try-next': () => t('■ 次に試すコマンド', '■ Try next'),
  'judge-console-same-data': () => t('# 同じデータでジャッジコンソールを開く', '# the judge console on the same data'),
});
