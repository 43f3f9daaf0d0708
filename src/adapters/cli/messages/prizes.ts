import { messageTable, t, type Word } from '../../message-table.js';

export const prizesMessages = messageTable({
  'file-unreadable': (d: { file: Word; why: Word }) =>
    t(`${d.file}: 読み込めません (${d.why})`, `${d.file}: cannot be read (${d.why})`),
  'not-a-list': (d: { file: Word; max: Word }) =>
    t(
      `${d.file}: 賞品の一覧（JSON の配列、または {"prizes": [...]}、${d.max}件まで）が必要です`,
      `${d.file}: expected a list of prizes (a JSON array, or {"prizes": [...]}, at most ${d.max})`,
    ),
  'prizes-set': (d: { count: Word }) => t(`賞品を ${d.count} 件設定しました\n`, `Prize list set: ${d.count} prizes\n`),
  awarded: (d: { prize: Word; players: Word }) =>
    t(`賞品 ${d.prize} を授与しました: ${d.players}\n`, `Prize ${d.prize} awarded to: ${d.players}\n`),
  'awarded-nobody': (d: { prize: Word }) =>
    t(`賞品 ${d.prize}: 該当する選手はいません\n`, `Prize ${d.prize}: no player qualifies\n`),
});
