import Database from 'better-sqlite3';
import { mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../src/adapters/store/sqlite/sqlite-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';

/*
 * The WAL is checkpointed by a worker thread, never inside a commit on the event loop: SQLite's
 * automatic checkpoint (every 1,000 pages) stopped the server's loop for 45–55 ms a few times a
 * minute at 1,000 results a second. These tests read the WAL file itself, through no connection
 * (a connection's own checkpoint would hide what the store did).
 */

const dir = mkdtempSync(join(tmpdir(), 'shinpan-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The WAL header's checkpoint sequence: it moves each time a writer rewinds the WAL after a whole checkpoint. */
function walSequence(file: string): number {
  const fd = openSync(`${file}-wal`, 'r');
  try {
    const header = Buffer.alloc(16);
    readSync(fd, header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}

const event = (n: number) => ({
  type: 'PlayerRegistered',
  data: { n, padding: 'x'.repeat(2_000) },
  actor: 'test',
  at: '2026-08-01T10:00:00.000Z',
});

async function appendMany(store: EventStore, tournament: string, from: number, count: number): Promise<number> {
  let version = from;
  for (let i = 0; i < count; i += 10) {
    const events = Array.from({ length: 10 }, (_, k) => event(version + k + 1));
    version = (await store.append(tournament, version, events)).version;
  }
  return version;
}

describe('the SQLite store’s checkpoints', () => {
  it('never checkpoints inside a commit: the WAL keeps every frame until the worker copies it', async () => {
    const file = join(dir, 'no-worker.db');
    // No checkpoint from the worker in this test's lifetime.
    const store = await openSqliteEventStore(file, { checkpointMs: Number.POSITIVE_INFINITY });
    const sequence = walSequence(file);
    // About 7 MB of events in 300 commits: past the 1,000 pages (4 MB) at which a commit would
    // have checkpointed and the next one rewound the WAL.
    await appendMany(store, 't1', 0, 3_000);
    expect(walSequence(file)).toBe(sequence);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(6_000_000);
    await store.close();
    // Closing the last connection copied everything: another connection reads every event.
    const other = new Database(file, { readonly: true });
    expect(other.prepare('select count(*) as n from events').get()).toEqual({ n: 3_000 });
    other.close();
  });

  it('has the worker checkpoint while commits come in, so the writer rewinds the WAL', async () => {
    const file = join(dir, 'worker.db');
    const store = await openSqliteEventStore(file, { checkpointMs: 10 });
    let version = await appendMany(store, 't1', 0, 100);
    const sequence = walSequence(file);
    // Commits keep coming from eight writers with no pause (each asks for a checkpoint within
    // 10 ms): the WAL is still rewound, as the checkpoint holds the appends back until it
    // reaches the WAL's end. Bounded, so a store that never checkpoints, or whose checkpoints
    // always end behind the writers, fails here.
    const until = Date.now() + 10_000;
    const going = () => walSequence(file) === sequence && Date.now() < until;
    const others = ['t2', 't3', 't4', 't5', 't6', 't7', 't8'].map(async (tournament) => {
      let at = 0;
      while (going()) at = await appendMany(store, tournament, at, 10);
    });
    while (going()) version = await appendMany(store, 't1', version, 10);
    await Promise.all(others);
    expect(walSequence(file)).not.toBe(sequence);
    // Nothing was lost on the way: the log reads back whole, in order.
    const read = await store.read('t1');
    expect(read.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    await store.close();
  });
});
