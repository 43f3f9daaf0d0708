import type { Worker } from 'node:worker_threads';
import { swallowed } from '../../operational-notices.js';
import { workerOf } from '../../worker-threads.js';

/** How long after a commit the WAL is checkpointed (one checkpoint in flight at a time). */
export const CHECKPOINT_MS = 1_000;

/**
 * The WAL's checkpoints, off the event loop. SQLite's automatic checkpoint runs inside the
 * commit that crosses 1,000 pages, on the connection's thread: copying those pages into the
 * database file and fsyncing it stopped the server's loop a few times a minute on the day, the
 * longest waits any request had (docs/performance.md). The store turns it off
 * (`wal_autocheckpoint = 0`), and this runs a PASSIVE checkpoint from a worker thread with its
 * own connection at most every CHECKPOINT_MS while commits come in. It runs while the store's
 * connection is held (`hold`): appends wait (the loop does not), so the checkpoint reaches the
 * WAL's end and the next transaction rewinds it, as after an automatic one. A checkpoint beside
 * appends that never pause would always end behind the newest frame, and the WAL would grow for
 * as long as the writes came. The worker starts with the first checkpoint (a CLI command that
 * writes once never starts one) and does not keep a process alive. A failed checkpoint leaves
 * the frames in the WAL for the next one (and SQLite copies them when the store's connection
 * closes).
 */
export class WalCheckpoints {
  #worker: Worker | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(
    private readonly file: string,
    /** Runs a checkpoint while the store's connection is held: no append commits meanwhile. */
    private readonly hold: (checkpoint: () => Promise<void>) => Promise<void>,
    private readonly afterMs: number = CHECKPOINT_MS,
  ) {}

  /** A group was committed: a checkpoint follows within `afterMs` unless one is due or running. */
  committed(): void {
    if (this.#closed || this.#timer !== null || this.#running !== null || !Number.isFinite(this.afterMs)) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#running = this.hold(() => this.#checkpoint())
        .catch(swallowed('wal-checkpoint-failed', { file: this.file }))
        .finally(() => {
          this.#running = null;
        });
    }, this.afterMs);
    this.#timer.unref?.();
  }

  #checkpoint(): Promise<void> {
    return new Promise((resolve) => {
      let worker: Worker;
      try {
        worker = this.#worker ??= this.#start();
      } catch (error) {
        swallowed('wal-checkpoint-failed', { file: this.file })(error);
        return resolve();
      }
      const done = (answer?: { ok: boolean; message?: string }) => {
        if (answer !== undefined && typeof answer === 'object' && answer.ok === false)
          swallowed('wal-checkpoint-failed', { file: this.file })(new Error(answer.message));
        worker.off('message', done);
        worker.off('exit', done);
        resolve();
      };
      worker.on('message', done);
      // A worker that stopped (its error is the next checkpoint's to retry) ends this one too.
      worker.on('exit', done);
      worker.postMessage(this.file);
    });
  }

  #start(): Worker {
    const worker = workerOf(import.meta.url, 'checkpoint-worker');
    worker.unref();
    worker.on('error', swallowed('wal-checkpoint-failed', { file: this.file }));
    worker.on('exit', () => {
      if (this.#worker === worker) this.#worker = null;
    });
    return worker;
  }

  /** After the checkpoint under way (if any), the worker is stopped. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
    await this.#worker?.terminate();
    this.#worker = null;
  }
}
