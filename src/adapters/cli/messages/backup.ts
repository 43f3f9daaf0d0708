import { messageTable, t, type Word } from '../../message-table.js';

export const backupCliMessages = messageTable({
  'to-required': () =>
    t('--to: バックアップを書くファイル名が必要です', '--to: the file to write the backup to is required'),
  'backup-is-sqlite': () =>
    t(
      '--to: バックアップは SQLite のファイルに書きます (PostgreSQL へは shinpan db copy を使います)',
      '--to: a backup is an SQLite file (to PostgreSQL, use shinpan db copy)',
    ),
  'from-to-required': () => t('--from と --to の両方が必要です', 'both --from and --to are required'),
  'same-database': () => t('--from と --to が同じデータベースです', '--from and --to are the same database'),
  'backed-up': (d: { target: Word; streams: Word; bytes: Word; seconds: Word }) =>
    t(
      `${d.target} にバックアップしました: 大会 ${d.streams} 件、${d.bytes} バイト、${d.seconds} 秒。整合性チェックと全大会のログのダイジェストを確認済み\n`,
      `backed up to ${d.target}: ${d.streams} tournaments, ${d.bytes} bytes, ${d.seconds} s; integrity check and every tournament's log digest verified\n`,
    ),
  'copied-stream': (d: { id: Word; from: Word; to: Word; sha: Word }) =>
    t(
      `  ${d.id}: ${d.from} → ${d.to} 件 (sha256 ${d.sha})\n`,
      `  ${d.id}: ${d.from} → ${d.to} events (sha256 ${d.sha})\n`,
    ),
  copied: (d: { streams: Word; changed: Word; accounts: Word }) =>
    t(
      `大会 ${d.streams} 件を確認し ${d.changed} 件に書き込みました (ダイジェスト確認済み)。アカウント等 ${d.accounts} 行を追加\n`,
      `${d.streams} tournaments checked, ${d.changed} written to (digests verified); ${d.accounts} account rows added\n`,
    ),
});
