import { sql, type Kysely, type Migration } from 'kysely';
import { migrateSideTables, type MigrateOptions } from '../store/side-tables.js';

/** The server's own tables, beside the event log in the same database. */
export interface AccountSchema {
  shinpan_accounts: {
    id: string;
    username: string;
    display_name: string;
    /** JSON array of roles held for every tournament. */
    roles: string;
    /** JSON object: tournament id → roles held for that tournament only. */
    tournament_roles: string;
    password_hash: string;
    must_change_password: number;
    disabled: number;
    created_at: string;
  };
  shinpan_sessions: {
    id_hash: string;
    account_id: string;
    csrf_token: string;
    created_at: string;
    expires_at: string;
  };
  shinpan_api_tokens: {
    id: string;
    token_hash: string;
    account_id: string;
    label: string;
    created_at: string;
    revoked_at: string | null;
  };
  shinpan_settings: {
    key: string;
    value: string;
  };
  shinpan_sign_in_attempts: {
    key: string;
    count: number;
    /** Milliseconds since the epoch (a string from PostgreSQL's bigint). */
    ends_at: number | string;
  };
}

/** Never edit a released step: add the next one. Types valid on both SQLite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shinpan_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('must_change_password', 'integer', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shinpan_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('shinpan_accounts.id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shinpan_sessions_account').on('shinpan_sessions').column('account_id').execute();
      await db.schema
        .createTable('shinpan_api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'text', (c) => c.notNull().references('shinpan_accounts.id'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('shinpan_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Staff roles per tournament (a service hosting many organizers' events): accounts from
  // before hold their roles globally, as they did.
  '0002_tournament_roles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('shinpan_accounts')
        .addColumn('tournament_roles', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
        .execute();
    },
  },
  // Sign-in attempts counted for every process on the database (a limit kept in each process's
  // memory would let an attacker behind a round-robin balancer try once per process).
  '0003_sign_in_attempts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shinpan_sign_in_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};

/** Migrates the accounts' tables (their own bookkeeping tables: see side-tables.ts). */
export function migrateAccounts(db: Kysely<unknown>, options: MigrateOptions = {}): Promise<void> {
  return migrateSideTables(db, MIGRATIONS, 'accounts', options);
}
