import { messageTable, t, type Word } from '../../message-table.js';

export const resultMessages = messageTable({
  'duels-entry-empty-expected-winners': (d: { value: Word }) =>
    t(
      `--duels: ${d.value} 番目が空です (各デュエルの勝者のIDか draw をカンマ区切りで)`,
      `--duels: entry ${d.value} is empty (expected winners' ids or draw, comma-separated)`,
    ),
  'duel-decided-by-penalty': (d: { penalties: Word; penalties2: Word }) =>
    t(` (第${d.penalties}デュエルは罰則で決着)`, ` (duel ${d.penalties2} decided by penalty)`),
  'round-table': (d: { round: Word; table: Word; text: Word }) =>
    t(`第${d.round}回戦 卓${d.table}: ${d.text}\n`, `Round ${d.round}, table ${d.table}: ${d.text}\n`),
});
