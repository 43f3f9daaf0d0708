import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { preparedOnce } from '../../src/adapters/store/sqlite/prepared-once.js';

interface Schema {
  readonly items: { readonly id: number; readonly name: string };
}

const opened: Database.Database[] = [];
afterEach(() => {
  for (const raw of opened.splice(0)) if (raw.open) raw.close();
});

function database(): { raw: Database.Database; db: Kysely<Schema> } {
  const raw = new Database(':memory:');
  opened.push(raw);
  raw.exec('create table items (id integer primary key, name text not null)');
  return { raw, db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) }) };
}

describe('preparedOnce (better-sqlite3 behind Kysely, each SQL text prepared once)', () => {
  it('answers the same statement for the same SQL text, and another for another text', () => {
    const { raw } = database();
    const cached = preparedOnce(raw);
    const first = cached.prepare('select name from items where id = ?');
    expect(cached.prepare('select name from items where id = ?')).toBe(first);
    expect(cached.prepare('select id from items where name = ?')).not.toBe(first);
  });

  it('runs queries with new parameters on a kept statement', async () => {
    const { db } = database();
    for (let id = 1; id <= 3; id++)
      await db
        .insertInto('items')
        .values({ id, name: `item ${id}` })
        .execute();
    const names = [];
    for (let id = 3; id >= 1; id--)
      names.push((await db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst())?.name);
    expect(names).toEqual(['item 3', 'item 2', 'item 1']);
  });

  it('prepares a second statement for a text whose kept one is still being iterated', () => {
    const { raw } = database();
    raw.exec("insert into items values (1, 'a'), (2, 'b')");
    const cached = preparedOnce(raw);
    const sql = 'select name from items order by id';
    const outer = cached.prepare(sql);
    const seen: string[] = [];
    for (const row of outer.iterate([]) as Iterable<{ name: string }>) {
      const inner = cached.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(`${row.name}:${(inner.all([]) as { name: string }[]).map((r) => r.name).join('')}`);
    }
    expect(seen).toEqual(['a:ab', 'b:ab']);
    expect(cached.prepare(sql)).toBe(outer);
  });

  it('keeps a bounded number of texts: the oldest is prepared again after many others', () => {
    const { raw } = database();
    const cached = preparedOnce(raw);
    const oldest = cached.prepare('select 0');
    for (let i = 1; i <= 300; i++) cached.prepare(`select ${i}`);
    const again = cached.prepare('select 0');
    expect(again).not.toBe(oldest);
    expect(again.all([])).toEqual([{ 0: 0 }]);
  });

  it('closes the connection when Kysely is destroyed', async () => {
    const { raw, db } = database();
    await db.selectFrom('items').selectAll().execute();
    await db.destroy();
    expect(raw.open).toBe(false);
  });
});
