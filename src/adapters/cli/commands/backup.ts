import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { UsernameTakenError } from '../../accounts/account-store.js';
import { openAccountStore } from '../../accounts/open-account-store.js';
import { BackupError } from '../../store/backup/backup-error.js';
import { backupMessages } from '../../store/backup/backup-messages.js';
import { backupDatabase } from '../../store/backup/backup.js';
import { copyStreams, type CopiedStream } from '../../store/backup/db-copy.js';
import type { StoreConfig } from '../../store/open-event-store.js';
import type { Lang } from '../../../core/text.js';
import { CliError } from '../cli-error.js';
import { openStore, storeConfig } from '../db-options.js';
import { pickLang } from '../lang.js';
import { printJson, type Io } from '../output.js';
import { backupCliMessages as M } from '../messages/backup.js';

/*
 * `shinpan backup` (a verified SQLite copy of a database, taken while the server writes) and
 * `shinpan db copy` (tournaments from one database to another). Exit 0 done and verified,
 * 1 refused or not verified (nothing written under the target's name), 2 bad input.
 */

interface BackupOptions {
  readonly db?: string;
  readonly to?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

interface CopyOptions {
  readonly from?: string;
  readonly to?: string;
  readonly tournament?: readonly string[];
  readonly withAccounts?: boolean;
  readonly json?: boolean;
  readonly lang?: string;
}

async function refusing<T>(lang: Lang, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.text[lang], 1);
    if (error instanceof UsernameTakenError) {
      throw new CliError(backupMessages.say(lang, 'username-taken', { username: error.username }), 1);
    }
    throw error;
  }
}

async function backup(options: BackupOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  if (options.to === undefined || options.to.trim() === '') throw new CliError(M.say(lang, 'to-required'));
  if (/^postgres(ql)?:\/\//i.test(options.to)) throw new CliError(M.say(lang, 'backup-is-sqlite'));
  const source = storeConfig(options.db, lang);
  if (source.kind === 'sqlite' && !existsSync(source.path)) {
    throw new CliError(backupMessages.say(lang, 'no-source', { path: source.path }));
  }
  const to = options.to;
  const report = await refusing(lang, () => backupDatabase(source, to));
  if (options.json) return printJson(io, report);
  io.stdout.write(
    M.say(lang, 'backed-up', {
      target: report.target,
      streams: report.streams.length,
      bytes: report.bytes,
      seconds: (report.ms / 1000).toFixed(1),
    }),
  );
}

const sameDatabase = (a: StoreConfig, b: StoreConfig): boolean =>
  a.kind === 'sqlite' && b.kind === 'sqlite'
    ? a.path === b.path
    : a.kind === b.kind && a.kind === 'postgres' && a.url === (b as { url: string }).url;

async function copy(options: CopyOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  if (!options.from?.trim() || !options.to?.trim()) throw new CliError(M.say(lang, 'from-to-required'));
  const fromConfig = storeConfig(options.from, lang);
  const toConfig = storeConfig(options.to, lang);
  if (sameDatabase(fromConfig, toConfig)) throw new CliError(M.say(lang, 'same-database'));
  const from = await openStore(fromConfig, lang, false);
  let copied: readonly CopiedStream[];
  let accounts = 0;
  try {
    const to = await openStore(toConfig, lang, true);
    try {
      copied = await refusing(lang, () => copyStreams(from, to, options.tournament));
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
  if (options.withAccounts) accounts = await refusing(lang, () => copyAccounts(fromConfig, toConfig));
  if (options.json) return printJson(io, { tournaments: copied, accountRowsAdded: accounts });
  for (const s of copied)
    io.stdout.write(M.say(lang, 'copied-stream', { id: s.id, from: s.from, to: s.to, sha: s.sha256 }));
  io.stdout.write(
    M.say(lang, 'copied', {
      streams: copied.length,
      changed: copied.filter((s) => s.to > s.from).length,
      accounts,
    }),
  );
}

async function copyAccounts(from: StoreConfig, to: StoreConfig): Promise<number> {
  const source = await openAccountStore(from);
  try {
    const target = await openAccountStore(to);
    try {
      return await target.addPortableRows(await source.portableRows());
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** Registers `shinpan backup` and `shinpan db copy`. */
export function registerBackupCommands(program: Command, io: Io): void {
  program
    .command('backup')
    .description(
      'A verified copy of the database into a new SQLite file, taken while the server writes / 稼働中でも取れる検証済みバックアップ',
    )
    .option(
      '--db <file>',
      'the database: an SQLite file or a postgres:// URL (default DATABASE_URL, SHINPAN_DB, then ./shinpan.db) / データベース',
    )
    .option('--to <file>', 'the new SQLite file; an existing file is never written over / 書き出すファイル')
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語')
    .action((options: BackupOptions) => backup(options, io));
  program
    .command('db')
    .description('Moving databases / データベースの移行')
    .command('copy')
    .description(
      'Copy tournaments between databases (SQLite ↔ PostgreSQL); again later, it catches up; a target log that differs is refused / 大会のコピー',
    )
    .option('--from <db>', 'the source: an SQLite file or a postgres:// URL / コピー元')
    .option('--to <db>', 'the target: an SQLite file (made if missing) or a postgres:// URL / コピー先')
    .option('--tournament <id...>', 'only these tournaments (default: all) / 対象の大会ID')
    .option('--with-accounts', 'also the staff accounts, API tokens and settings / スタッフアカウントも')
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語')
    .action((options: CopyOptions) => copy(options, io));
}
