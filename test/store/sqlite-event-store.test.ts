import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { openSqliteEventStore } from '../../src/adapters/store/sqlite/sqlite-event-store.js';
import { eventStoreContract } from './event-store-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'shinpan-sqlite-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;

describe('SQLite event store: the store contract', () => {
  eventStoreContract(async () => {
    const path = join(dir, `store-${++files}.db`);
    return { store: await openSqliteEventStore(path), reopen: () => openSqliteEventStore(path) };
  });
});
