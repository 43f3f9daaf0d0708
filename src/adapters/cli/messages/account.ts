import { messageTable, t, type Word } from '../../message-table.js';

export const accountMessages = messageTable({
  'no-such-file': (d: { path: Word }) =>
    t(
      `${d.path} というデータベースファイルはありません（--db か SHINPAN_DB でサーバーと同じファイルを指定してください）`,
      `no database file ${d.path} (name the server's file with --db or SHINPAN_DB)`,
    ),
  'no-accounts-yet': (d: { db: Word }) =>
    t(
      `${d.db} にはまだアカウントがありません。最初の shinpan serve（npm start）が organizer を作り、その一回限りのパスワードを表示します`,
      `${d.db} has no account yet: the first shinpan serve (npm start) creates organizer and prints its one-time password`,
    ),
  'no-such-account': (d: { user: Word; db: Word; names: Word }) =>
    t(
      `${d.db} に「${d.user}」というアカウントはありません。アカウント: ${d.names}`,
      `${d.db} has no account "${d.user}"; accounts: ${d.names}`,
    ),
  'account-disabled': (d: { user: Word }) =>
    t(
      `アカウント「${d.user}」は無効にされています。パスワードは変更していません（有効にできるのは主催者です）`,
      `the account "${d.user}" is disabled; its password was not changed (an organizer can enable it)`,
    ),
  reset: (d: { user: Word; name: Word; password: Word; tokens: Word }) =>
    t(
      `${d.user}（${d.name}）の一回限りのパスワード: ${d.password}\nこのパスワードでサインインし、すぐに新しいパスワードを決めてください。このアカウントのセッションはすべて終了し、API トークン ${d.tokens} 件を失効させました。\n`,
      `New one-time password for ${d.user} (${d.name}): ${d.password}\nSign in with it and choose a new password right away. Every session of the account has ended; ${d.tokens} API token${d.tokens === 1 ? '' : 's'} revoked.\n`,
    ),
});
