import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, StoredEvent } from '../../src/app/event-store.js';
import { appendLog } from '../../src/app/log-transfer.js';
import { logDigest } from '../../src/app/reports/log-digest.js';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import { packageRoot } from '../../src/adapters/package-root.js';
import { BackupError } from '../../src/adapters/store/backup/backup-error.js';
import { backupDatabase } from '../../src/adapters/store/backup/backup.js';
import { copyStreams } from '../../src/adapters/store/backup/db-copy.js';
import { openEventStore, type StoreConfig } from '../../src/adapters/store/open-event-store.js';
import { shinpan } from '../cli/support.js';
import { postgresSchemas } from '../support/postgres-schemas.js';
import { asFrozen, releaseFacts, type ReleaseFacts } from '../support/release-facts.js';
import { postgresUrl } from '../support/services.js';

/*
 * Backups and moves on real files and the real PostgreSQL server, from the frozen 0.1.0
 * database (the demo and two shop events sharing players): the answers after a backup or a
 * copy are the frozen ones.
 */

const fixture = join(packageRoot(), 'test', 'fixtures', 'releases', '0.1.0');
const facts = JSON.parse(readFileSync(join(fixture, 'facts.json'), 'utf8')) as ReleaseFacts;
const url = await postgresUrl();
const nextSchema = postgresSchemas(url, 'backup');
const dir = mkdtempSync(join(tmpdir(), 'shinpan-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = (name: string) => join(dir, `${++files}-${name}`);

/** A fresh copy of the frozen database. */
function frozenCopy(): string {
  const path = file('source.db');
  copyFileSync(join(fixture, 'shinpan.db'), path);
  return path;
}

async function factsOf(config: StoreConfig): Promise<ReleaseFacts> {
  const store = await openEventStore(config);
  try {
    return await releaseFacts(store);
  } finally {
    await store.close();
  }
}

async function withStore<T>(config: StoreConfig, work: (store: EventStore) => Promise<T>): Promise<T> {
  const store = await openEventStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

const pgConfig = (): StoreConfig => ({ kind: 'postgres', url: url as string, schema: nextSchema() });

describe('shinpan backup from SQLite', () => {
  it('writes a verified copy that gives the same answers, and never writes over a file', async () => {
    const source = frozenCopy();
    const target = file('backup.db');
    const run = await shinpan('backup', '--db', source, '--to', target, '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.streams.map((s: { id: string }) => s.id).sort()).toEqual(Object.keys(facts.tournaments).sort());
    expect(asFrozen(await factsOf({ kind: 'sqlite', path: target }), facts)).toEqual(facts);

    const before = statSync(target).mtimeMs;
    const again = await shinpan('backup', '--db', source, '--to', target);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${target} exists`);
    expect(statSync(target).mtimeMs).toBe(before);
    // Nothing left behind under a temporary name.
    expect(readdirSync(dir).filter((n) => n.includes('.partial-'))).toEqual([]);
  });

  it('copies the accounts and settings with the log', async () => {
    const source = frozenCopy();
    const accounts = await openAccountStore({ kind: 'sqlite', path: source });
    await accounts.settingOrInit('backup-test', 'kept');
    await accounts.close();
    const target = file('backup.db');
    await backupDatabase({ kind: 'sqlite', path: source }, target);
    const copied = await openAccountStore({ kind: 'sqlite', path: target });
    expect(await copied.setting('backup-test')).toBe('kept');
    await copied.close();
  });

  it('takes a consistent copy while another process appends, each stream equal to the source at the copied version', async () => {
    const source = file('busy.db');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(packageRoot(), 'test/store/support/append-child.ts'), 'burst', source, 'busy', '50'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout });
    const acknowledged: number[] = [];
    const reached = (n: number) =>
      new Promise<void>((resolve) => {
        lines.on('line', (line) => {
          acknowledged.push(Number(line));
          if (Number(line) >= n) resolve();
        });
      });
    try {
      await reached(2_000);
      const target = file('busy-backup.db');
      const report = await backupDatabase({ kind: 'sqlite', path: source }, target);
      const [stream] = report.streams;
      expect(stream?.id).toBe('busy');
      // Every append acknowledged before the backup began is in it.
      expect(stream?.version).toBeGreaterThanOrEqual(2_000);
      await reached((stream?.version ?? 0) + 100);
      child.kill('SIGKILL');
      const events = await withStore({ kind: 'sqlite', path: source }, (s) => s.read('busy'));
      expect(events.length).toBeGreaterThan(stream?.version ?? 0);
      expect(stream?.digest.sha256).toBe(logDigest(events.slice(0, stream?.version)).sha256);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses a source that does not exist and a PostgreSQL target, writing nothing', async () => {
    const target = file('none.db');
    const missing = await shinpan('backup', '--db', file('nowhere.db'), '--to', target);
    expect(missing.code).toBe(2);
    expect(existsSync(target)).toBe(false);
    const pg = await shinpan('backup', '--db', frozenCopy(), '--to', 'postgres://x@localhost/db');
    expect(pg).toMatchObject({ code: 2 });
    expect(pg.stderr).toContain('shinpan db copy');
  });
});

describe('shinpan db copy between SQLite files', () => {
  it('copies chosen tournaments, catches up, changes nothing the second time, refuses a target that differs', async () => {
    const source = frozenCopy();
    const target = file('copy.db');
    const first = await shinpan(
      'db',
      'copy',
      '--from',
      source,
      '--to',
      target,
      '--tournament',
      'shop-2026-11',
      '--json',
    );
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).tournaments).toEqual([
      {
        id: 'shop-2026-11',
        from: 0,
        to: 63,
        sha256: (facts.tournaments['shop-2026-11'] as { log: { sha256: string } }).log.sha256,
      },
    ]);
    const whole = await shinpan('db', 'copy', '--from', source, '--to', target, '--json');
    expect(JSON.parse(whole.stdout).tournaments.map((s: { from: number }) => s.from)).toEqual([0, 63, 0]);
    expect(asFrozen(await factsOf({ kind: 'sqlite', path: target }), facts)).toEqual(facts);
    const again = await shinpan('db', 'copy', '--from', source, '--to', target, '--json');
    expect(JSON.parse(again.stdout).tournaments.every((s: { from: number; to: number }) => s.from === s.to)).toBe(true);

    // The target's demo log gets an event the source does not have: refused, naming it, nothing written.
    await withStore({ kind: 'sqlite', path: target }, (s) =>
      s.append('demo', 71, [
        { type: 'Announced', data: { text: 'x' }, actor: 'elsewhere', at: '2026-12-07T00:00:00Z' },
      ]),
    );
    const refused = await shinpan('db', 'copy', '--from', source, '--to', target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('demo (the target has 72 events, the source 71)');
    const unknown = await shinpan('db', 'copy', '--from', source, '--to', target, '--tournament', 'nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no such tournament in the source: nope');
  });
});

describe.skipIf(!url)('backups and copies with PostgreSQL', () => {
  it('copies the frozen SQLite database into PostgreSQL with its accounts, verified, the same answers; again changes nothing', async () => {
    const source = frozenCopy();
    const accounts = await openAccountStore({ kind: 'sqlite', path: source });
    await accounts.createAccount({
      id: 'acc-judge1',
      username: 'judge1',
      displayName: 'ジャッジ 1',
      roles: ['judge'],
      passwordHash: 'scrypt$not-a-real-hash',
      mustChangePassword: true,
      createdAt: '2026-12-01T00:00:00Z',
    });
    await accounts.close();
    const target = pgConfig();
    const copied = await withStore({ kind: 'sqlite', path: source }, (from) =>
      withStore(target, (to) => copyStreams(from, to)),
    );
    expect(copied.map((s) => [s.id, s.from, s.to])).toEqual([
      ['demo', 0, 71],
      ['shop-2026-11', 0, 63],
      ['shop-2026-12', 0, 26],
    ]);
    expect(asFrozen(await factsOf(target), facts)).toEqual(facts);
    const again = await withStore({ kind: 'sqlite', path: source }, (from) =>
      withStore(target, (to) => copyStreams(from, to)),
    );
    expect(again.every((s) => s.from === s.to)).toBe(true);

    // And back: PostgreSQL into a new SQLite file as a backup, accounts with it.
    const sourcePg = await openAccountStore({ kind: 'sqlite', path: source });
    const toPg = await openAccountStore(target);
    expect(await toPg.addPortableRows(await sourcePg.portableRows())).toBeGreaterThan(0);
    expect(await toPg.addPortableRows(await sourcePg.portableRows())).toBe(0);
    await sourcePg.close();
    await toPg.close();
    const backup = file('from-pg.db');
    const report = await backupDatabase(target, backup);
    expect(report.streams).toHaveLength(3);
    expect(asFrozen(await factsOf({ kind: 'sqlite', path: backup }), facts)).toEqual(facts);
    const restoredAccounts = await openAccountStore({ kind: 'sqlite', path: backup });
    expect((await restoredAccounts.findAccountByUsername('judge1'))?.displayName).toBe('ジャッジ 1');
    await restoredAccounts.close();
    await expect(backupDatabase(target, backup)).rejects.toThrow(BackupError);
  });

  it('refuses a PostgreSQL target stream that differs, naming it, and writes no other stream', async () => {
    const target = pgConfig();
    const logs = (id: string) =>
      readFileSync(join(fixture, 'logs', `${id}.events.jsonl`), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as StoredEvent);
    await withStore(target, async (to) => {
      const other = logs('shop-2026-12')
        .slice(0, 5)
        .map((e) => ({ ...e, actor: 'someone else' }));
      await appendLog(to, 'shop-2026-12', other);
    });
    const error = await withStore({ kind: 'sqlite', path: frozenCopy() }, (from) =>
      withStore(target, (to) => copyStreams(from, to)),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).text.en).toContain('shop-2026-12 (its first 5 events differ)');
    expect((error as BackupError).text.ja).toContain('shop-2026-12 (最初の 5 件が異なる)');
    expect(await withStore(target, (s) => s.listTournaments())).toEqual([{ id: 'shop-2026-12', version: 5 }]);
  });
});
