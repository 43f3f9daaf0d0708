import { Kysely, PostgresDialect } from 'kysely';
import { swallowed } from '../../operational-notices.js';
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
  type TurnAppend,
} from '../../../app/event-store.js';
import { prepareAppend, type PreparedAppend } from '../append-steps.js';
import { AppendNotices } from '../append-notices.js';
import { DEFAULT_KEY_RETENTION_MS, KeyPruner, eventsBetween, pruneKeys, replayOf } from '../idempotency-keys.js';
import { CompiledOnce, type Stand } from '../compiled-once.js';
import { eventFromRow, type EventRow } from '../event-rows.js';
import { migrateToLatest } from '../migrations.js';
import { StoreOpenError, reasonOf } from '../store-open-error.js';
import type { StoreSchema } from '../store-schema.js';
import {
  firstPositions,
  listTournaments,
  readByTypes,
  readSummaries,
  streamVersions,
  writeSummaries,
  type StoredSummary,
} from '../cross-stream-queries.js';
import { callAppendFunction, callAppendFunctionAndCommit } from './append-call.js';
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
  pool.on('error', swallowed('postgres-idle-connection-lost'));
  // The server processes (backend pids) of this store's pooled connections, from the first:
  // a notice sent by any other comes from another process.
  const ownBackends = new Set<number>();
  pool.on('connect', (client) => ownBackends.add(backendOf(client)));
  pool.on('remove', (client) => ownBackends.delete(backendOf(client)));
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
    pool,
    ownBackends,
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

/**
 * A turn's appends checked and serialised in order, up to the first that cannot be written as
 * given (data JSON cannot carry): that one's error is kept, and the turn appends only those before it.
 */
function prepareTurn(
  tournamentId: string,
  turns: readonly TurnAppend[],
): { appends: readonly PreparedAppend[]; unprepared: unknown } {
  const appends: PreparedAppend[] = [];
  for (const turn of turns) {
    try {
      appends.push(prepareAppend(tournamentId, turn.expectedVersion, turn.events, turn));
    } catch (error) {
      return { appends, unprepared: error };
    }
  }
  return { appends, unprepared: undefined };
}

/** The server process behind a connection (node-pg keeps it from the server's BackendKeyData, untyped). */
const backendOf = (client: pg.PoolClient): number => (client as unknown as { processID: number }).processID;

/** SQLSTATE 23505: a racing writer inserted the same (tournament_id, seq), stream or key first. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * A stream's events after a version, compiled once (compiled-once.ts): a process reads every
 * tournament another one wrote, and building and compiling this query anew took half of each
 * read's CPU on the day (docs/performance.md).
 */
const streamAfter = new CompiledOnce((db: Kysely<StoreSchema>, [id, after]: readonly Stand[]) =>
  db
    .selectFrom('events')
    .select(['tournament_id', 'seq', 'type', 'data', 'actor', 'at'])
    .where('tournament_id', '=', id!)
    .where('seq', '>', after!)
    .orderBy('seq'),
);

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
  /** Listening, and every tournament's version read since: every append is heard, once its notice is read. */
  #hearing = false;
  /** When another process's append to each tournament was last heard. */
  readonly #othersAt = new Map<string, number>();

  constructor(
    private readonly db: Kysely<StoreSchema>,
    private readonly pool: pg.Pool,
    private readonly ownBackends: ReadonlySet<number>,
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
  #sendGroup(group: readonly AppendGroupMember[]): Promise<readonly AppendOutcome[]> {
    return callAppendFunction(this.pool, this.channel, group);
  }

  /**
   * A locked turn (see EventStore.lockedTurn) on a connection of its own, in two round trips
   * while the lock is held: the transaction, the tournament's advisory lock (the one the append
   * function takes) and the read, the read as a statement of its own so that its snapshot is
   * taken once the lock is held; then the appends in one call of the append function, and the
   * commit.
   */
  async lockedTurn(
    tournamentId: string,
    afterSeq: number,
    decide: (newer: readonly StoredEvent[]) => readonly TurnAppend[],
  ): Promise<readonly PromiseSettledResult<AppendResult>[]> {
    if (!Number.isSafeInteger(afterSeq) || afterSeq < 0)
      throw new RangeError(`afterSeq must be a whole number ≥ 0, got ${afterSeq}`);
    const client = await this.pool.connect();
    let failed: Error | undefined;
    let turns: readonly TurnAppend[];
    let appends: readonly PreparedAppend[];
    let unprepared: unknown;
    /** The tournament's version when the turn read it. */
    let readTo = afterSeq;
    let outcomes: readonly AppendOutcome[] = [];
    try {
      const id = client.escapeLiteral(tournamentId);
      const results = (await client.query(
        `begin; select pg_advisory_xact_lock(hashtextextended(${id}, 0)); ` +
          `select tournament_id, seq, type, data, actor, at from events where tournament_id = ${id} and seq > ${afterSeq} order by seq`,
      )) as unknown as pg.QueryResult<EventRow>[];
      const newer = (results[2] as pg.QueryResult<EventRow>).rows.map(eventFromRow);
      const last = newer[newer.length - 1];
      if (last) this.#hear(tournamentId, last.seq);
      readTo = last?.seq ?? afterSeq;
      turns = decide(newer);
      ({ appends, unprepared } = prepareTurn(tournamentId, turns));
      // Each decided on the one before it in the turn: `after` is its 1-based position.
      const group = appends.map((append, i) => ({ append, after: i === 0 ? null : i }));
      if (group.length === 0) await client.query('commit');
      else outcomes = await callAppendFunctionAndCommit(client, this.channel, group);
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      // A connection whose turn failed may be in any state: the pool drops it rather than lend it again.
      client.release(failed);
    }
    for (const outcome of outcomes) if (outcome.outcome === 'written') this.#hear(tournamentId, outcome.version);
    const answers: PromiseSettledResult<AppendResult>[] = await Promise.allSettled(
      outcomes.map((outcome, i) => this.#answer(appends[i] as PreparedAppend, outcome)),
    );
    // The one not prepared fails with its error; those decided after it were decided on a write not made.
    const version = outcomes.reduce((v, o) => (o.outcome === 'written' ? o.version : v), readTo);
    for (const [i, turn] of turns.slice(appends.length).entries()) {
      answers.push({
        status: 'rejected',
        reason: i === 0 ? unprepared : new VersionConflictError(tournamentId, turn.expectedVersion, version),
      });
    }
    await this.#pruner.maybePrune();
    return answers;
  }

  othersAppendedAt(tournamentId: string): number | undefined {
    return this.#othersAt.get(tournamentId);
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
        if (!this.ownBackends.has(message.processId)) this.#othersAt.set(tournamentId, performance.now());
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
    const rows = await streamAfter.rows(this.db, [tournamentId, afterSeq]);
    return rows.map(eventFromRow);
  }

  listTournaments(): Promise<readonly { readonly id: string; readonly version: number }[]> {
    return listTournaments(this.db);
  }

  firstPositions(ids: readonly string[]): Promise<readonly { readonly id: string; readonly position: number }[]> {
    return firstPositions(this.db, ids);
  }

  streamVersions(): Promise<readonly { readonly id: string; readonly version: number }[]> {
    return streamVersions(this.db);
  }

  readSummaries(ids?: readonly string[]): Promise<readonly StoredSummary[]> {
    return readSummaries(this.db, ids);
  }

  writeSummaries(rows: readonly StoredSummary[]): Promise<void> {
    return writeSummaries(this.db, rows);
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
