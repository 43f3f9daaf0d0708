import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { EventStore } from '../../app/event-store.js';
import { TournamentService } from '../../app/tournament-service.js';
import type { Lang } from '../../core/text.js';
import { openEventStore, storeConfigFromEnv, type StoreConfig } from '../store/open-event-store.js';
import { StoreOpenError } from '../store/store-open-error.js';
import { CliError } from './cli-error.js';
import { pickLang } from './lang.js';
import { dbOptionsMessages as M } from './messages/db-options.js';

/*
 * The options every command over a database file shares, and the opening of that file. A
 * command that only reads or adds to a tournament never creates a file: a mistyped --db is
 * an error (exit 2), not a new empty database.
 */

export interface DbOptions {
  readonly db?: string;
  readonly tournament?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

/** Adds --db, --tournament, --json and --lang. */
export function withDbOptions(command: Command): Command {
  return command
    .option(
      '--db <file>',
      'database: an SQLite file or a postgres:// URL (default DATABASE_URL, SHINPAN_DB, then ./shinpan.db) / データベースファイル',
    )
    .option(
      '--tournament <id>',
      'tournament id; may be left out while the file holds one tournament / 大会ID（ファイルに大会が1つなら省略可）',
    )
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語');
}

/** `--db` as a store: a postgres:// URL or an SQLite file; without it, the server's environment (DATABASE_URL, SHINPAN_DB) or ./shinpan.db. */
export function storeConfig(db: string | undefined, lang: Lang): StoreConfig {
  if (db === undefined) {
    try {
      return storeConfigFromEnv();
    } catch (error) {
      if (error instanceof StoreOpenError) throw new CliError(error.text[lang]);
      throw error;
    }
  }
  if (db.trim() === '') throw new CliError(M.say(lang, 'db-expected-file-name-postgres'));
  return /^postgres(ql)?:\/\//i.test(db) ? { kind: 'postgres', url: db } : { kind: 'sqlite', path: db };
}

/** How a store is named in messages: the file, or "PostgreSQL" (never the URL, which may hold a password). */
export const storeName = (config: StoreConfig): string => (config.kind === 'sqlite' ? config.path : 'PostgreSQL');

/** Opens the store; unless `create`, an SQLite file that does not exist is refused before anything is written. */
export async function openStore(config: StoreConfig, lang: Lang, create: boolean): Promise<EventStore> {
  if (config.kind === 'sqlite' && !create && !existsSync(config.path)) {
    throw new CliError(M.say(lang, 'no-such-database-file-create', { path: config.path }));
  }
  try {
    return await openEventStore(config);
  } catch (error) {
    if (error instanceof StoreOpenError) throw new CliError(error.text[lang]);
    throw error;
  }
}

/** An open database with its tournament service; `close` must follow. */
export interface Db {
  readonly store: EventStore;
  readonly service: TournamentService;
  readonly name: string;
  readonly lang: Lang;
}

/** Opens the database of `options`, runs `work`, and closes it whatever happens. */
export async function withDb<T>(options: DbOptions, work: (db: Db) => Promise<T>, create = false): Promise<T> {
  const lang = pickLang(options.lang);
  const config = storeConfig(options.db, lang);
  const store = await openStore(config, lang, create);
  try {
    return await work({ store, service: new TournamentService(store), name: storeName(config), lang });
  } finally {
    await store.close();
  }
}

/**
 * The tournament a command is about: `--tournament`, or the only one in the database. With
 * none or several, the error says what the file holds.
 */
export async function resolveTournament(db: Db, option: string | undefined): Promise<string> {
  const all = await db.store.listTournaments();
  if (option !== undefined) {
    if (all.some((t) => t.id === option)) return option;
    throw new CliError(
      M.say(db.lang, 'tournament-there-no-tournament', { name: db.name, option, value: await holds(db, all) }),
    );
  }
  const only = all[0];
  if (only !== undefined && all.length === 1) return only.id;
  if (all.length === 0) {
    throw new CliError(M.say(db.lang, 'holds-no-tournament-yet-create', { name: db.name }));
  }
  throw new CliError(
    M.say(db.lang, 'holds-tournaments-choose-one-tournament', {
      name: db.name,
      allCount: all.length,
      value: await holds(db, all),
    }),
  );
}

async function holds(db: Db, all: readonly { readonly id: string }[]): Promise<string> {
  if (all.length === 0) return '';
  const lines = await Promise.all(
    all.map(async ({ id }) => {
      const { state } = await db.service.load(id);
      return state.status === 'none' ? `  ${id}` : `  ${id}  ${state.settings.name}  ${state.settings.date}`;
    }),
  );
  return `:\n${lines.join('\n')}`;
}
