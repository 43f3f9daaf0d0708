import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountStore } from '../../src/adapters/accounts/account-store.js';
import { CREDENTIALS_KEPT_MS } from '../../src/adapters/accounts/kysely-account-store.js';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import { postgresUrl } from '../support/services.js';

/*
 * Requests carrying one credential at once share its look-up (one query, not one each), one
 * found is answered again for CREDENTIALS_KEPT_MS, and a look-up asked after a change to
 * credentials never shares one that began before it nor gets one found before it.
 */
const url = await postgresUrl();
const SCHEMA = 'credential_lookups';
const kinds = [
  {
    name: 'sqlite',
    open: () => openAccountStore({ kind: 'sqlite', path: join(mkdtempSync(join(tmpdir(), 'shinpan-')), 'a.db') }),
  },
  ...(url ? [{ name: 'postgres', open: () => openAccountStore({ kind: 'postgres', url, schema: SCHEMA }) }] : []),
];

afterAll(async () => {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.end();
});

async function withToken(store: AccountStore, id: string) {
  await store.createAccount({
    id,
    username: id,
    displayName: id,
    roles: ['scorekeeper'],
    passwordHash: 'x',
    mustChangePassword: false,
    createdAt: '2026-08-01T00:00:00.000Z',
  });
  const hash = `hash-${id}`;
  await store.createApiToken({
    id: `t-${id}`,
    accountId: id,
    label: 'desk',
    createdAt: '2026-08-01T00:00:00.000Z',
    revokedAt: null,
    tokenHash: hash,
  });
  return hash;
}

describe.each(kinds)('credential look-ups ($name)', ({ open }) => {
  it('answers look-ups of one token asked together from one query', async () => {
    const store = await open();
    try {
      const hash = await withToken(store, 'share');
      const [a, b] = await Promise.all([store.findApiTokenByHash(hash), store.findApiTokenByHash(hash)]);
      expect(a?.account.username).toBe('share');
      expect(b).toBe(a);
      // Once answered, it is answered again for CREDENTIALS_KEPT_MS; then the database is asked again.
      expect(await store.findApiTokenByHash(hash)).toBe(a);
      await new Promise((resolve) => setTimeout(resolve, CREDENTIALS_KEPT_MS + 20));
      expect(await store.findApiTokenByHash(hash)).not.toBe(a);
    } finally {
      await store.close();
    }
  });

  it('asks again after any write of its own, and never keeps a miss', async () => {
    const store = await open();
    try {
      const hash = await withToken(store, 'kept');
      const first = await store.findApiTokenByHash(hash);
      await store.updateAccount('kept', { displayName: 'Kept' });
      const second = await store.findApiTokenByHash(hash);
      expect(second).not.toBe(first);
      expect(second?.account.displayName).toBe('Kept');
      // A token written after a miss is found at once.
      expect(await store.findApiTokenByHash('hash-later')).toBeUndefined();
      await store.createApiToken({
        id: 't-later',
        accountId: 'kept',
        label: 'later',
        createdAt: '2026-08-01T00:00:00.000Z',
        revokedAt: null,
        tokenHash: 'hash-later',
      });
      expect((await store.findApiTokenByHash('hash-later'))?.token.id).toBe('t-later');
    } finally {
      await store.close();
    }
  });

  it('does not answer a look-up asked after a revocation from one asked before it', async () => {
    const store = await open();
    try {
      const hash = await withToken(store, 'revoke');
      const before = store.findApiTokenByHash(hash);
      expect(await store.revokeApiToken('t-revoke', 'revoke', '2026-08-01T01:00:00.000Z')).toBe(true);
      const after = await store.findApiTokenByHash(hash);
      expect(after?.token.revokedAt).toBe('2026-08-01T01:00:00.000Z');
      expect((await before)?.account.username).toBe('revoke');
    } finally {
      await store.close();
    }
  });

  it('does not answer a session look-up asked after its account was disabled from one asked before', async () => {
    const store = await open();
    try {
      await withToken(store, 'disable');
      await store.createSession({
        idHash: 's-disable',
        accountId: 'disable',
        csrfToken: 'c',
        createdAt: '2026-08-01T00:00:00.000Z',
        expiresAt: '2026-08-02T00:00:00.000Z',
      });
      const before = store.findSessionWithAccount('s-disable');
      await store.updateAccount('disable', { disabled: true });
      expect((await store.findSessionWithAccount('s-disable'))?.account.disabled).toBe(true);
      await before;
    } finally {
      await store.close();
    }
  });
});
