import { messageTable, t, type Word } from '../../message-table.js';

export const phaseMessages = messageTable({
  'best-expected-one-got': (d: { bestOf: Word; bestOf2: Word }) =>
    t(
      `--best-of: ${d.bestOf} のいずれかが必要です (値: "${d.bestOf2}")`,
      `--best-of: expected one of ${d.bestOf}, got "${d.bestOf2}"`,
    ),
  'seat-time': (d: { seatTime: Word }) => t(`、着席 ${d.seatTime}`, `, seat time ${d.seatTime}`),
  'starts-round': (d: { name: Word; fromRound: Word; matchFormat: Word; seat: Word }) =>
    t(
      `${d.name} を第${d.fromRound}回戦から始めます (${d.matchFormat}${d.seat})\n`,
      `${d.name} starts with round ${d.fromRound} (${d.matchFormat}${d.seat})\n`,
    ),
});
