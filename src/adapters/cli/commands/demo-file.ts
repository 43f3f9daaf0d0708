import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';

/*
 * The demo may only write a new file or replace one an earlier demo wrote. Deciding which
 * must not touch the file: it is read in read-only mode, and a file that is not SQLite at all
 * is never opened as a database.
 */

export type DemoFileState = 'absent' | 'demo' | 'other';

const SQLITE_HEADER = 'SQLite format 3\u0000';

function startsLikeSqlite(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    return read === header.length && header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** Whether `path` is missing (or empty), a database holding only the demo tournament, or anything else. */
export function demoFileState(path: string, demoId: string): DemoFileState {
  if (!existsSync(path)) return 'absent';
  if (!statSync(path).isFile()) return 'other';
  if (statSync(path).size === 0) return 'absent';
  if (!startsLikeSqlite(path)) return 'other';
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const ids = (db.prepare('select id from streams').all() as { id: string }[]).map((row) => row.id);
    return ids.length === 1 && ids[0] === demoId ? 'demo' : 'other';
  } catch {
    return 'other';
  } finally {
    db?.close();
  }
}

/** Removes an earlier demo's file with its WAL companions. */
export function removeDemoFile(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
}
