import Database from 'better-sqlite3';
import { parentPort } from 'node:worker_threads';

/*
 * The worker side of wal-checkpoints.ts: its own connection to the event log, which copies
 * what the WAL holds into the database file (and fsyncs it) off the server's event loop.
 * Each message is the file's path; the answer is how many WAL frames there were and how many
 * were copied, or the error's message.
 */

let db: Database.Database | undefined;

parentPort?.on('message', (file: string) => {
  try {
    db ??= new Database(file, { fileMustExist: true });
    // PASSIVE: copies what no reader still needs and never waits for the writer or a reader.
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    parentPort?.postMessage({ ok: true, log: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: (error as Error).message });
  }
});
