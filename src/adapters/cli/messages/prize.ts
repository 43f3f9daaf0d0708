import { messageTable, t, type Word } from '../../message-table.js';

export const prizeMessages = messageTable({
  'no-prizes': () =>
    t('賞品はまだ登録されていません（prize add で登録）\n', 'No prizes yet (add one with prize add)\n'),
  id: () => t('賞品ID', 'Prize'),
  name: () => t('賞品', 'Name'),
  rule: () => t('対象', 'For'),
  awarded: () => t('受賞者', 'Received by'),
  'not-awarded': () => t('未授与', 'not awarded'),
  nobody: () => t('該当者なし', 'nobody'),
  place: (d: { place: Word }) => t(`${d.place}位`, `place ${d.place}`),
  places: (d: { from: Word; to: Word }) => t(`${d.from}〜${d.to}位`, `places ${d.from}–${d.to}`),
  'round-played': (d: { round: Word }) => t(`第${d.round}回戦に参加`, `played round ${d.round}`),
  'round-won': (d: { round: Word }) => t(`第${d.round}回戦に勝利`, `won round ${d.round}`),
  withdrawn: () => t('取消: 受賞資格を失う失格', 'withdrawn: disqualified with loss of prizes'),
  'excluded-plain': (d: { name: Word; player: Word }) =>
    t(
      `${d.name} (${d.player}): 失格のため順位がなく、失格後に授与する賞品は受け取れません\n`,
      `${d.name} (${d.player}): disqualified, so no place and no prize awarded after it\n`,
    ),
  'excluded-forfeit': (d: { name: Word; player: Word }) =>
    t(
      `${d.name} (${d.player}): 受賞資格を失う失格のため、賞品は受け取れず、授与済みの賞品も取り消されます\n`,
      `${d.name} (${d.player}): disqualified with loss of prizes, so no prize, and prizes already awarded are withdrawn\n`,
    ),
  'by-player': () => t('選手ごとの賞品:\n', 'Prizes by player:\n'),
  'rule-needed': () =>
    t(
      '--place、--places、--round のどれか一つで対象を指定してください',
      'name who receives it with exactly one of --place, --places and --round',
    ),
  'won-or-played': () =>
    t(
      '--round には --won か --played のどちらか一つを付けてください',
      'give --round with exactly one of --won and --played',
    ),
  'places-range': (d: { value: Word }) =>
    t(
      `--places は「1-4」の形で指定してください（指定: ${d.value}）`,
      `--places takes a range like 1-4 (got ${d.value})`,
    ),
  'no-such-prize': (d: { id: Word; ids: Word }) =>
    t(`賞品 ${d.id} はありません（登録済み: ${d.ids}）`, `there is no prize ${d.id} (the list has: ${d.ids})`),
  added: (d: { id: Word; count: Word }) =>
    t(`賞品 ${d.id} を登録しました（全 ${d.count} 件）\n`, `Added prize ${d.id} (${d.count} in all)\n`),
  removed: (d: { id: Word; count: Word }) =>
    t(`賞品 ${d.id} を削除しました（残り ${d.count} 件）\n`, `Removed prize ${d.id} (${d.count} left)\n`),
  'awarded-to': (d: { id: Word; names: Word }) =>
    t(`賞品 ${d.id} を授与しました: ${d.names}\n`, `Awarded prize ${d.id} to ${d.names}\n`),
});
