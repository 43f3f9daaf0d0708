import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../src/adapters/store/postgres/postgres-event-store.js';
import {
  IdempotencyKeyReuseError,
  VersionConflictError,
  type EventStore,
  type NewEvent,
} from '../../src/app/event-store.js';
import { postgresUrl } from '../support/services.js';

/*
 * What only the PostgreSQL store does: an append is one statement (the append function the
 * migration creates), a database from before that function is upgraded in place, and two
 * stores (two processes) pipelining appends to one tournament never fork it.
 */

const url = await postgresUrl();
const schemas: string[] = [];
const open: EventStore[] = [];

async function freshSchema(): Promise<{ schema: string; connect: () => Promise<EventStore> }> {
  const schema = `shinpan_appends_${process.pid}_${schemas.length + 1}`;
  schemas.push(schema);
  const connect = async () => {
    const store = await openPostgresEventStore({ url: url as string, schema });
    open.push(store);
    return store;
  };
  return { schema, connect };
}

async function sqlIn(schema: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url as string, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  if (!url) return;
  for (const schema of schemas) await sqlIn('public', `drop schema if exists ${schema} cascade`);
});

const result = (n: number): NewEvent => ({
  type: 'ResultReported',
  data: { table: n, winner: `p${n}` },
  actor: 'judge:1',
  at: '2025-06-01T10:00:00.000Z',
});

describe.skipIf(!url)('PostgreSQL appends', () => {
  it('writes a keyed append in one statement, locks, checks and NOTIFY included', async () => {
    const { connect } = await freshSchema();
    const store = await connect();
    await store.append('t1', 0, [result(1)]);
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    // Counts what the store's pooled connections send while the append runs.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = args[0];
      sent.push(typeof text === 'string' ? text : (text as { text: string }).text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const written = await store.append('t1', 1, [result(2), result(3)], { idempotencyKey: 'k' });
      expect(written.version).toBe(3);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/shinpan_append_v1/);
  });

  it('upgrades a database made before the append function: its events, versions and keys carry on', async () => {
    const { schema, connect } = await freshSchema();
    const before = await connect();
    await before.append('t1', 0, [result(1)], { idempotencyKey: 'k1' });
    await before.append('t2', 0, [result(1), result(2)]);
    await before.close();
    // The schema as the previous release left it: no append function, its step not yet run.
    await sqlIn(schema, 'drop function shinpan_append_v1');
    await sqlIn(schema, `delete from kysely_migration where name = '0003_append_function'`);
    // Nor the steps after it.
    await sqlIn(schema, 'drop table stream_summaries');
    await sqlIn(schema, `delete from kysely_migration where name = '0004_stream_summaries'`);

    const after = await connect();
    const steps = await sqlIn(schema, 'select name from kysely_migration order by name');
    expect(steps.rows.map((r) => r.name)).toEqual([
      '0001_event_log',
      '0002_idempotency_key_age',
      '0003_append_function',
      '0004_stream_summaries',
    ]);
    expect(await after.listTournaments()).toEqual([
      { id: 't1', version: 1 },
      { id: 't2', version: 2 },
    ]);
    const retry = await after.append('t1', 0, [result(1)], { idempotencyKey: 'k1' });
    expect(retry.replayed).toBe(true);
    expect(retry.version).toBe(1);
    await expect(after.append('t1', 1, [result(5)], { idempotencyKey: 'k1' })).rejects.toBeInstanceOf(
      IdempotencyKeyReuseError,
    );
    await expect(after.append('t2', 1, [result(3)])).rejects.toBeInstanceOf(VersionConflictError);
    expect((await after.append('t2', 2, [result(3)])).version).toBe(3);
    expect((await after.read('t2')).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('never forks a tournament when two stores pipeline appends to it at once: one chain lands whole, the other is refused', async () => {
    const { connect } = await freshSchema();
    const [a, b] = [await connect(), await connect()];
    await a.append('t1', 0, [result(0)]);
    // Each store issues a chain of five, each decided on the one before, all on version 1.
    const chain = (store: EventStore, base: number) => {
      const tickets = Array.from({ length: 5 }, () => ({}));
      return tickets.map((ticket, i) =>
        store.append('t1', 1 + i, [result(base + i)], {
          ticket,
          ...(i === 0 ? {} : { after: tickets[i - 1] }),
        }),
      );
    };
    const outcomes = await Promise.allSettled([...chain(a, 100), ...chain(b, 200)]);
    const written = outcomes.map((o) => o.status === 'fulfilled');
    const fromA = written.slice(0, 5);
    const fromB = written.slice(5);
    // Whole chains only: a store's chain is written entirely or refused entirely.
    expect([fromA.every(Boolean) && !fromB.some(Boolean), fromB.every(Boolean) && !fromA.some(Boolean)]).toContain(
      true,
    );
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(VersionConflictError);
    const winner = fromA[0] ? 100 : 200;
    const log = await b.read('t1');
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.map((e) => (e.data as { table: number }).table)).toEqual([
      0,
      winner,
      winner + 1,
      winner + 2,
      winner + 3,
      winner + 4,
    ]);
  });
});
