import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import {
  VersionConflictError,
  type AppendNotice,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type KeyRetention,
  type NewEvent,
  type StoredEvent,
} from '../../../app/event-store.js';
import { appendInTransaction, prepareAppend, type AppendDialect, type PreparedAppend } from '../append-steps.js';
import { AppendNotices } from '../append-notices.js';
import { GroupCommit } from '../group-commit.js';
import { DEFAULT_KEY_RETENTION_MS, KeyPruner, pruneKeys, replayOf } from '../idempotency-keys.js';
import { eventFromRow } from '../event-rows.js';
import { migrateToLatest } from '../migrations.js';
import { StoreOpenError, reasonOf } from '../store-open-error.js';
import type { StoreSchema } from '../store-schema.js';
import { listTournaments, readByTypes } from '../cross-stream-queries.js';

/** How long to wait before listening again after the notice connection dropped. */
const RELISTEN_MS = 1_000;

/**
 * The append on PostgreSQL: a transaction-level advisory lock on the tournament makes every
 * process's writers to it take turns in the database (the stream row does not exist yet for the
 * first write, so a row lock alone cannot), and NOTIFY tells every process's listener of the new
 * version when the transaction commits. The payload is only "version tournament": listeners read
 * the events by sequence, so a big import never meets NOTIFY's 8,000-byte limit.
 */
function postgresDialect(channel: string): AppendDialect {
  return {
    lockStreamRow: true,
    assignPositions: false,
    serializeInDatabase: async (trx, tournamentId) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${tournamentId}, 0))`.execute(trx);
    },
    announce: async (trx, tournamentId, version) => {
      await sql`select pg_notify(${channel}, ${`${version} ${tournamentId}`})`.execute(trx);
    },
  };
}

export interface PostgresStoreOptions extends KeyRetention {
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
    throw new StoreOpenError({
      ja: `スキーマ名が不正です: ${schema}`,
      en: `bad schema name ${schema}: use lower-case letters, digits and _`,
    });
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
      {
        ja: `PostgreSQL (${where}) に接続できません: ${reason}`,
        en: `cannot connect to PostgreSQL at ${where}: ${reason}`,
      },
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
  const channel = `shinpan_appends_${schema}`.slice(0, 63);
  const listenerConfig: pg.ClientConfig = {
    connectionString: options.url,
    connectionTimeoutMillis: 10_000,
  };
  return new PostgresEventStore(
    db,
    channel,
    listenerConfig,
    options.idempotencyKeyRetentionMs ?? DEFAULT_KEY_RETENTION_MS,
  );
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
  /**
   * Not pipelined: with two processes writing to one tournament, chains of writes decided on
   * not-yet-durable ones kept failing on each other's appends (measured: retries exhausted,
   * 409s). Each process decides its next write to a tournament once the previous is durable;
   * writes to different tournaments still share a group's commit.
   */
  readonly commitsInOrder = false;
  #closed = false;
  readonly #dialect: AppendDialect;
  readonly #pruner: KeyPruner;
  readonly #notices = new AppendNotices(
    () => void this.#listen(),
    () => void this.#unlisten(),
  );
  #listener: pg.Client | undefined;
  readonly #group: GroupCommit;

  constructor(
    private readonly db: Kysely<StoreSchema>,
    private readonly channel: string,
    private readonly listenerConfig: pg.ClientConfig,
    retentionMs: number,
  ) {
    this.#dialect = postgresDialect(channel);
    this.#pruner = new KeyPruner(retentionMs, (before) => this.pruneIdempotencyKeys(before));
    // One group at a time per process, on one pooled connection: a round's results from this
    // process share a commit; other processes' groups queue on the tournaments' advisory locks.
    this.#group = new GroupCommit(
      (work) => this.db.transaction().execute(work),
      (trx, append) => appendInTransaction(trx, this.#dialect, append),
    );
  }

  async append(
    tournamentId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const append = prepareAppend(tournamentId, expectedVersion, events, options);
    let result: AppendResult;
    try {
      result = await this.#group.append(append, options?.ticket, options?.after);
    } catch (error) {
      if (isUniqueViolation(error)) return this.afterLostRace(append);
      throw error;
    }
    await this.#pruner.maybePrune();
    return result;
  }

  /**
   * The advisory lock makes racing writers take turns, so this is a last resort: should a
   * unique key still be hit (a key inserted between our look-up and our insert by a writer
   * outside the lock), answer as the winner left things: the same key is a retry, anything
   * else a conflict.
   */
  private async afterLostRace(append: PreparedAppend): Promise<AppendResult> {
    if (append.idempotencyKey !== undefined) {
      const earlier = await replayOf(this.db, append.tournamentId, append.idempotencyKey, append.fingerprint);
      if (earlier) return earlier;
    }
    const stream = await this.db
      .selectFrom('streams')
      .select('version')
      .where('id', '=', append.tournamentId)
      .executeTakeFirst();
    throw new VersionConflictError(append.tournamentId, append.expectedVersion, stream?.version ?? 0);
  }

  replay(tournamentId: string, idempotencyKey: string, fingerprint: string): Promise<AppendResult | undefined> {
    return replayOf(this.db, tournamentId, idempotencyKey, fingerprint);
  }

  pruneIdempotencyKeys(before: Date): Promise<number> {
    return pruneKeys(this.db, before);
  }

  onAppended(listener: (notice: AppendNotice) => void): () => void {
    return this.#notices.add(listener);
  }

  /**
   * One connection of its own LISTENs for every process's appends. Once listening (at first,
   * and again a second after it dropped) it announces every tournament's version, so nothing
   * written before or while it was away is missed.
   */
  async #listen(): Promise<void> {
    if (this.#closed || this.#listener || this.#notices.size === 0) return;
    const client = new pg.Client(this.listenerConfig);
    this.#listener = client;
    const again = () => {
      if (this.#listener !== client) return;
      this.#listener = undefined;
      client.end().catch(() => undefined);
      setTimeout(() => void this.#listen(), RELISTEN_MS).unref();
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      const space = payload.indexOf(' ');
      const version = Number(payload.slice(0, space));
      if (space > 0 && Number.isSafeInteger(version))
        this.#notices.emit({ tournamentId: payload.slice(space + 1), version });
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      for (const { id, version } of await this.listTournaments()) this.#notices.emit({ tournamentId: id, version });
    } catch {
      again();
    }
  }

  async #unlisten(): Promise<void> {
    const client = this.#listener;
    this.#listener = undefined;
    await client?.end().catch(() => undefined);
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
    await this.#unlisten();
    await this.db.destroy();
  }
}
