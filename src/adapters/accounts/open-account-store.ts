import { resolve } from 'node:path';
import { swallowed } from '../operational-notices.js';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { StoreConfig } from '../store/open-event-store.js';
import { preparedOnce } from '../store/sqlite/prepared-once.js';
import { migrateAccounts, type AccountSchema } from './account-schema.js';
import type { AccountStore } from './account-store.js';
import { KyselyAccountStore } from './kysely-account-store.js';

/**
 * Opens the accounts tables in the same database as the event log, on a connection of their
 * own (the event store keeps its connection private), and migrates them.
 */
export async function openAccountStore(database: StoreConfig): Promise<AccountStore> {
  if (database.kind === 'sqlite') {
    const raw = new Database(database.path === ':memory:' ? database.path : resolve(database.path));
    try {
      raw.pragma('busy_timeout = 5000');
      raw.pragma('journal_mode = WAL');
      raw.pragma('synchronous = FULL');
      raw.pragma('foreign_keys = ON');
      const db = new Kysely<AccountSchema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
      // IMMEDIATE: two servers starting on a new file take turns instead of failing on a lock upgrade.
      raw.exec('begin immediate');
      try {
        await migrateAccounts(db as unknown as Kysely<unknown>, { disableTransactions: true });
        raw.exec('commit');
      } catch (error) {
        if (raw.inTransaction) raw.exec('rollback');
        throw error;
      }
      return new KyselyAccountStore(db, () => db.destroy());
    } catch (error) {
      raw.close();
      throw error;
    }
  }
  const schema = database.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`bad schema name ${schema}: use lower-case letters, digits and _`);
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 4,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  pool.on('error', swallowed('postgres-idle-connection-lost'));
  const db = new Kysely<AccountSchema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateAccounts(db as unknown as Kysely<unknown>, { schema: schema ?? 'public' });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new KyselyAccountStore(db, () => db.destroy());
}
