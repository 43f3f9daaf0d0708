import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, openSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type LogDigest, logDigest } from '../../../app/reports/log-digest.js';
import { appendLog } from '../../../app/log-transfer.js';
import { openAccountStore } from '../../accounts/open-account-store.js';
import { openEventStore, type StoreConfig } from '../open-event-store.js';
import { BackupError } from './backup-error.js';
import { backupMessages as M } from './backup-messages.js';
import { inspectSqlite, snapshotSqlite, type StreamDigest } from './sqlite-file-tasks.js';

/*
 * `shinpan backup` and the server's scheduled backups: a new SQLite file holding a consistent
 * copy of the database, taken while the server writes, verified before it gets its name.
 *
 * - From SQLite: VACUUM INTO in a worker thread (one read transaction: every table at one
 *   moment, idempotency keys and accounts included), so the server's loop never waits for it.
 * - From PostgreSQL: each tournament's log as read at the moment of its turn, appended to a
 *   new SQLite file with the event store's own code, and the accounts, API tokens and settings.
 *
 * Then, in the worker: SQLite's integrity check of the copy, and for every stream of the copy
 * the digest of its log at the copied version, which must equal the source's at that version
 * (a log only grows, so the source's prefix is what was copied). The copy is written under a
 * temporary name beside the target, fsynced, and linked to the target's name: a link never
 * replaces a file, so an existing file is never written over, even one made meanwhile.
 */

export interface BackupReport {
  readonly target: string;
  readonly bytes: number;
  readonly ms: number;
  /** Every tournament copied, with its version and digest (equal in the source). */
  readonly streams: readonly StreamDigest[];
}

const sourceName = (config: StoreConfig): string => (config.kind === 'sqlite' ? config.path : 'PostgreSQL');

/** Copies `source` into the new SQLite file `target` and verifies it; throws BackupError naming what failed. */
export async function backupDatabase(source: StoreConfig, target: string): Promise<BackupReport> {
  const started = performance.now();
  if (existsSync(target)) throw new BackupError(M.text('target-exists', { path: target }));
  const partial = join(
    dirname(target),
    `.${basename(target)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    let sourceDigests: ReadonlyMap<string, LogDigest> | undefined;
    if (source.kind === 'sqlite') {
      if (!existsSync(source.path)) throw new BackupError(M.text('no-source', { path: source.path }));
      await snapshotSqlite(source.path, partial);
    } else {
      sourceDigests = await copyFromPostgres(source, partial);
    }
    const copy = await inspectSqlite(partial);
    if (copy.integrity !== 'ok') {
      throw new BackupError(M.text('integrity-failed', { path: target, found: copy.integrity }));
    }
    const versions = Object.fromEntries(copy.streams.map((s) => [s.id, s.version]));
    sourceDigests ??= new Map(
      (await inspectSqlite((source as { path: string }).path, versions)).streams.map((s) => [s.id, s.digest]),
    );
    for (const stream of copy.streams) {
      const expected = sourceDigests.get(stream.id);
      if (expected?.sha256 !== stream.digest.sha256 || expected.events !== stream.version) {
        throw new BackupError(M.text('digest-differs', { stream: stream.id, events: stream.version }));
      }
    }
    fsyncFile(partial);
    try {
      linkSync(partial, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(M.text('target-exists', { path: target }));
      }
      throw error;
    }
    fsyncFile(dirname(target));
    return { target, bytes: statSync(target).size, ms: performance.now() - started, streams: copy.streams };
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${partial}${suffix}`, { force: true });
  }
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Each tournament's log, in the order they began, and the accounts; answers the digests of what was read. */
async function copyFromPostgres(source: StoreConfig, file: string): Promise<Map<string, LogDigest>> {
  const digests = new Map<string, LogDigest>();
  const from = await openEventStore(source);
  try {
    const to = await openEventStore({ kind: 'sqlite', path: file });
    try {
      const ids = (await from.listTournaments()).map((t) => t.id);
      const order = await from.firstPositions(ids);
      for (const { id } of [...order].sort((a, b) => a.position - b.position)) {
        const events = await from.read(id);
        digests.set(id, logDigest(events));
        await appendLog(to, id, events);
      }
    } finally {
      await to.close();
    }
  } catch (error) {
    throw error instanceof BackupError ? error : new Error(`${sourceName(source)}: ${(error as Error).message}`);
  } finally {
    await from.close();
  }
  const accounts = await openAccountStore(source);
  try {
    const target = await openAccountStore({ kind: 'sqlite', path: file });
    try {
      await target.addPortableRows(await accounts.portableRows());
    } finally {
      await target.close();
    }
  } finally {
    await accounts.close();
  }
  return digests;
}
