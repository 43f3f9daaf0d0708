import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { openPostgresEventStore } from '../../src/adapters/store/postgres/postgres-event-store.js';
import { postgresUrl } from '../support/services.js';
import { eventStoreContract } from './event-store-contract.js';

const url = await postgresUrl();

// Each test gets a schema of its own, so parallel test files and runs never see each other's events.
const schemas: string[] = [];
afterAll(async () => {
  if (!url || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
});

describe.skipIf(!url)('PostgreSQL event store: the store contract', () => {
  eventStoreContract(async () => {
    const schema = `shinpan_test_${process.pid}_${schemas.length + 1}`;
    schemas.push(schema);
    const open = () => openPostgresEventStore({ url: url as string, schema });
    return { store: await open(), reopen: open };
  });
});
