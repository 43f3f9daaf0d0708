import { messageTable, t, type Word } from '../../message-table.js';

export const roundFloorMessages = messageTable({
  'no-round': () => t('まだ組み合わせが発表された回戦がありません', 'no round has been paired yet'),
  'table-or-all': () =>
    t(
      '--table N（その卓、--player でその1名）か --all（全員、--except で来ていない選手を除く）のどちらかを指定します',
      'give --table N (that table; one player of it with --player) or --all (everyone; --except names those still missing)',
    ),
  'except-needs-all': () => t('--except は --all と一緒に使います', '--except goes with --all'),
  'no-such-table': (d: { round: Word; table: Word; tables: Word }) =>
    t(
      `--table: 第${d.round}回戦に卓${d.table}はありません（卓は 1〜${d.tables}）`,
      `--table: round ${d.round} has no table ${d.table} (tables 1-${d.tables})`,
    ),
  'table-seated': (d: { table: Word }) =>
    t(`卓${d.table}の2名はもう着席済みです`, `both players of table ${d.table} are already seated`),
  seated: (d: { round: Word; names: Word }) =>
    t(`第${d.round}回戦 着席: ${d.names}\n`, `Round ${d.round}, seated: ${d.names}\n`),
  'all-seated': (d: { round: Word; count: Word; missing: Word }) =>
    t(
      `第${d.round}回戦: ${d.count}名を着席にしました（点呼。遅刻には数えません）${d.missing}\n`,
      `Round ${d.round}: ${d.count} marked seated at the roll call (not counted as late)${d.missing}\n`,
    ),
  'still-missing': (d: { names: Word }) => t(`。未着席: ${d.names}`, `; still missing: ${d.names}`),
  extended: (d: { round: Word; table: Word; minutes: Word; total: Word }) =>
    t(
      `第${d.round}回戦 卓${d.table}: ${d.minutes}分延長しました（この卓の延長 合計${d.total}分）\n`,
      `Round ${d.round}, table ${d.table}: ${d.minutes} minutes added (${d.total} in all for this table)\n`,
    ),
});
