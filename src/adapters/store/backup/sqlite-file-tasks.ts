import type { LogDigest } from '../../../app/reports/log-digest.js';
import { workerOf } from '../../worker-threads.js';

/*
 * Whole-file work on SQLite databases in a worker thread (sqlite-file-worker.ts): a backup of
 * a big log takes seconds of synchronous SQLite work, which on the server's event loop would
 * stop every request meanwhile.
 */

export type SqliteFileTask =
  | { readonly kind: 'snapshot'; readonly source: string; readonly target: string }
  | { readonly kind: 'inspect'; readonly file: string; readonly upTo?: Readonly<Record<string, number>> };

export interface StreamDigest {
  readonly id: string;
  /** The stream's version in the file inspected. */
  readonly version: number;
  /** Its log's digest up to the version asked for (its own by default). */
  readonly digest: LogDigest;
}

export interface FileInspection {
  /** `ok`, or what SQLite's integrity check found. */
  readonly integrity: string;
  readonly streams: readonly StreamDigest[];
}

function run<T>(task: SqliteFileTask): Promise<T> {
  const worker = workerOf(import.meta.url, 'sqlite-file-worker');
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (answer: { ok: true; value: T } | { ok: false; message: string }) => {
      void worker.terminate();
      if (answer.ok) resolve(answer.value);
      else reject(new Error(answer.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the SQLite worker stopped (exit ${code})`)));
    worker.postMessage(task);
  });
}

/** A consistent copy of `source` into the new file `target` (VACUUM INTO), while others write. */
export const snapshotSqlite = (source: string, target: string): Promise<void> =>
  run({ kind: 'snapshot', source, target });

/** The integrity check of `file` and its streams' digests (at `upTo`'s versions, for those streams only). */
export const inspectSqlite = (file: string, upTo?: Readonly<Record<string, number>>): Promise<FileInspection> =>
  run({ kind: 'inspect', file, ...(upTo === undefined ? {} : { upTo }) });
