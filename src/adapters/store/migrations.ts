import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { CREATE_APPEND_FUNCTION_V1 } from './postgres/append-function.js';
import { operationalNotice } from '../operational-notices.js';

export type StoreDialect = 'sqlite' | 'postgres';

/**
 * The schema's history, defined in code so it ships inside dist/. Each step is the same
 * logical schema on both databases; only column types and storage options differ.
 * Never edit a step once released: add the next one.
 */
function migrations(dialect: StoreDialect): Record<string, Migration> {
  const sqlite = dialect === 'sqlite';
  return {
    '0001_event_log': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('streams')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('version', 'integer', (c) => c.notNull())
          .execute();
        // SQLite: WITHOUT ROWID clusters rows on (tournament_id, seq), so a replay walks one
        // b-tree in order. Its global position is assigned by the (serialized) writer; on
        // PostgreSQL an identity column does it.
        await db.schema
          .createTable('events')
          .addColumn('position', sqlite ? 'integer' : 'bigint', (c) =>
            sqlite ? c.notNull().unique() : c.notNull().unique().generatedAlwaysAsIdentity(),
          )
          .addColumn('tournament_id', 'text', (c) => c.notNull().references('streams.id'))
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('events_pk', ['tournament_id', 'seq'])
          .$call((t) => (sqlite ? t.modifyEnd(sql`without rowid`) : t))
          .execute();
        await db.schema.createIndex('events_type_position').on('events').columns(['type', 'position']).execute();
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('tournament_id', 'text', (c) => c.notNull().references('streams.id'))
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('first_seq', 'integer', (c) => c.notNull())
          .addColumn('last_seq', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['tournament_id', 'key'])
          .$call((t) => (sqlite ? t.modifyEnd(sql`without rowid`) : t))
          .execute();
      },
    },
    // Idempotency keys are kept for a retention period, not forever: each is stamped when
    // written. Keys from before this step count from the upgrade.
    '0002_idempotency_key_age': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('idempotency_keys')
          .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`update idempotency_keys set created_at = ${new Date().toISOString()}`.execute(db);
        await db.schema
          .createIndex('idempotency_keys_created_at')
          .on('idempotency_keys')
          .column('created_at')
          .execute();
      },
    },
    // PostgreSQL: the append as one server-side function (postgres/append-function.ts), so a
    // group of appends is one round trip. SQLite appends in process: nothing to create there,
    // the step is recorded so both keep one history.
    '0003_append_function': {
      async up(db: Kysely<unknown>) {
        if (!sqlite) await sql.raw(CREATE_APPEND_FUNCTION_V1).execute(db);
      },
    },
    // The public list's summary of each tournament (its name, date, status, counts) with the
    // version it describes, so the first list after a start folds no tournament whose summary
    // is current. A cache beside the log: never read for anything else, rebuilt from the log
    // when missing or behind, and left out of exports and verification.
    '0004_stream_summaries': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('stream_summaries')
          .addColumn('id', 'text', (c) => c.primaryKey().references('streams.id'))
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('summary', 'text', (c) => c.notNull())
          .execute();
      },
    },
  };
}

/** Brings the database to the latest schema; `disableTransactions` when the caller already holds one (SQLite). */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: StoreDialect,
  options: { readonly schema?: string; readonly disableTransactions?: boolean } = {},
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({
    db,
    provider,
    ...(options.schema === undefined ? {} : { migrationTableSchema: options.schema }),
    ...(options.disableTransactions ? { disableTransactions: true } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) operationalNotice({ level: 'info', what: 'migrated', detail: { dialect, applied } });
}
