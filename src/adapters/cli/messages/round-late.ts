import { messageTable, t, type Word } from '../../message-table.js';

export const roundLateMessages = messageTable({
  'no-round-paired': () => t('まだ組み合わせが発表された回戦がありません', 'no round has been paired yet'),
  'round-not-paired': (d: { round: Word }) =>
    t(`--round: 第${d.round}回戦はまだ組まれていません`, `--round: round ${d.round} has not been paired`),
  heading: (d: { round: Word; count: Word; seatTime: Word }) =>
    t(
      `第${d.round}回戦 遅刻者 ${d.count}名 (着席時刻 ${d.seatTime})`,
      `Round ${d.round}: ${d.count} not seated (seat time ${d.seatTime})`,
    ),
  'repeat-or-upgrade': (d: { count: Word; ordinal: Word; upgrade: Word }) =>
    t(` (${d.count}回目: ${d.upgrade}も可)`, ` (${d.ordinal}: or ${d.upgrade})`),
  repeat: (d: { count: Word; ordinal: Word }) => t(` (${d.count}回目)`, ` (${d.ordinal})`),
  table: () => t('卓', 'Table'),
  player: () => t('プレイヤー', 'Player'),
  late: () => t('遅刻', 'Late'),
  minutes: (d: { minutes: Word }) => t(`${d.minutes}分`, `${d.minutes} min`),
  proposed: () => t('提案', 'Proposed'),
  issued: () => t('発行済み', 'Issued'),
  'can-be-raised': () => t(' → 重くできます', ' → can be raised'),
  'to-issue': () => t('罰則を出すには', 'To issue one'),
});
