import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  VersionConflictError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../../../app/event-store.js';
import { appendInTransaction, prepareAppend, replayOf, type AppendDialect, type PreparedAppend } from '../append-steps.js';
import { eventFromRow } from '../event-rows.js';
import { migrateToLatest } from '../migrations.js';
import { StoreOpenError, reasonOf } from '../store-open-error.js';
import type { StoreSchema } from '../store-schema.js';
import { listTournaments, readByTypes } from '../cross-stream-queries.js';

const POSTGRES: AppendDialect = { lockStreamRow: true, assignPositions: false };

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database */
  readonly url: string;
  /** A schema of its own (created if missing) instead of `public`: tests use one per file. */
  readonly schema?: string;
  readonly poolSize?: number;
}

/**
 * Connects to the server tier's PostgreSQL and migrates its schema. Throws StoreOpenError
 * naming the host (never the password) when the URL is bad or the server does not answer.
 */
export async function openPostgresEventStore(options: PostgresStoreOptions): Promise<EventStore> {
  const where = describeUrl(options.url);
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new StoreOpenError({ ja: `スキーマ名が不正です: ${schema}`, en: `bad schema name ${schema}: use lower-case letters, digits and _` });
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client losing its server (restart, network) must not crash the process: the pool
  // drops it and the next query connects again.
  pool.on('error', () => undefined);
  const db = new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await pool.query('select 1');
  } catch (error) {
    await db.destroy();
    const reason = reasonOf(error);
    throw new StoreOpenError(
      { ja: `PostgreSQL (${where}) に接続できません: ${reason}`, en: `cannot connect to PostgreSQL at ${where}: ${reason}` },
      { cause: error },
    );
  }
  try {
    await migrateToLatest(db as Kysely<unknown>, 'postgres', { schema });
  } catch (error) {
    await db.destroy();
    const reason = reasonOf(error);
    throw new StoreOpenError(
      {
        ja: `PostgreSQL (${where}) のスキーマ ${schema} を準備できません: ${reason}`,
        en: `cannot prepare schema ${schema} in PostgreSQL at ${where}: ${reason}`,
      },
      { cause: error },
    );
  }
  return new PostgresEventStore(db);
}

/** host:port/database of a PostgreSQL URL for messages, without credentials; StoreOpenError when it is not one. */
function describeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StoreOpenError({
      ja: `PostgreSQL の URL として読めません (postgres://ユーザー:パスワード@ホスト:ポート/データベース の形で指定してください)`,
      en: `not a valid PostgreSQL URL (expected postgres://user:password@host:port/database)`,
    });
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StoreOpenError({
      ja: `PostgreSQL の URL は postgres:// で始まります (指定: ${parsed.protocol}//…)`,
      en: `a PostgreSQL URL starts with postgres:// (got ${parsed.protocol}//…)`,
    });
  }
  return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
}

/** SQLSTATE 23505: a racing writer inserted the same (tournament_id, seq), stream or key first. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

class PostgresEventStore implements EventStore {
  #closed = false;

  constructor(private readonly db: Kysely<StoreSchema>) {}

  async append(tournamentId: string, expectedVersion: number, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    const append = prepareAppend(tournamentId, expectedVersion, events, options);
    try {
      return await this.db.transaction().execute((trx) => appendInTransaction(trx, POSTGRES, append));
    } catch (error) {
      if (isUniqueViolation(error)) return this.afterLostRace(append);
      throw error;
    }
  }

  /**
   * Two first appends to a new stream both find no row to lock; the loser's insert fails on
   * the primary key once the winner commits. Answer it as the winner left things: the same
   * idempotency key is a retry, anything else a conflict.
   */
  private async afterLostRace(append: PreparedAppend): Promise<AppendResult> {
    if (append.idempotencyKey !== undefined) {
      const earlier = await replayOf(this.db, append.tournamentId, append.idempotencyKey, append.fingerprint);
      if (earlier) return earlier;
    }
    const stream = await this.db.selectFrom('streams').select('version').where('id', '=', append.tournamentId).executeTakeFirst();
    throw new VersionConflictError(append.tournamentId, append.expectedVersion, stream?.version ?? 0);
  }

  async read(tournamentId: string, afterSeq = 0): Promise<readonly StoredEvent[]> {
    const rows = await this.db
      .selectFrom('events')
      .select(['tournament_id', 'seq', 'type', 'data', 'actor', 'at'])
      .where('tournament_id', '=', tournamentId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .execute();
    return rows.map(eventFromRow);
  }

  listTournaments(): Promise<readonly { readonly id: string; readonly version: number }[]> {
    return listTournaments(this.db);
  }

  readByTypes(types: readonly string[]): Promise<readonly StoredEvent[]> {
    return readByTypes(this.db, types);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.db.destroy();
  }
}
