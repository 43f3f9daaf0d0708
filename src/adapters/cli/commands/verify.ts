import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { readLog } from '../../../app/reports/event-log.js';
import { verifyBundle, problemText, type BundleCheck, type BundleEntry } from '../../../app/reports/verify-bundle.js';
import type { Lang } from '../../../core/text.js';
import { CliError } from '../cli-error.js';
import { withDb, type DbOptions } from '../db-options.js';
import { pickLang } from '../lang.js';
import { printJson, type Io } from '../output.js';
import { reportMessages as M } from '../messages/report.js';

/*
 * `shinpan verify --bundle DIR [--db …]`: recomputes a bundle's hashes, and with a database
 * compares them with its log. Exit 0 verified, 1 not verified (each problem on stderr),
 * 2 bad input (no such folder).
 */

interface VerifyOptions extends DbOptions {
  readonly bundle?: string;
}

/** More files than any bundle holds: a folder past this is not a bundle. */
const MAX_FILES = 100_000;

/**
 * Every entry under `root` by its relative path with "/", looked at with lstat: a link is not
 * followed and a FIFO, device or socket is never opened (each is named as not a regular file);
 * a regular file is read only if the manifest lists it with its size (verifyBundle asks).
 * Throws a CliError naming the path it cannot list.
 */
function readTree(root: string, lang: Lang): Map<string, BundleEntry> {
  const files = new Map<string, BundleEntry>();
  const walk = (dir: string, prefix: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      throw new CliError(
        M.say(lang, 'bundle-unreadable', { path: dir, why: (error as NodeJS.ErrnoException).code ?? String(error) }),
      );
    }
    for (const name of names) {
      const path = join(dir, name);
      const rel = prefix === '' ? name : `${prefix}/${name}`;
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        walk(path, rel);
        continue;
      }
      if (files.size >= MAX_FILES) throw new CliError(M.say(lang, 'bundle-too-big', { path: root, limit: MAX_FILES }));
      files.set(
        rel,
        stat.isFile() ? { kind: 'file', bytes: stat.size, read: () => readFileSync(path) } : { kind: 'special' },
      );
    }
  };
  walk(root, '');
  return files;
}

async function verify(options: VerifyOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  if (options.bundle === undefined) throw new CliError(M.say(lang, 'bundle-required'));
  const files = readTree(options.bundle, lang);
  let check: BundleCheck = verifyBundle(files);
  if (options.db !== undefined && check.manifest !== null) {
    const id = check.manifest.tournament.id;
    check = await withDb(options, async (db) => verifyBundle(files, (await readLog(db.store, id)).stored));
  }
  if (options.json === true) {
    printJson(io, { ...check, problems: check.problems.map((p) => ({ ...p, text: problemText(p) })) });
  } else if (check.ok && check.manifest !== null) {
    io.stdout.write(
      M.say(lang, 'verified', {
        files: check.filesChecked,
        events: check.manifest.log.events,
        sha: check.manifest.log.sha256,
        log: check.logChecked ? M.say(lang, 'and-the-log') : '',
      }),
    );
    if (check.laterEvents > 0)
      io.stdout.write(M.say(lang, 'later-events', { later: check.laterEvents, events: check.manifest.log.events }));
  }
  if (!check.ok) {
    const lines = check.problems.map((p) => `  ${problemText(p)[lang]}`);
    throw new CliError(`${M.say(lang, 'not-verified', { count: check.problems.length })}${lines.join('\n')}`, 1);
  }
}

/** Registers `shinpan verify`. */
export function registerVerifyCommand(program: Command, io: Io): void {
  program
    .command('verify')
    .description(
      "Check an event bundle: every file against the manifest, and with --db against the database's log / 報告一式の検証",
    )
    .option('--bundle <dir>', 'the folder `shinpan report event` wrote / 報告一式のフォルダ')
    .option(
      '--db <file>',
      "also compare with this database's log (an SQLite file or a postgres:// URL) / 照合するデータベース",
    )
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語')
    .action((options: VerifyOptions) => verify(options, io));
}
