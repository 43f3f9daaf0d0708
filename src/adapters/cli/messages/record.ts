import { messageTable, t, type Word } from '../../message-table.js';

export const recordMessages = messageTable({
  'player-no-tournament-has-player': (d: { name: Word; player: Word }) =>
    t(
      `--player: ${d.name} のどの大会にも選手 ${d.player} は登録されていません`,
      `--player: no tournament in ${d.name} has a player ${d.player}`,
    ),
  'official-record': (d: { name: Word; player: Word; entriesCount: Word; value: Word }) =>
    t(
      `${d.name} (${d.player}) の公式記録: ${d.entriesCount} 件\n`,
      `Official record of ${d.name} (${d.player}): ${d.entriesCount} ${d.value}\n`,
    ),
  deviation: (d: { deviationReason: Word }) =>
    t(`指針と異なる理由: ${d.deviationReason}`, `deviation: ${d.deviationReason}`),
  'changed-appeal-from': (d: { penalty: Word; value: Word }) =>
    t(`上訴で${d.penalty}から変更: ${d.value}`, `changed on appeal from ${d.penalty}: ${d.value}`),
  'appeal-denied': (d: { reason: Word }) => t(`上訴棄却: ${d.reason}`, `appeal denied: ${d.reason}`),
  date: () => t('日付', 'Date'),
  tournament: () => t('大会', 'Tournament'),
  rd: () => t('回戦', 'Rd'),
  infraction: () => t('違反', 'Infraction'),
  penalty: () => t('罰則', 'Penalty'),
  judge: () => t('ジャッジ', 'Judge'),
  notes: () => t('備考', 'Notes'),
});
