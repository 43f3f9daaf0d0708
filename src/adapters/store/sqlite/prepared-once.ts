import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** SQL texts kept prepared at most: an append's statements, the account look-ups and some room for multi-row inserts. */
const KEPT = 256;

/**
 * The better-sqlite3 connection as Kysely's SQLite dialect sees it, each SQL text prepared
 * once. Kysely prepares a new statement for every query it runs; on the write path (about ten
 * statements an acknowledged result, the account look-up included) preparing took more CPU
 * than running them. The texts Kysely compiles are parameterised, so the same few recur; the
 * oldest is dropped past `KEPT` (multi-row inserts vary by row count). A statement still being
 * iterated (a streamed query) cannot run again, so a second one is prepared for that call.
 */
export function preparedOnce(raw: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const known = kept.get(sql);
      if (known !== undefined) return known.busy ? raw.prepare(sql) : known;
      const statement = raw.prepare(sql);
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(sql, statement);
      return statement;
    },
  };
}
