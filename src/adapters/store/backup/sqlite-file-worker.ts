import Database from 'better-sqlite3';
import { parentPort } from 'node:worker_threads';
import { logDigest } from '../../../app/reports/log-digest.js';
import { eventFromRow, type EventRow } from '../event-rows.js';
import type { SqliteFileTask } from './sqlite-file-tasks.js';

/*
 * The worker side of sqlite-file-tasks.ts: work on whole SQLite files off the event loop of
 * the process that asks (a serving server taking its scheduled backup), each on a connection
 * of its own. One task per worker.
 */

function snapshot(source: string, target: string): void {
  // VACUUM INTO reads in one read transaction: a consistent copy while writers go on (WAL).
  const db = new Database(source, { fileMustExist: true, readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('vacuum into ?').run(target);
  } finally {
    db.close();
  }
}

/** The file's integrity check and, per stream, the log digest at its version (or at `upTo`'s). */
function inspect(file: string, upTo: Readonly<Record<string, number>> | undefined) {
  const db = new Database(file, { fileMustExist: true, readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    const versions = db.prepare('select id, version from streams').all() as { id: string; version: number }[];
    const rows = db.prepare(
      'select tournament_id, seq, type, data, actor, at from events where tournament_id = ? and seq <= ? order by seq',
    );
    // One read transaction: every stream at one moment of the file.
    const streams = db.transaction(() =>
      versions
        .filter((s) => upTo === undefined || upTo[s.id] !== undefined)
        .map(({ id, version }) => {
          const at = upTo?.[id] ?? version;
          const events = (function* () {
            for (const row of rows.iterate(id, at) as IterableIterator<EventRow>) yield eventFromRow(row);
          })();
          return { id, version, digest: logDigest(events) };
        }),
    )();
    return { integrity, streams };
  } finally {
    db.close();
  }
}

parentPort?.once('message', (task: SqliteFileTask) => {
  try {
    if (task.kind === 'snapshot') {
      snapshot(task.source, task.target);
      parentPort?.postMessage({ ok: true, value: null });
    } else {
      parentPort?.postMessage({ ok: true, value: inspect(task.file, task.upTo) });
    }
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: (error as Error).message });
  }
});
