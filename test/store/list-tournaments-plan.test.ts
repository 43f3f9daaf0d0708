import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { listTournamentsQuery } from '../../src/adapters/store/cross-stream-queries.js';
import type { StoreSchema } from '../../src/adapters/store/store-schema.js';
import { openSqliteEventStore } from '../../src/adapters/store/sqlite/sqlite-event-store.js';

/*
 * The public tournament list is read on every request: on SQLite its query walked every event
 * ever written (a join ordered by the events' position; 94 ms at 1,000 tournaments, 314 ms at
 * 742,000 events). It must look up each tournament's first event by key instead, whatever the
 * size of the log.
 */

const dir = mkdtempSync(join(tmpdir(), 'shinpan-list-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** SQLite's plan for a query on the file at `path`, one line per step. */
function planOf(
  path: string,
  compiled: (db: Kysely<StoreSchema>) => { readonly sql: string; readonly parameters: readonly unknown[] },
): string[] {
  const raw = new Database(path);
  try {
    const { sql, parameters } = compiled(new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: raw }) }));
    return (raw.prepare(`explain query plan ${sql}`).all(...parameters) as { detail: string }[]).map((r) => r.detail);
  } finally {
    raw.close();
  }
}

/** The steps of a plan that walk the events table. */
const scans = (plan: readonly string[]) => plan.filter((line) => /^SCAN (e|events)\b/.test(line));

describe('the tournament list on SQLite', () => {
  it('looks up each stream\u2019s first event by key, never scanning the events', async () => {
    const path = join(dir, 'list.db');
    const store = await openSqliteEventStore(path);
    const event = (n: number) => ({ type: 'ResultReported', data: { n }, actor: 'a', at: '2025-06-01T09:00:00.000Z' });
    for (let t = 0; t < 20; t++)
      await store.append(
        `t${t}`,
        0,
        Array.from({ length: 50 }, (_, i) => event(i)),
      );
    await store.close();
    const plan = planOf(path, (db) => listTournamentsQuery(db).compile());
    expect(
      plan.some((line) => /SEARCH e USING PRIMARY KEY/.test(line)),
      plan.join('\n'),
    ).toBe(true);
    expect(scans(plan), plan.join('\n')).toEqual([]);
  });
});

describe('the places of tournaments the list has not placed yet', () => {
  it('are their first events’ positions, looked up by key, for the ids asked only', async () => {
    const path = join(dir, 'positions.db');
    const store = await openSqliteEventStore(path);
    const event = { type: 'ResultReported', data: {}, actor: 'a', at: '2025-06-01T09:00:00.000Z' };
    for (const id of ['zz', 'aa', 'mm']) await store.append(id, 0, [event, event]);
    await store.append('aa', 2, [event]);
    const places = await store.firstPositions(['mm', 'zz', 'aa', 'unknown']);
    const order = [...places].sort((a, b) => a.position - b.position).map((p) => p.id);
    expect(order).toEqual(['zz', 'aa', 'mm']);
    expect(places).toHaveLength(3);
    expect(await store.firstPositions([])).toEqual([]);
    await store.close();
    const plan = planOf(path, (db) =>
      db
        .selectFrom('events')
        .select(['tournament_id', 'position'])
        .where('seq', '=', 1)
        .where('tournament_id', 'in', ['zz', 'aa'])
        .compile(),
    );
    expect(scans(plan), plan.join('\n')).toEqual([]);
  });
});
