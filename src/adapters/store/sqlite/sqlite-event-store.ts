import { type FileHandle, open } from 'node:fs/promises';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type {
  AppendNotice,
  AppendOptions,
  AppendResult,
  EventStore,
  KeyRetention,
  NewEvent,
  StoredEvent,
} from '../../../app/event-store.js';
import { appendInTransaction, prepareAppend } from '../append-steps.js';
import { GroupCommit } from '../group-commit.js';
import { AppendNotices } from '../append-notices.js';
import { DEFAULT_KEY_RETENTION_MS, KeyPruner, pruneKeys, replayOf } from '../idempotency-keys.js';
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
import { preparedOnce } from './prepared-once.js';
import { WalCheckpoints } from './wal-checkpoints.js';

/** A stream row in raw mode: seq, type, data, actor, at. */
type StreamRow = [number, string, string, string, string];

/** How long a writer waits for another process's write to finish before giving up. */
const BUSY_TIMEOUT_MS = 5_000;

/** How often the streams table is polled for other processes' appends while someone listens. */
const POLL_MS = 250;
/**
 * Events read between two turns of the event loop. A restarted process's first read of a
 * YCSJ's round 1 is some 25,000 events (10 MB of JSON): read and parsed in one go it held the
 * loop for over 100 ms, health checks included; a page of 2,000 is a few milliseconds.
 */
const READ_PAGE = 2_000;

/**
 * Opens (creating if needed) the event log in one SQLite file: WAL so readers never block the
 * writer, and an acknowledged append is on disk before append() resolves (the WAL fsynced
 * after each group's commit; synchronous=FULL where the file cannot be in WAL mode).
 * Throws StoreOpenError naming the file when it cannot be opened or migrated.
 */
export async function openSqliteEventStore(
  path: string,
  options: KeyRetention & { readonly checkpointMs?: number } = {},
): Promise<EventStore> {
  const file = path === ':memory:' ? path : resolve(path);
  let raw: Database.Database | undefined;
  try {
    raw = new Database(file);
    raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const wal = raw.pragma('journal_mode = WAL', { simple: true }) === 'wal' && file !== ':memory:';
    // In WAL mode the store syncs the log itself after each commit (walSync): see below.
    raw.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
    // Checkpoints run in a worker (wal-checkpoints.ts), never inside a commit on the event loop.
    if (wal) raw.pragma('wal_autocheckpoint = 0');
    raw.pragma('foreign_keys = ON');
    const db = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
    // BEGIN IMMEDIATE around the migration: two processes opening a new file at once take
    // turns instead of one failing on a lock upgrade inside Kysely's deferred transaction.
    raw.exec('begin immediate');
    try {
      await migrateToLatest(db as Kysely<unknown>, 'sqlite', { disableTransactions: true });
      raw.exec('commit');
    } catch (error) {
      if (raw.inTransaction) raw.exec('rollback');
      throw error;
    }
    return new SqliteEventStore(
      raw,
      db,
      options.idempotencyKeyRetentionMs ?? DEFAULT_KEY_RETENTION_MS,
      wal ? new WalFile(`${file}-wal`) : null,
      wal ? (hold) => new WalCheckpoints(file, hold, options.checkpointMs) : null,
    );
  } catch (error) {
    raw?.close();
    const reason = reasonOf(error);
    throw new StoreOpenError(
      {
        ja: `SQLite のイベントストア ${file} を開けません: ${reason}`,
        en: `cannot open the SQLite event store ${file}: ${reason}`,
      },
      { cause: error },
    );
  }
}

/**
 * The database's WAL file, fsynced after each group's commit. SQLite keeps the file (the same
 * one: a checkpoint rewinds it, never replaces it) while the store's connection is open, so one
 * descriptor serves every commit and is closed with the store. Opening and closing it for each
 * commit made three trips through libuv's pool where one does, each waiting for the event loop
 * to be free: with anonymous readers on the loop, staff writes waited on them three times.
 */
class WalFile {
  #handle: Promise<FileHandle> | null = null;

  constructor(private readonly path: string) {}

  async sync(): Promise<void> {
    this.#handle ??= open(this.path, 'r+');
    const handle = this.#handle;
    try {
      await (await handle).sync();
    } catch (error) {
      // Opened again by the next commit; this one's appends are refused with the error.
      if (this.#handle === handle) this.#handle = null;
      await handle.then((h) => h.close()).catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    const handle = this.#handle;
    this.#handle = null;
    await handle?.then((h) => h.close()).catch(() => undefined);
  }
}

/**
 * One instance per file per process: its single connection is shared through Kysely's lock.
 * With two instances on one file in one process, the second writer's busy wait blocks the event
 * loop the first needs to commit, and fails with "database is locked" after busy_timeout.
 * Separate processes are fine: they take turns. Appends are group-committed (group-commit.ts):
 * a group shares one fsync (of the WAL, after its commit).
 */
class SqliteEventStore implements EventStore {
  readonly commitsInOrder = true;
  #closed = false;
  /**
   * Replay is the hot read (a 4,096-player event rebuilds from hundreds of thousands of rows),
   * so it iterates one prepared better-sqlite3 statement in raw (array) mode instead of going
   * through Kysely, which prepares a new statement per call and builds a keyed object per row
   * before we build the event: that measured 1.5–2× slower on a 250,000-event log.
   */
  readonly #readStream: Database.Statement<[string, number, number], StreamRow>;
  readonly #versions: Database.Statement<[], [string, number]>;
  readonly #group: GroupCommit;
  readonly #pruner: KeyPruner;
  readonly #notices = new AppendNotices(
    () => this.#startPolling(),
    () => this.#stopPolling(),
  );
  #poll: NodeJS.Timeout | undefined;
  #seen = new Map<string, number>();
  readonly #checkpoints: WalCheckpoints | null;

  constructor(
    raw: Database.Database,
    private readonly db: Kysely<StoreSchema>,
    retentionMs: number,
    /** Made durable after each commit (its fsync, off the event loop); null when not in WAL mode (FULL syncs). */
    private readonly wal: WalFile | null,
    checkpointsWith: ((hold: (run: () => Promise<void>) => Promise<void>) => WalCheckpoints) | null,
  ) {
    // Kysely's single connection, held for the checkpoint: group commits wait for it.
    this.#checkpoints = checkpointsWith?.((run) => this.db.connection().execute(() => run())) ?? null;
    this.#readStream = raw
      .prepare<[string, number, number], StreamRow>(
        'select seq, type, data, actor, at from events where tournament_id = ? and seq > ? order by seq limit ?',
      )
      .raw(true);
    this.#versions = raw.prepare<[], [string, number]>('select id, version from streams').raw(true);
    this.#pruner = new KeyPruner(retentionMs, (before) => this.pruneIdempotencyKeys(before));
    // Kysely's `transaction()` issues a deferred BEGIN; IMMEDIATE takes the write lock first,
    // so writers in other processes queue on busy_timeout and then see the new version.
    //
    // Durability: synchronous=FULL would fsync the WAL inside COMMIT, and better-sqlite3 runs
    // on the event loop, so every request waited out every fsync (the loop stood still for a
    // large share of the time: docs/performance.md). With synchronous=NORMAL the COMMIT only
    // writes the WAL; the fsync of the WAL file then runs on libuv's thread pool while the
    // loop reads, decides and queues the next group, and no append of the group resolves
    // before it is done: the same bytes on disk as FULL before the same answer. The connection stays held until then, so this
    // process reads nothing that is not yet durable; a kill -9 in between loses nothing (the
    // kernel has the pages), and what a power cut could take back was answered to no one.
    this.#group = new GroupCommit(
      (work) =>
        this.db.connection().execute(async (conn) => {
          await sql`begin immediate`.execute(conn);
          try {
            await work(conn);
            await sql`commit`.execute(conn);
          } catch (error) {
            await sql`rollback`.execute(conn).catch(() => undefined);
            throw error;
          }
          await this.wal?.sync();
          this.#checkpoints?.committed();
        }),
      (trx, append) => appendInTransaction(trx, append),
    );
  }

  async append(
    tournamentId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const append = prepareAppend(tournamentId, expectedVersion, events, options);
    const result = await this.#group.append(append, options?.ticket, options?.after);
    if (!result.replayed && result.events.length > 0) this.#notices.emit({ tournamentId, version: result.version });
    await this.#pruner.maybePrune();
    return result;
  }

  replay(tournamentId: string, idempotencyKey: string, fingerprint: string): Promise<AppendResult | undefined> {
    return this.db.connection().execute((conn) => replayOf(conn, tournamentId, idempotencyKey, fingerprint));
  }

  pruneIdempotencyKeys(before: Date): Promise<number> {
    return this.db.connection().execute((conn) => pruneKeys(conn, before));
  }

  onAppended(listener: (notice: AppendNotice) => void): () => void {
    return this.#notices.add(listener);
  }

  /** Other processes on the file announce nothing: the streams table's versions are compared a few times a second. */
  #startPolling(): void {
    this.#seen = new Map(this.#versions.all());
    this.#poll = setInterval(() => {
      if (this.#closed) return;
      const now = new Map(this.#versions.all());
      for (const [tournamentId, version] of now) {
        if (this.#seen.get(tournamentId) !== version) this.#notices.emit({ tournamentId, version });
      }
      this.#seen = now;
    }, POLL_MS);
    this.#poll.unref();
  }

  #stopPolling(): void {
    clearInterval(this.#poll);
    this.#poll = undefined;
  }
  async read(tournamentId: string, afterSeq = 0): Promise<readonly StoredEvent[]> {
    const events: StoredEvent[] = [];
    let after = afterSeq;
    for (;;) {
      // Through Kysely's connection lock: the one connection may be inside an append's
      // transaction between two awaits, and a read must not see that half-written append.
      // Appends committed between two pages are read by the next one (the log only grows).
      const read = await this.db.connection().execute(async () => {
        let count = 0;
        for (const [seq, type, data, actor, at] of this.#readStream.iterate(tournamentId, after, READ_PAGE)) {
          events.push({ tournamentId, seq, type, data: JSON.parse(data), actor, at });
          after = seq;
          count += 1;
        }
        return count;
      });
      if (read < READ_PAGE) return events;
      await new Promise((resolve) => setImmediate(resolve));
    }
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
    this.#stopPolling();
    await this.#checkpoints?.close();
    await this.db.destroy();
    await this.wal?.close();
  }
}
