import { messageTable, t, type Word } from '../../message-table.js';

export const resultQueueMessages = messageTable({
  empty: () => t('ジャッジの確認待ちの対戦はありません\n', "No match waits for the judges' ruling\n"),
  round: () => t('回戦', 'Round'),
  table: () => t('卓', 'Table'),
  why: () => t('理由', 'Why'),
  since: () => t('時刻', 'Since'),
  says: () => t('報告', 'Reports'),
  disputed: () => t('食い違い', 'disputed'),
  unconfirmed: () => t('未確認', 'unconfirmed'),
  none: () => t('報告なし', 'no report'),
  draw: () => t('引き分け', 'draw'),
  'to-settle': () =>
    t(
      '決めるには: shinpan result resolve --round R --table T --accept <選手ID>（その選手の報告を結果に）、または result report で結果を入力',
      "To settle one: shinpan result resolve --round R --table T --accept <player id> (that player's report becomes the result), or enter the result with result report",
    ),
  'not-at-table': (d: { player: Word; round: Word; table: Word; players: Word }) =>
    t(
      `--accept: ${d.player} は第${d.round}回戦 卓${d.table}の選手ではありません（${d.players}）`,
      `--accept: ${d.player} does not play round ${d.round}, table ${d.table} (${d.players})`,
    ),
  'no-such-table': (d: { round: Word; table: Word }) =>
    t(`第${d.round}回戦に卓${d.table}はありません`, `round ${d.round} has no table ${d.table}`),
  'no-report': (d: { player: Word; round: Word; table: Word }) =>
    t(
      `--accept: ${d.player} は第${d.round}回戦 卓${d.table}の結果を報告していません（result report で入力してください）`,
      `--accept: ${d.player} made no report on round ${d.round}, table ${d.table} (enter the result with result report)`,
    ),
  resolved: (d: { round: Word; table: Word; player: Word; duels: Word }) =>
    t(
      `第${d.round}回戦 卓${d.table}: ${d.player} の報告（${d.duels}）を結果にしました\n`,
      `Round ${d.round}, table ${d.table}: the report of ${d.player} (${d.duels}) is the result\n`,
    ),
});
