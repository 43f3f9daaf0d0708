import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, expect } from 'vitest';
import { main } from '../../src/adapters/cli/main.js';

/*
 * The CLI in process: real commands on real SQLite files in a temporary folder. No variable of
 * the environment may steer a test to another database or language.
 */

delete process.env.DATABASE_URL;
delete process.env.SHINPAN_DB;
process.env.SHINPAN_LANG = 'en';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `shinpan ARGS` with captured streams. */
export async function shinpan(...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'shinpan', ...args], {
    stdout: {
      write: (s: string) => {
        stdout += s;
        return true;
      },
    },
    stderr: {
      write: (s: string) => {
        stderr += s;
        return true;
      },
    },
    stdin: Readable.from([]),
  });
  return { code, stdout, stderr };
}

/** Runs a command that must succeed and returns its stdout parsed as JSON. */
export async function json<T = any>(...args: string[]): Promise<T> {
  const run = await shinpan(...args, '--json');
  if (run.code !== 0) throw new Error(`shinpan ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/** Runs a command that must succeed and returns its stdout. */
export async function ok(...args: string[]): Promise<string> {
  const run = await shinpan(...args);
  if (run.code !== 0) throw new Error(`shinpan ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  expect(run.stderr).toBe('');
  return run.stdout;
}

/** A fresh folder for this test file, removed afterwards. */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `shinpan-cli-${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every event of every tournament in the file, read without writing: what "nothing written" compares. */
export function snapshot(path: string): unknown {
  if (!existsSync(path)) return null;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return {
      streams: db.prepare('select id, version from streams order by id').all(),
      events: db.prepare('select tournament_id, seq, type, data, actor, at from events order by position').all(),
    };
  } finally {
    db.close();
  }
}

/** Runs a command that must be refused with exit 2 and leave the file as it was; returns stderr. */
export async function refused(db: string, ...args: string[]): Promise<string> {
  const before = snapshot(db);
  const run = await shinpan(...args);
  expect(run.code, `${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.startsWith('shinpan: ')).toBe(true);
  expect(snapshot(db)).toEqual(before);
  return run.stderr;
}

/** A tournament file with `players` registered (ids P01…), created at a fixed time. */
export async function tournamentWith(
  dir: string,
  name: string,
  players: number,
  extra: string[] = [],
): Promise<string> {
  const db = join(dir, `${name}.db`);
  await json(
    'tournament',
    'create',
    '--db',
    db,
    '--id',
    name,
    '--name',
    `大会 ${name}`,
    '--date',
    '2011-06-01',
    '--rounds',
    '3',
    '--at',
    '2011-06-01T09:00:00+09:00',
    ...extra,
  );
  for (let i = 1; i <= players; i++) {
    const id = `P${String(i).padStart(2, '0')}`;
    await json('player', 'add', '--db', db, '--id', id, '--name', `選手${i}`, '--at', '2011-06-01T09:10:00+09:00');
  }
  return db;
}
