import { messageTable, t, type Word } from '../../message-table.js';

/** Incident reports, the report bundle and the reasons of a pairing. */
export const M = messageTable({
  penalty: (v: { id: Word }) => t(`罰則 #${v.id}`, `Penalty #${v.id}`),
  tournament: (v: { id: Word }) => t(`大会 ${v.id}`, `Tournament ${v.id}`),
  round: (v: { round: Word }) => t(`第${v.round}回戦`, `Round ${v.round}`),
  'not-swiss': (v: { round: Word }) =>
    t(
      `第${v.round}回戦はスイスドローではありません（決勝トーナメントは組み合わせ表の位置で決まります）`,
      `round ${v.round} is not a Swiss round (the top cut's bracket decides who meets whom)`,
    ),
});
