import { messageTable, t, type Word } from '../../message-table.js';

export const cardsMessages = messageTable({
  'cdb-lang-expected-ja-en': (d: { option: Word }) =>
    t(`--cdb-lang: ja か en が必要です（値: "${d.option}"）`, `--cdb-lang: expected ja or en, got "${d.option}"`),
  skipped: (d: { path: Word; format: Word; cardsCount: Word; skippedCount: Word; plural: Word; plural2: Word }) =>
    t(
      `${d.path}（${d.format}）: ${d.cardsCount} 枚、除外 ${d.skippedCount} 行`,
      `${d.path} (${d.format}): ${d.plural}, ${d.plural2} skipped`,
    ),
  'left-out-when-merging': (d: { skippedCount: Word }) =>
    t(`結合時の除外: ${d.skippedCount} 件`, `left out when merging: ${d.skippedCount}`),
  wrote: (d: { out: Word; total: Word; aliases: Word; plural: Word; plural2: Word }) =>
    t(
      `${d.out}: ${d.total} 枚（別イラストのパスコード ${d.aliases} 件）を書き込みました`,
      `${d.out}: wrote ${d.plural} (${d.plural2})`,
    ),
  line: () => t('行', 'line'),
  'no-card-matches': (d: { query: Word }) =>
    t(`「${d.query}」に当たるカードはありません\n`, `no card matches "${d.query}"\n`),
  'no-card-named-closest': (d: { query: Word }) =>
    t(`「${d.query}」という名前はありません。近い名前:\n`, `no card named "${d.query}"; closest:\n`),
  none: () => t('なし', 'none'),
  'no-card-named': (d: { query: Word }) =>
    t(`「${d.query}」という名前のカードはありません`, `no card named "${d.query}"`),
  force: (d: { date: Word }) => t(`← ${d.date} に有効`, `← in force on ${d.date}`),
  note: () => t('注意', 'NOTE'),
  passcode: () => t('パスコード', 'Passcode'),
  japanese: () => t('日本語名', 'Japanese'),
  english: () => t('英語名', 'English'),
  zone: () => t('区分', 'Zone'),
  'ocg-release': () => t('OCG発売', 'OCG release'),
  released: () => t('発売済み', 'released'),
  'alt-passcodes': () => t('別イラスト', 'Alt. passcodes'),
  list: () => t('リスト', 'List'),
  from: () => t('適用開始', 'From'),
  forbidden: () => t('禁止', 'Forbidden'),
  limited: () => t('制限', 'Limited'),
  'semi-limited': () => t('準制限', 'Semi-Limited'),
});
