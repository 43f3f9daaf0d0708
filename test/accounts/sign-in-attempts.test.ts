import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import { postgresUrl } from '../support/services.js';

/*
 * Sign-in attempts are counted in the database, so two processes on it share one window per
 * key: both stores here are opened on the same file or schema, as two servers would be.
 */
const url = await postgresUrl();
const SCHEMA = 'sign_in_attempts';
const kinds = [
  {
    name: 'sqlite',
    where: () => {
      const path = join(mkdtempSync(join(tmpdir(), 'shinpan-')), 'a.db');
      return () => openAccountStore({ kind: 'sqlite', path });
    },
  },
  ...(url
    ? [{ name: 'postgres', where: () => () => openAccountStore({ kind: 'postgres', url, schema: SCHEMA }) }]
    : []),
];

afterAll(async () => {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.end();
});

describe.each(kinds)('sign-in attempts ($name)', ({ where }) => {
  it('counts one window per key across two stores on one database, and starts again once it ended', async () => {
    const open = where();
    const [a, b] = [await open(), await open()];
    try {
      const at = 1_800_000_000_000;
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push((await (i % 2 === 0 ? a : b).countAttempt('k1', 60_000, at + i)).count);
      expect(counts).toEqual([1, 2, 3, 4]);
      // Counted together, none lost.
      const together = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).countAttempt('k1', 60_000, at + 10)),
      );
      expect(together.map((c) => c.count).sort((x, y) => x - y)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
      expect(together[0]?.endsAt).toBe(at + 60_000);
      // Another key has its own window; an ended window starts again at 1.
      expect(await a.countAttempt('k2', 60_000, at)).toEqual({ count: 1, endsAt: at + 60_000 });
      expect(await b.countAttempt('k1', 60_000, at + 60_000)).toEqual({ count: 1, endsAt: at + 120_000 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
