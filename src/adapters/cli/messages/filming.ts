import { messageTable, t, type Word } from '../../message-table.js';

export const filmingMessages = messageTable({
  recorded: (d: { name: Word; player: Word; answer: Word }) =>
    t(
      `${d.name} (${d.player}) の撮影への回答: ${d.answer}\n`,
      `${d.name} (${d.player}) answered filming: ${d.answer}\n`,
    ),
  yes: () => t('同意', 'yes'),
  no: () => t('不同意', 'no'),
  'not-asked': () => t('未確認 (不同意扱い)', 'not asked (counts as no)'),
  'taken-off': (d: { round: Word; tables: Word }) =>
    t(
      `第${d.round}回戦のフィーチャーテーブルから外しました (残り: ${d.tables})\n`,
      `taken off round ${d.round}'s feature tables (left: ${d.tables})\n`,
    ),
  none: () => t('なし', 'none'),
  marked: (d: { round: Word; tables: Word }) =>
    t(`第${d.round}回戦のフィーチャーテーブル: ${d.tables}\n`, `round ${d.round} feature tables: ${d.tables}\n`),
  'tables-list': (d: { value: Word }) =>
    t(
      `--tables は卓番号をカンマ区切りで指定してください (例: 1,4)。空にするには --none: "${d.value}"`,
      `--tables takes table numbers separated by commas (like 1,4), or use --none: "${d.value}"`,
    ),
  'tables-or-none': () =>
    t('--tables か --none のどちらか一方を指定してください', 'give exactly one of --tables and --none'),
  table: () => t('卓', 'Table'),
  player: () => t('選手', 'Player'),
  filming: () => t('撮影', 'Filming'),
});
