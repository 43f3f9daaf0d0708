import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { StoreConfig } from './open-event-store.js';
import { swallowed } from '../operational-notices.js';
import { preparedOnce } from './sqlite/prepared-once.js';

/*
 * Tables beside the event log in the same database (the accounts, the webhooks), each set on a
 * connection of its own (the event store keeps its connection private) with its own migrations.
 */

export interface MigrateOptions {
  readonly disableTransactions?: boolean;
  readonly schema?: string;
}

/**
 * Migrates one set of side tables with its own bookkeeping tables (`shinpan_<name>_migration`):
 * the event store keeps Kysely's default ones, and a migrator that met another set's steps in a
 * shared table would call them "missing" and stop.
 */
export async function migrateSideTables(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
  name: string,
  options: MigrateOptions = {},
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: `shinpan_${name}_migration`,
    migrationLockTableName: `shinpan_${name}_migration_lock`,
    // Named on PostgreSQL: Kysely otherwise finds a bookkeeping table in any schema and skips creating ours.
    ...(options.schema === undefined ? {} : { migrationTableSchema: options.schema }),
    ...(options.disableTransactions ? { disableTransactions: true } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Opens a connection to the store's database for side tables and migrates them. `synchronous`:
 * SQLite's durability for this connection's commits; `poolSize`: PostgreSQL connections.
 */
export async function openSideDatabase<S>(
  database: StoreConfig,
  migrate: (db: Kysely<unknown>, options: MigrateOptions) => Promise<void>,
  options: { readonly synchronous: 'FULL' | 'NORMAL'; readonly poolSize: number },
): Promise<Kysely<S>> {
  if (database.kind === 'sqlite') {
    const raw = new Database(database.path === ':memory:' ? database.path : resolve(database.path));
    try {
      raw.pragma('busy_timeout = 5000');
      raw.pragma('journal_mode = WAL');
      raw.pragma(`synchronous = ${options.synchronous}`);
      raw.pragma('foreign_keys = ON');
      const db = new Kysely<S>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
      // IMMEDIATE: two servers starting on a new file take turns instead of failing on a lock upgrade.
      raw.exec('begin immediate');
      try {
        await migrate(db as unknown as Kysely<unknown>, { disableTransactions: true });
        raw.exec('commit');
      } catch (error) {
        if (raw.inTransaction) raw.exec('rollback');
        throw error;
      }
      return db;
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
    max: options.poolSize,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  pool.on('error', swallowed('postgres-idle-connection-lost'));
  const db = new Kysely<S>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db as unknown as Kysely<unknown>, { schema: schema ?? 'public' });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
