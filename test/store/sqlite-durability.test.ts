import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../src/adapters/store/sqlite/sqlite-event-store.js';
import { cBuildAvailable } from '../support/services.js';

/*
 * The SQLite store commits with synchronous=NORMAL and fsyncs the WAL itself after each group,
 * off the event loop: these tests hold it to "nothing is acknowledged before an fsync that
 * came after its commit". The fsyncs are counted by the benchmark's LD_PRELOAD shim
 * (bench/server/slow-fsync.c, no delay here), built with gcc.
 */

const repoRoot = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'shinpan-sqlite-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shim = join(dir, 'count-fsync.so');
const gcc = spawnSync(
  'gcc',
  ['-shared', '-fPIC', '-O2', '-o', shim, join(repoRoot, 'bench/server/slow-fsync.c'), '-ldl'],
  {
    encoding: 'utf8',
  },
);
// LD_PRELOAD is Linux's; elsewhere the proof cannot run at all (no machine of ours is such).
const canCount = process.platform === 'linux' && cBuildAvailable(gcc);

describe('SQLite event store durability', () => {
  it.skipIf(!canCount)('acknowledges an append only after an fsync that followed it, alone or in a group', () => {
    const counter = join(dir, 'fsyncs');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'test/store/support/fsync-child.ts'), join(dir, 'synced.db'), 't1', counter],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, LD_PRELOAD: shim, SHINPAN_FSYNC_DELAY_US: '0', SHINPAN_FSYNC_COUNT_FILE: counter },
      },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const lines = child.stdout.trim().split('\n');
    const [one, group] = [lines.slice(0, 6), lines.slice(6)];
    // One after another: each acknowledgement has seen a new fsync since the one before.
    let before = Number(one[0]!.split(' ')[1]);
    expect(one.slice(1).map((line) => Number(line.split(' ')[0]))).toEqual([1, 2, 3, 4, 5]);
    for (const line of one.slice(1)) {
      const seen = Number(line.split(' ')[1]);
      expect(seen).toBeGreaterThan(before);
      before = seen;
    }
    // Eight at once: every one is acknowledged after an fsync that came after they were sent.
    const groupStart = Number(group[0]!.split(' ')[1]);
    const acks = group.slice(1).map((line) => line.split(' ').map(Number) as [number, number]);
    expect(acks.map(([version]) => version).sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    for (const [, seen] of acks) expect(seen).toBeGreaterThan(groupStart);
    // …and they shared commits: fewer fsyncs than appends.
    expect(Math.max(...acks.map(([, seen]) => seen)) - groupStart).toBeLessThan(8);
  });

  it('keeps the log in WAL mode, and every acknowledged event is in the file another connection opens', async () => {
    const path = join(dir, 'wal.db');
    const store = await openSqliteEventStore(path);
    await store.append('t1', 0, [
      { type: 'PlayerRegistered', data: { n: 1 }, actor: 'a', at: '2025-06-01T10:00:00.000Z' },
    ]);
    const other = new Database(path, { readonly: true });
    try {
      expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(other.prepare('select count(*) as n from events').get()).toEqual({ n: 1 });
    } finally {
      other.close();
      await store.close();
    }
  });
});
