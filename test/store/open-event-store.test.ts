import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStore, storeConfigFromEnv } from '../../src/adapters/store/open-event-store.js';
import { StoreOpenError } from '../../src/adapters/store/store-open-error.js';
import { postgresUrl } from '../support/services.js';

const url = await postgresUrl();
const dir = mkdtempSync(join(tmpdir(), 'shinpan-open-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function openError(promise: Promise<unknown>): Promise<StoreOpenError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreOpenError);
  return error as StoreOpenError;
}

describe('storeConfigFromEnv', () => {
  it('defaults to ./shinpan.db', () => {
    expect(storeConfigFromEnv({})).toEqual({ kind: 'sqlite', path: './shinpan.db' });
    expect(storeConfigFromEnv({ DATABASE_URL: '', SHINPAN_DB: ' ' })).toEqual({ kind: 'sqlite', path: './shinpan.db' });
  });

  it('takes the SQLite file from SHINPAN_DB', () => {
    expect(storeConfigFromEnv({ SHINPAN_DB: '/srv/shinpan/kanto.db' })).toEqual({
      kind: 'sqlite',
      path: '/srv/shinpan/kanto.db',
    });
  });

  it('lets DATABASE_URL win over SHINPAN_DB', () => {
    const env = { DATABASE_URL: 'postgresql://u:p@db.example:5433/shinpan', SHINPAN_DB: 'ignored.db' };
    expect(storeConfigFromEnv(env)).toEqual({ kind: 'postgres', url: 'postgresql://u:p@db.example:5433/shinpan' });
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, in both languages', () => {
    let error: unknown;
    try {
      storeConfigFromEnv({ DATABASE_URL: 'sqlite:///tmp/x.db' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as StoreOpenError).message).toMatch(
      /^DATABASE_URL must be a PostgreSQL URL starting with postgres:\/\//,
    );
    expect((error as StoreOpenError).text.ja).toMatch(/^DATABASE_URL は postgres:\/\//);
  });
});

describe('openEventStore', () => {
  it('opens an SQLite file, creating it', async () => {
    const path = join(dir, 'new.db');
    const store = await openEventStore({ kind: 'sqlite', path });
    await store.append('t1', 0, [
      { type: 'TournamentCreated', data: {}, actor: 'cli:test', at: '2025-06-01T10:00:00Z' },
    ]);
    await store.close();
    const again = await openEventStore({ kind: 'sqlite', path });
    expect(await again.listTournaments()).toEqual([{ id: 't1', version: 1 }]);
    await again.close();
  });

  it('names the SQLite file when its folder does not exist', async () => {
    const path = join(dir, 'no-such-folder', 'x.db');
    const error = await openError(openEventStore({ kind: 'sqlite', path }));
    expect(error.message).toContain(`cannot open the SQLite event store ${path}: `);
    expect(error.text.ja).toContain(`SQLite のイベントストア ${path} を開けません`);
  });

  it('names the SQLite file when it is not a database', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'this is not a database, it is a judge’s notes file\n'.repeat(200));
    const error = await openError(openEventStore({ kind: 'sqlite', path }));
    expect(error.message).toBe(`cannot open the SQLite event store ${path}: file is not a database`);
  });

  it('refuses a URL that cannot be parsed or is not PostgreSQL', async () => {
    expect((await openError(openEventStore({ kind: 'postgres', url: 'db.example:5432' }))).message).toMatch(
      /postgres:\/\//,
    );
    expect((await openError(openEventStore({ kind: 'postgres', url: 'not a url' }))).message).toBe(
      'not a valid PostgreSQL URL (expected postgres://user:password@host:port/database)',
    );
  });

  it('names the host, never the password, when the server does not answer', async () => {
    const error = await openError(
      openEventStore({ kind: 'postgres', url: 'postgres://judge:s3cret@127.0.0.1:1/shinpan' }),
    );
    expect(error.message).toMatch(/^cannot connect to PostgreSQL at 127\.0\.0\.1:1\/shinpan: /);
    expect(error.text.ja).toMatch(/^PostgreSQL \(127\.0\.0\.1:1\/shinpan\) に接続できません/);
    expect(`${error.message} ${error.text.ja}`).not.toContain('s3cret');
  });

  it.skipIf(!url)('opens PostgreSQL from its URL', async () => {
    const schema = `shinpan_test_open_${process.pid}`;
    try {
      const store = await openEventStore({ kind: 'postgres', url: url as string, schema });
      await store.append('t1', 0, [
        { type: 'TournamentCreated', data: { name: '大会' }, actor: 'cli:test', at: '2025-06-01T10:00:00Z' },
      ]);
      expect(await store.listTournaments()).toEqual([{ id: 't1', version: 1 }]);
      await store.close();
    } finally {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });
});
