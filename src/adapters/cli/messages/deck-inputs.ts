import { messageTable, t, type Word } from '../../message-table.js';

export const deckInputsMessages = messageTable({
  'more-errors': (d: { rest: Word }) => t(`…ほか ${d.rest} 件のエラー`, `... and ${d.rest} more errors`),
  'date-expected-date-yyyy-mm': (d: { option: Word }) =>
    t(
      `--date: YYYY-MM-DD の日付が必要です（値: "${d.option}"）`,
      `--date: expected a date YYYY-MM-DD, got "${d.option}"`,
    ),
  cards: () => t('カード', 'cards'),
  'no-cards-file': (d: { file: Word }) => t(`${d.file}: カードが1枚もありません`, `${d.file}: no cards in the file`),
  'list-name-needs-banlist': () => t('--list-name には --banlist が必要です', '--list-name needs --banlist'),
});
