import { messageTable, t, type Word } from '../../message-table.js';

export const optionValuesMessages = messageTable({
  'expected-whole-number-from-got': (d: { name: Word; min: Word; max: Word; value: Word }) =>
    t(
      `${d.name}: ${d.min}〜${d.max} の整数が必要です (値: "${d.value}")`,
      `${d.name}: expected a whole number from ${d.min} to ${d.max}, got "${d.value}"`,
    ),
  'expected-date-yyyy-mm-dd': (d: { name: Word; value: Word }) =>
    t(
      `${d.name}: 2011-06-01 の形式の日付が必要です (値: "${d.value}")`,
      `${d.name}: expected a date YYYY-MM-DD, got "${d.value}"`,
    ),
  'expected-iso-time-like-2011': (d: { name: Word; value: Word }) =>
    t(
      `${d.name}: 2011-06-01T10:00:00+09:00 の形式の時刻が必要です (値: "${d.value}")`,
      `${d.name}: expected an ISO time like 2011-06-01T10:00:00+09:00, got "${d.value}"`,
    ),
  'must-not-be-empty': (d: { name: Word }) => t(`${d.name}: 空にできません`, `${d.name}: must not be empty`),
  'expected-one-got': (d: { name: Word; choices: Word; value: Word }) =>
    t(
      `${d.name}: ${d.choices} のいずれかが必要です (値: "${d.value}")`,
      `${d.name}: expected one of ${d.choices}, got "${d.value}"`,
    ),
});
