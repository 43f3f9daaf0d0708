import { messageTable, t, type Word } from '../../message-table.js';

export const dbOptionsMessages = messageTable({
  'db-expected-file-name-postgres': () =>
    t('--db: ファイル名か postgres:// の URL が必要です', '--db: expected a file name or a postgres:// URL'),
  'no-such-database-file-create': (d: { path: Word }) =>
    t(
      `${d.path}: データベースファイルがありません (先に shinpan tournament create --db ${d.path} … で大会を作成してください)`,
      `${d.path}: no such database file (create a tournament first: shinpan tournament create --db ${d.path} …)`,
    ),
  'tournament-there-no-tournament': (d: { name: Word; option: Word; value: Word }) =>
    t(
      `--tournament: ${d.name} に大会 "${d.option}" はありません${d.value}`,
      `--tournament: there is no tournament "${d.option}" in ${d.name}${d.value}`,
    ),
  'holds-no-tournament-yet-create': (d: { name: Word }) =>
    t(
      `${d.name} にはまだ大会がありません (shinpan tournament create で作成します)`,
      `${d.name} holds no tournament yet (create one with shinpan tournament create)`,
    ),
  'holds-tournaments-choose-one-tournament': (d: { name: Word; allCount: Word; value: Word }) =>
    t(
      `${d.name} には大会が ${d.allCount} 件あります。--tournament で選んでください${d.value}`,
      `${d.name} holds ${d.allCount} tournaments; choose one with --tournament${d.value}`,
    ),
});
