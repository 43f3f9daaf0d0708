import { messageTable, t, type Word } from '../../message-table.js';

export const backupMessages = messageTable({
  'target-exists': (d: { path: Word }) =>
    t(
      `${d.path} はすでにあります。バックアップは既存のファイルに上書きしません (別の名前を指定してください)`,
      `${d.path} exists: a backup never writes over a file (give another name)`,
    ),
  'no-source': (d: { path: Word }) =>
    t(`${d.path}: データベースファイルがありません`, `${d.path}: no such database file`),
  'integrity-failed': (d: { path: Word; found: Word }) =>
    t(
      `${d.path} の整合性チェックに失敗しました: ${d.found} (バックアップは書かれていません)`,
      `the integrity check of ${d.path} failed: ${d.found} (no backup was written)`,
    ),
  'digest-differs': (d: { stream: Word; events: Word }) =>
    t(
      `大会 ${d.stream} のログ (${d.events} 件目まで) のダイジェストがコピー元と一致しません`,
      `the log of tournament ${d.stream} (up to event ${d.events}) has another digest than the source's`,
    ),
  'stream-missing': (d: { stream: Word }) =>
    t(`大会 ${d.stream} がコピー先にありません`, `tournament ${d.stream} is missing from the copy`),
  'target-differs': (d: { streams: Word }) =>
    t(
      `コピー先の大会ログがコピー元と異なるため、何もコピーしていません: ${d.streams}`,
      `the target's log differs from the source's, so nothing was copied: ${d.streams}`,
    ),
  'target-ahead': (d: { stream: Word; target: Word; source: Word }) =>
    t(
      `${d.stream} (コピー先 ${d.target} 件、コピー元 ${d.source} 件)`,
      `${d.stream} (the target has ${d.target} events, the source ${d.source})`,
    ),
  'target-other-events': (d: { stream: Word; events: Word }) =>
    t(`${d.stream} (最初の ${d.events} 件が異なる)`, `${d.stream} (its first ${d.events} events differ)`),
  'no-such-tournament': (d: { ids: Word }) =>
    t(`コピー元にない大会です: ${d.ids}`, `no such tournament in the source: ${d.ids}`),
  'username-taken': (d: { username: Word }) =>
    t(
      `コピー先ではユーザー名 ${d.username} を別のアカウントが使っています (アカウントはコピーしていません)`,
      `another account holds the username ${d.username} in the target (no account was copied)`,
    ),
});
