import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import {
  IdempotencyKeyReuseError,
  VersionConflictError,
  type AppendNotice,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type KeyRetention,
  type NewEvent,
  type StoredEvent,
} from '../../../app/event-store.js';
import { prepareAppend, type PreparedAppend } from '../append-steps.js';
import { AppendNotices } from '../append-notices.js';
import { DEFAULT_KEY_RETENTION_MS, KeyPruner, eventsBetween, pruneKeys, replayOf } from '../idempotency-keys.js';
import { eventFromRow } from '../event-rows.js';
import { migrateToLatest } from '../migrations.js';
import { StoreOpenError, reasonOf } from '../store-open-error.js';
import type { StoreSchema } from '../store-schema.js';
import { listTournaments, readByTypes } from '../cross-stream-queries.js';
import { APPEND_FUNCTION_V1 } from './append-function.js';
import { AppendBatches, type AppendGroupMember, type AppendOutcome } from './append-batches.js';

/** How long to wait before listening again after the notice connection dropped. */
const RELISTEN_MS = 1_000;

export interface PostgresStoreOptions extends KeyRetention {
  /** postgres://user:password@host:port/database */
  readonly url: string;
  /** A schema of its own (created if missing) instead of `public`: tests use one per file. */
  readonly schema?: string;
  readonly poolSize?: number;
}

/** Default pooled connections; groups of appends in flight at once take at most half, reads the rest. */
const POOL_SIZE = 10;

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
    max: options.poolSize ?? POOL_SIZE,
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
    Math.max(1, Math.floor((options.poolSize ?? POOL_SIZE) / 2)),
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
   * Appends to one tournament commit in the order they were called (one group in flight per
   * tournament), so the service decides the next write on one still in flight and both share
   * a commit; the append function refuses it should the earlier one not be written.
   */
  readonly commitsInOrder = true;
  #closed = false;
  readonly #pruner: KeyPruner;
  readonly #notices = new AppendNotices(
    () => void this.#listen(),
    () => void this.#unlisten(),
  );
  #listener: pg.Client | undefined;
  readonly #batches: AppendBatches;
  /** Each tournament's newest version heard (notices and this process's appends); trusted only while `#hearing`. */
  readonly #heard = new Map<string, number>();
  /** Listening, and every tournament's version read since: no append commits unheard. */
  #hearing = false;

  constructor(
    private readonly db: Kysely<StoreSchema>,
    private readonly channel: string,
    private readonly listenerConfig: pg.ClientConfig,
    retentionMs: number,
    lanes: number,
  ) {
    this.#pruner = new KeyPruner(retentionMs, (before) => this.pruneIdempotencyKeys(before));
    this.#batches = new AppendBatches((group) => this.#sendGroup(group), lanes);
  }

  async append(
    tournamentId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const append = prepareAppend(tournamentId, expectedVersion, events, options);
    let outcome: AppendOutcome;
    try {
      outcome = await this.#batches.append(append, options?.ticket, options?.after);
    } catch (error) {
      if (isUniqueViolation(error)) return this.afterLostRace(append);
      throw error;
    }
    if (outcome.outcome === 'written') this.#hear(tournamentId, outcome.version);
    const result = await this.#answer(append, outcome);
    await this.#pruner.maybePrune();
    return result;
  }

  /** One group in one statement: the append function (append-function.ts) in its own implicit transaction. */
  async #sendGroup(group: readonly AppendGroupMember[]): Promise<readonly AppendOutcome[]> {
    const appends = group.map((m) => m.append);
    const events = appends.flatMap((a) => a.events);
    const { rows } = await sql<{
      outcome: AppendOutcome['outcome'];
      stream_version: number;
      from_seq: number | null;
      to_seq: number | null;
    }>`select outcome, stream_version, from_seq, to_seq from ${sql.raw(APPEND_FUNCTION_V1)}(
      ${this.channel},
      ${appends.map((a) => a.tournamentId)}::text[],
      ${appends.map((a) => a.expectedVersion)}::integer[],
      ${appends.map((a) => a.events.length)}::integer[],
      ${group.map((m) => m.after)}::integer[],
      ${appends.map((a) => a.idempotencyKey ?? null)}::text[],
      ${appends.map((a) => a.fingerprint ?? null)}::text[],
      ${events.map((e) => e.type)}::text[],
      ${appends.flatMap((a) => a.data)}::text[],
      ${events.map((e) => e.actor)}::text[],
      ${events.map((e) => e.at)}::text[],
      ${new Date().toISOString()}
    )`.execute(this.db);
    if (rows.length !== group.length) throw new Error(`append function answered ${rows.length} of ${group.length}`);
    return rows.map((row) => ({
      outcome: row.outcome,
      version: row.stream_version,
      fromSeq: row.from_seq,
      toSeq: row.to_seq,
    }));
  }

  async #answer(append: PreparedAppend, outcome: AppendOutcome): Promise<AppendResult> {
    const { tournamentId, expectedVersion, events, idempotencyKey } = append;
    switch (outcome.outcome) {
      case 'conflict':
        throw new VersionConflictError(tournamentId, expectedVersion, outcome.version);
      case 'reused':
        throw new IdempotencyKeyReuseError(idempotencyKey as string);
      case 'replayed':
        return {
          version: outcome.version,
          events: await eventsBetween(this.db, tournamentId, outcome.fromSeq as number, outcome.toSeq as number),
          replayed: true,
        };
      case 'written': {
        const first = outcome.version - events.length + 1;
        const stored = events.map((event, i) => ({
          tournamentId,
          seq: first + i,
          type: event.type,
          data: event.data,
          actor: event.actor,
          at: event.at,
        }));
        return { version: outcome.version, events: stored, replayed: false };
      }
    }
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

  newestKnown(tournamentId: string): number | undefined {
    return this.#hearing ? (this.#heard.get(tournamentId) ?? 0) : undefined;
  }

  #hear(tournamentId: string, version: number): void {
    if (version > (this.#heard.get(tournamentId) ?? 0)) this.#heard.set(tournamentId, version);
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
      this.#hearing = false;
      client.end().catch(() => undefined);
      setTimeout(() => void this.#listen(), RELISTEN_MS).unref();
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      const space = payload.indexOf(' ');
      const version = Number(payload.slice(0, space));
      if (space > 0 && Number.isSafeInteger(version)) {
        const tournamentId = payload.slice(space + 1);
        this.#hear(tournamentId, version);
        this.#notices.emit({ tournamentId, version });
      }
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      const all = await this.listTournaments();
      for (const { id, version } of all) this.#hear(id, version);
      // Notices heard from here on cover every later commit: the versions read above are the floor.
      if (this.#listener === client) this.#hearing = true;
      for (const { id, version } of all) this.#notices.emit({ tournamentId: id, version });
    } catch {
      again();
    }
  }

  async #unlisten(): Promise<void> {
    const client = this.#listener;
    this.#listener = undefined;
    this.#hearing = false;
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
