import type { Kysely, Migration } from 'kysely';
import { migrateSideTables, type MigrateOptions } from '../store/side-tables.js';

/** The webhooks' tables, beside the event log in the same database (their own connection, like the accounts). */
export interface WebhookSchema {
  shinpan_webhooks: {
    id: string;
    /** null: every tournament on the service. */
    tournament_id: string | null;
    url: string;
    /** Kept to sign each delivery; never answered by any list. */
    secret: string;
    /** JSON array of webhook event names. */
    events: string;
    format: string;
    /** LINE push: the user, group or room the message goes to (null: a broadcast, or not LINE). */
    line_to: string | null;
    lang: string;
    staff: number;
    allow_private: number;
    created_at: string;
    created_by: string;
    removed_at: string | null;
  };
  /** Per endpoint and tournament, the last event of the log already turned into deliveries. */
  shinpan_webhook_cursors: {
    webhook_id: string;
    tournament_id: string;
    seq: number;
  };
  shinpan_webhook_deliveries: {
    id: string;
    webhook_id: string;
    tournament_id: string;
    /** The log event it came from, and its place among that event's deliveries: the queue's order. */
    seq: number;
    ord: number;
    event: string;
    payload: string;
    /** pending, delivered or failed. */
    status: string;
    attempts: number;
    created_at: string;
    /** Milliseconds since the epoch (strings from PostgreSQL's bigint). */
    next_at: number | string;
    first_attempt_at: number | string | null;
    /** A process sending it holds it until then, so a second server does not send it at the same time. */
    lease_until: number | string;
    last_code: number | null;
    last_error: string | null;
    delivered_at: string | null;
  };
}

/** Never edit a released step: add the next one. Types valid on both SQLite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_webhooks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shinpan_webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tournament_id', 'text')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('line_to', 'text')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('staff', 'integer', (c) => c.notNull())
        .addColumn('allow_private', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema
        .createTable('shinpan_webhook_cursors')
        .addColumn('webhook_id', 'text', (c) => c.notNull().references('shinpan_webhooks.id'))
        .addColumn('tournament_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('shinpan_webhook_cursors_pk', ['webhook_id', 'tournament_id'])
        .execute();
      await db.schema
        .createTable('shinpan_webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('webhook_id', 'text', (c) => c.notNull().references('shinpan_webhooks.id'))
        .addColumn('tournament_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('ord', 'integer', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('first_attempt_at', 'bigint')
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .addColumn('last_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addUniqueConstraint('shinpan_webhook_deliveries_source', ['webhook_id', 'tournament_id', 'seq', 'ord'])
        .execute();
      await db.schema
        .createIndex('shinpan_webhook_deliveries_pending')
        .on('shinpan_webhook_deliveries')
        .columns(['status', 'webhook_id', 'tournament_id', 'seq', 'ord'])
        .execute();
    },
  },
};

/** Migrates the webhooks' tables (their own bookkeeping tables: see side-tables.ts). */
export function migrateWebhooks(db: Kysely<unknown>, options: MigrateOptions = {}): Promise<void> {
  return migrateSideTables(db, MIGRATIONS, 'webhooks', options);
}
