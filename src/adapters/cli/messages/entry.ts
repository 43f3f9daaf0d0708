import { messageTable, t, type Word } from '../../message-table.js';

export const entryMessages = messageTable({
  'one-mode': () =>
    t('--waiting-list と --lottery はどちらか一つだけ指定します', 'give at most one of --waiting-list and --lottery'),
  'mode-first-come': () => t('先着順', 'first come'),
  'mode-waiting-list': () => t('先着順 (定員を超えたらキャンセル待ち)', 'first come, then a waiting list'),
  'mode-lottery': () => t('締切時に抽選', 'a lottery at closing'),
  opened: (d: { cap: Word; until: Word; mode: Word }) =>
    t(
      `エントリー受付を開始しました: 定員 ${d.cap} 名、締切 ${d.until}、${d.mode}\n`,
      `Entry is open: ${d.cap} players until ${d.until}, ${d.mode}\n`,
    ),
  closed: () => t('エントリー受付を締め切りました\n', 'Entry is closed\n'),
  drawn: (d: { seed: Word; drawn: Word; waiting: Word }) =>
    t(
      `抽選しました (シード ${d.seed}): 当選 ${d.drawn} 名、キャンセル待ち ${d.waiting} 名\n`,
      `Drew the lottery (seed ${d.seed}): ${d.drawn} drawn, ${d.waiting} waiting\n`,
    ),
  entered: (d: { name: Word; id: Word; status: Word }) =>
    t(`${d.name} をエントリーしました (ID ${d.id}、${d.status})\n`, `Entered ${d.name} (id ${d.id}, ${d.status})\n`),
  'status-registered': () => t('登録済み', 'registered'),
  'status-waiting': () => t('キャンセル待ち', 'waiting'),
  'status-dropped': () => t('ドロップ', 'dropped'),
  'status-applied': () => t('抽選待ち', 'applied for the lottery'),
  name: () => t('氏名', 'Name'),
  reading: () => t('フリガナ', 'Reading'),
  'card-game-id': () => t('KONAMI ID', 'Card Game ID'),
  status: () => t('状態', 'Status'),
  duplicates: () => t('重複の疑い', 'Possible duplicate of'),
  'no-entries': () => t('エントリーはまだありません\n', 'No entries yet\n'),
});
