import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../src/adapters/store/sqlite/sqlite-event-store.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
const childScript = new URL('./support/append-child.ts', import.meta.url).pathname;
const BATCH = 10;
const dir = mkdtempSync(join(tmpdir(), 'shinpan-sqlite-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Child {
  /** Calls back with each line the child prints (one per acknowledged append). */
  onLine(listener: (line: string) => void): void;
  /** Sends the child one line on stdin. */
  tell(line: string): void;
  kill(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startChild(args: readonly string[]): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const listeners: ((line: string) => void)[] = [];
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) for (const listener of listeners) listener(line);
  });
  return {
    onLine: (listener) => listeners.push(listener),
    tell: (line) => child.stdin.write(`${line}\n`),
    kill: () => child.kill('SIGKILL'),
    exited: new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr }))),
  };
}

describe('SQLite event store across processes', () => {
  it('keeps every acknowledged append, and no half batch, when the writer is killed mid-burst', async () => {
    const path = join(dir, 'crash.db');
    const writer = startChild(['burst', path, 't1', String(BATCH)]);
    let acknowledged = 0;
    writer.onLine((line) => {
      acknowledged = Number(line);
      if (acknowledged >= 200 * BATCH) writer.kill();
    });
    const { signal, stderr } = await writer.exited;
    expect(stderr).toBe('');
    expect(signal).toBe('SIGKILL');

    const store = await openSqliteEventStore(path);
    const events = await store.read('t1');
    await store.close();
    expect(events.length).toBeGreaterThanOrEqual(acknowledged);
    expect(events.length % BATCH).toBe(0);
    expect(events.every((e, i) => e.seq === i + 1 && (e.data as { n: number }).n === i + 1)).toBe(true);
  });

  it('serializes two processes writing one tournament: no append lost, none doubled, every version right', async () => {
    const path = join(dir, 'contend.db');
    const perWriter = 60;
    const acks: string[] = [];
    let ready = 0;
    const writers = ['a', 'b'].map((name) => startChild(['contend', path, 't1', name, String(perWriter)]));
    for (const writer of writers) {
      writer.onLine((line) => {
        if (line !== 'ready') acks.push(line);
        else if (++ready === writers.length) for (const each of writers) each.tell('go');
      });
    }
    for (const exit of await Promise.all(writers.map((w) => w.exited)))
      expect(exit).toEqual({ code: 0, signal: null, stderr: '' });

    const store = await openSqliteEventStore(path);
    const events = await store.read('t1');
    await store.close();
    expect(events).toHaveLength(2 * perWriter);
    expect(acks).toHaveLength(2 * perWriter);
    for (const ack of acks) {
      const [name, i, version] = ack.split(' ');
      expect(events[Number(version) - 1]?.data).toEqual({ writer: name, i: Number(i) });
    }
    const written = events.map((e) => JSON.stringify(e.data));
    expect(new Set(written).size).toBe(2 * perWriter);
  });

  it('leaves the file in WAL mode, so readers in other processes never block the writer', async () => {
    const path = join(dir, 'wal.db');
    await (await openSqliteEventStore(path)).close();
    const other = new Database(path, { readonly: true });
    expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    other.close();
  });
});
