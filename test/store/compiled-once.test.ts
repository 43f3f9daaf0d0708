import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CompiledOnce, type Stand } from '../../src/adapters/store/compiled-once.js';
import { postgresUrl } from '../support/services.js';

/*
 * A query compiled once and run with new parameters must mean what building it each time
 * meant: parameters where the SQL takes them (whatever order the builder put them in), one
 * compilation per dialect and parameter count (a transaction reuses its database's), and a
 * value the query made itself refused rather than frozen into every later run.
 */

interface Schema {
  pairs: { a: string; b: number; c: string };
}

const url = await postgresUrl();
const dbs: Kysely<Schema>[] = [];
afterAll(async () => {
  for (const db of dbs) await db.destroy();
});

async function sqliteDb(): Promise<Kysely<Schema>> {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  dbs.push(db);
  await sql`create table pairs (a text, b integer, c text)`.execute(db);
  return db;
}

async function postgresDb(): Promise<Kysely<Schema>> {
  const schema = `shinpan_compiled_once_${process.pid}`;
  const pool = new pg.Pool({ connectionString: url as string, max: 2, options: `-c search_path=${schema}` });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  dbs.push(db);
  await sql.raw(`drop schema if exists ${schema} cascade; create schema ${schema}`).execute(db);
  await sql`create table pairs (a text, b integer, c text)`.execute(db);
  afterAll(() => sql.raw(`drop schema if exists ${schema} cascade`).execute(db));
  return db;
}

const stores: [string, (() => Promise<Kysely<Schema>>) | undefined][] = [
  ['SQLite', sqliteDb],
  ['PostgreSQL', url ? postgresDb : undefined],
];

for (const [name, open] of stores)
  describe.skipIf(!open)(`a query compiled once (${name})`, () => {
    it('takes each parameter where the SQL does, compiles once per row count, and shares it with transactions', async () => {
      const db = await open!();
      let builds = 0;
      const insert = new CompiledOnce((q: Kysely<Schema>, p: readonly Stand[]) => {
        builds += 1;
        return q
          .insertInto('pairs')
          .values(
            Array.from({ length: p.length / 3 }, (_, r) => ({ a: p[3 * r]!, b: p[3 * r + 1]!, c: p[3 * r + 2]! })),
          );
      });
      // Parameters given in one order, used by the SQL in another (c, then b, then a).
      const find = new CompiledOnce((q: Kysely<Schema>, [a, b, c]: readonly Stand[]) => {
        builds += 1;
        return q.selectFrom('pairs').select(['a', 'b']).where('c', '=', c!).where('b', '>', b!).where('a', '=', a!);
      });
      await insert.rows(db, ['x', 1, 'one']);
      await insert.rows(db, ['x', 2, 'two', 'y', 3, 'two', 'x', 4, 'two']);
      await db.transaction().execute(async (trx) => {
        await insert.rows(trx, ['z', 5, 'three']);
        expect(await find.rows(trx, ['z', 0, 'three'])).toEqual([{ a: 'z', b: 5 }]);
      });
      expect(await find.rows(db, ['x', 1, 'two'])).toEqual([
        { a: 'x', b: 2 },
        { a: 'x', b: 4 },
      ]);
      expect(await find.rows(db, ['x', 3, 'two'])).toEqual([{ a: 'x', b: 4 }]);
      expect(await find.first(db, ['y', 9, 'two'])).toBeUndefined();
      // One insert per row count (1 and 3), one select: the transaction's runs compiled nothing.
      expect(builds).toBe(3);
    });

    it('refuses a query that makes a value of its own', async () => {
      const db = await open!();
      const literal = new CompiledOnce((q: Kysely<Schema>, [a]: readonly Stand[]) =>
        q.selectFrom('pairs').select('a').where('a', '=', a!).where('c', '=', 'fixed'),
      );
      await expect(literal.rows(db, ['x'])).rejects.toThrow(/parameter not given by its caller/);
    });
  });

if (!url) console.warn('compiled-once: PostgreSQL not available, its half skipped');
