import { messageTable, t, type Word } from '../../message-table.js';

export const playerMessages = messageTable({
  registered: (d: { name: Word; id: Word }) =>
    t(`選手を登録しました: ${d.name} (${d.id})`, `Registered ${d.name} (${d.id})`),
  'invited-into-round-byes-before': (d: { entryRound: Word; reason: Word }) =>
    t(
      ` 第${d.entryRound}回戦から招待 (それまでの回戦は不戦勝): ${d.reason}\n`,
      `, invited into round ${d.entryRound} (byes before it): ${d.reason}\n`,
    ),
  'entering-round-round-1-counts': (d: { entryRound: Word }) =>
    t(
      ` 第${d.entryRound}回戦からの途中参加 (第1回戦は敗北扱い)\n`,
      `, entering in round ${d.entryRound} (round 1 counts as a loss)\n`,
    ),
  'no-such-file': () => t('ファイルがありません', 'no such file'),
  'not-utf-8-text-excel': (d: { file: Word }) =>
    t(
      `${d.file}: UTF-8 ではありません (Excel では「CSV UTF-8」で保存してください)`,
      `${d.file}: not UTF-8 text (in Excel, save as "CSV UTF-8")`,
    ),
  'decklist-2': () => t('デッキリスト', 'decklist'),
  'player-already-registered': (d: { id: Word }) =>
    t(`選手 ${d.id} は登録済みです`, `player ${d.id} is already registered`),
  'registered-players-from': (d: { rowsCount: Word; file: Word }) =>
    t(`${d.rowsCount} 名の選手を登録しました (${d.file})\n`, `Registered ${d.rowsCount} players from ${d.file}\n`),
  name: () => t('氏名', 'Name'),
  reading: () => t('フリガナ', 'Reading'),
  'name-or-reading-required': () =>
    t('--name、--reading、--no-reading のいずれかが必要です', 'give --name, --reading or --no-reading'),
  'player-corrected': (d: { player: Word; name: Word; read: Word }) =>
    t(`選手 ${d.player} を訂正しました: ${d.name}${d.read}\n`, `Corrected player ${d.player}: ${d.name}${d.read}\n`),
  decklist: () => t('デッキリスト', 'Decklist'),
  yes: () => t('あり', 'yes'),
  'from-round': () => t('参加', 'From round'),
  status: () => t('状態', 'Status'),
  players: (d: { rowsCount: Word }) => t(`${d.rowsCount} 名\n`, `${d.rowsCount} players\n`),
  'has-dropped-after-round-will': (d: { player: Word; afterRound: Word }) =>
    t(
      `${d.player} はドロップしました (第${d.afterRound}回戦の後)。以降の組み合わせには入りません\n`,
      `${d.player} has dropped after round ${d.afterRound} and will not be paired again\n`,
    ),
  'player-not-registered-this-tournament': (d: { player: Word }) =>
    t(
      `--player: 選手 ${d.player} はこの大会に登録されていません`,
      `--player: ${d.player} is not registered in this tournament`,
    ),
  stage: () => t('段階', 'Stage'),
  table: () => t('卓', 'Table'),
  opponent: () => t('対戦相手', 'Opponent'),
  result: () => t('結果', 'Result'),
  'penalty-2': () => t(' (罰則)', ' (penalty)'),
  duels: () => t('デュエル', 'Duels'),
  penalties: () => t('罰則', 'Penalties'),
  round: () => t('回戦', 'Round'),
  infraction: () => t('違反', 'Infraction'),
  penalty: () => t('罰則', 'Penalty'),
  note: () => t('備考', 'Note'),
  'rescinded-appeal': () => t('上訴で取り消し', 'rescinded on appeal'),
  'changed-appeal': () => t('上訴で変更', 'changed on appeal'),
});
