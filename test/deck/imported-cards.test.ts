import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import type { AccountStore } from '../../src/adapters/accounts/account-store.js';
import { importCardDatabase, importedCatalogue, importedPool } from '../../src/adapters/deck/imported-cards.js';
import { sampleCataloguePath } from '../../src/adapters/deck/shipped-data.js';
import { postgresUrl } from '../support/services.js';

// Imported card databases live in the server's settings table: the same code on SQLite and PostgreSQL.
const dir = mkdtempSync(join(tmpdir(), 'shinpan-imported-cards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pg = await postgresUrl();
const sample = readFileSync(sampleCataloguePath(), 'utf8');

const stores: [string, () => Promise<AccountStore>][] = [
  ['SQLite', () => openAccountStore({ kind: 'sqlite', path: join(dir, 'cards.db') })],
  ...(pg
    ? ([['PostgreSQL', () => openAccountStore({ kind: 'postgres', url: pg, schema: `cards_${process.pid}` })]] as [
        string,
        () => Promise<AccountStore>,
      ][])
    : []),
];

describe.each(stores)('imported card databases on %s', (_name, open) => {
  it('keeps a parsed upload under its hash, once, and nothing for a broken one', async () => {
    const store = await open();
    try {
      const broken = await importCardDatabase(store, {
        name: 'broken',
        format: 'jsonl',
        data: `${sample.split('\n')[0]}\nnot json\n`,
      });
      expect(broken.ok).toBe(false);
      if (!broken.ok) expect(broken.error.en).toBe('line 2: not valid JSON');
      const first = await importCardDatabase(store, { name: 'sample', format: 'jsonl', data: sample });
      const again = await importCardDatabase(store, { name: 'sample again', format: 'jsonl', data: sample });
      expect(first.ok && again.ok && first.value.pool.hash === again.value.pool.hash).toBe(true);
      if (!first.ok) return;
      // The first upload's name stays: the row is keyed by its cards.
      expect(await importedPool(store, first.value.pool.hash)).toEqual({
        source: 'imported',
        name: 'sample',
        hash: first.value.pool.hash,
        cards: 308,
      });
      expect((await importedCatalogue(store, first.value.pool.hash))?.byPasscode.get(44508095)?.passcode).toBe(
        44508094,
      );
      expect(await importedPool(store, 'f'.repeat(64))).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
