import { messageTable, t, type Word } from '../../message-table.js';

export const reportMessages = messageTable({
  'penalty-required': () => t('--penalty: 罰則番号を指定してください', '--penalty: give the penalty number'),
  'no-such-penalty': (d: { id: Word; count: Word }) =>
    t(
      `--penalty: 罰則 #${d.id} はこの大会にありません（罰則は${d.count}件）`,
      `--penalty: this tournament has no penalty #${d.id} (it has ${d.count})`,
    ),
  'wrote-report': (d: { out: Word; id: Word }) =>
    t(
      `罰則 #${d.id} のインシデントレポートを ${d.out} に書き出しました\n`,
      `Wrote the incident report of penalty #${d.id} to ${d.out}\n`,
    ),
  'out-not-empty': (d: { out: Word }) =>
    t(
      `--out: ${d.out} は空ではありません。上書きはしないので、新しいフォルダを指定してください`,
      `--out: ${d.out} is not empty; a bundle is never written over anything, choose a new folder`,
    ),
  'out-failed': (d: { out: Word; why: Word }) =>
    t(`--out: ${d.out} に書き込めません (${d.why})`, `--out: cannot write ${d.out} (${d.why})`),
  'wrote-bundle': (d: { out: Word; files: Word; events: Word; sha: Word }) =>
    t(
      `${d.out} に${d.files}個のファイルとマニフェストを書き出しました（ログ ${d.events}件、SHA-256 ${d.sha}）\n`,
      `Wrote ${d.files} files and the manifest to ${d.out} (log of ${d.events} events, SHA-256 ${d.sha})\n`,
    ),
  'bundle-required': () =>
    t('--bundle: 書き出したフォルダを指定してください', '--bundle: give the folder the bundle was written to'),
  'bundle-unreadable': (d: { path: Word; why: Word }) =>
    t(`--bundle: ${d.path} を読めません (${d.why})`, `--bundle: cannot read ${d.path} (${d.why})`),
  'bundle-too-big': (d: { path: Word; limit: Word }) =>
    t(
      `--bundle: ${d.path} のファイル数が上限（${d.limit}）を超えています`,
      `--bundle: ${d.path} holds more than ${d.limit} files`,
    ),
  verified: (d: { files: Word; events: Word; sha: Word; log: Word }) =>
    t(
      `一致: ${d.files}個のファイルがマニフェストと一致${d.log}（ログ ${d.events}件、SHA-256 ${d.sha}）\n`,
      `Verified: ${d.files} files match the manifest${d.log} (log of ${d.events} events, SHA-256 ${d.sha})\n`,
    ),
  'later-events': (d: { later: Word; events: Word }) =>
    t(
      `注意: データベースには書き出し後の記録が${d.later}件あります（報告一式は1〜${d.events}件目までを表します）\n`,
      `Note: the database holds ${d.later} event(s) written after the bundle (it speaks for events 1 to ${d.events})\n`,
    ),
  'and-the-log': () => t('し、データベースのログとも一致しました', ', and so does the database log'),
  'not-verified': (d: { count: Word }) =>
    t(`不一致: ${d.count}件の問題があります\n`, `NOT verified: ${d.count} problem(s)\n`),
});
