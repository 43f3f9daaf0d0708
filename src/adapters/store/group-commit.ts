import { sql, type Kysely } from 'kysely';
import { VersionConflictError, type AppendResult } from '../../app/event-store.js';
import type { PreparedAppend } from './append-steps.js';
import type { StoreSchema } from './store-schema.js';

/*
 * Group commit on SQLite (PostgreSQL's is postgres/append-batches.ts): appends that arrive while a commit is on its way to
 * disk wait in a queue and are then written in one transaction, each in a savepoint of its own,
 * so each keeps its own version check and idempotency key and a refused one leaves the others
 * in. The group shares one durable commit, and no append resolves before that commit is done.
 * Appends commit in the order they were called, so a caller may decide the next write to a
 * tournament on one still queued; it names that one (`after` its ticket) and is refused with a
 * version conflict should that one not be written.
 */

/** Appends committed together at most, so one group's transaction stays short. */
const GROUP_LIMIT = 256;

interface QueuedAppend {
  readonly append: PreparedAppend;
  readonly ticket: object | undefined;
  readonly after: object | undefined;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

type Outcome = { readonly ok: true; readonly result: AppendResult } | { readonly ok: false; readonly error: unknown };

export class GroupCommit {
  readonly #queue: QueuedAppend[] = [];
  #draining = false;
  /** Tickets of appends written (true) or not (false: refused, or a replayed retry), for the appends decided after them. */
  readonly #tickets = new WeakMap<object, boolean>();

  constructor(
    /** Runs `work` in one write transaction on one connection and commits it durably. */
    private readonly transaction: (work: (trx: Kysely<StoreSchema>) => Promise<void>) => Promise<void>,
    /** One append inside the transaction (the store's append steps). */
    private readonly appendOne: (trx: Kysely<StoreSchema>, append: PreparedAppend) => Promise<AppendResult>,
  ) {}

  append(append: PreparedAppend, ticket: object | undefined, after: object | undefined): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.#queue.push({ append, ticket, after, resolve, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  /**
   * Commits queued appends in groups until the queue is empty. Before each group it lets the
   * event loop take in what has arrived: SQLite's driver is synchronous, so its fsync blocks
   * the loop and the requests sent meanwhile wait unread; committing at once would give every
   * append a commit of its own, one per fsync, and results/s at the disk's commits/s (figures in
   * docs/performance.md).
   * After one turn they have been decided and queued, and share the next commit.
   */
  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#queue.length > 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.#commit(this.#queue.splice(0, GROUP_LIMIT));
      }
    } finally {
      this.#draining = false;
    }
  }

  async #commit(group: readonly QueuedAppend[]): Promise<void> {
    const outcomes = new Map<QueuedAppend, Outcome>();
    // By tournament (a stable sort keeps each tournament's appends in the order they came).
    const ordered = [...group].sort((x, y) =>
      x.append.tournamentId < y.append.tournamentId ? -1 : x.append.tournamentId > y.append.tournamentId ? 1 : 0,
    );
    try {
      await this.transaction(async (trx) => {
        for (const queued of ordered) outcomes.set(queued, await this.#one(trx, queued));
      });
    } catch (error) {
      for (const queued of group) {
        this.#settle(queued, false);
        queued.reject(error);
      }
      return;
    }
    for (const queued of group) {
      const outcome = outcomes.get(queued) as Outcome;
      if (outcome.ok) queued.resolve(outcome.result);
      else queued.reject(outcome.error);
    }
  }

  async #one(trx: Kysely<StoreSchema>, queued: QueuedAppend): Promise<Outcome> {
    if (queued.after !== undefined && this.#tickets.get(queued.after) !== true) {
      // Decided on an append that was not written: refused, to be decided again.
      const { tournamentId, expectedVersion } = queued.append;
      const stream = await trx
        .selectFrom('streams')
        .select('version')
        .where('id', '=', tournamentId)
        .executeTakeFirst();
      this.#settle(queued, false);
      return { ok: false, error: new VersionConflictError(tournamentId, expectedVersion, stream?.version ?? 0) };
    }
    await sql`savepoint one_append`.execute(trx);
    try {
      const result = await this.appendOne(trx, queued.append);
      await sql`release savepoint one_append`.execute(trx);
      // A replayed retry wrote nothing: what was decided on its events never came to be.
      this.#settle(queued, !result.replayed);
      return { ok: true, result };
    } catch (error) {
      await sql`rollback to savepoint one_append`.execute(trx);
      await sql`release savepoint one_append`.execute(trx);
      this.#settle(queued, false);
      return { ok: false, error };
    }
  }

  #settle(queued: QueuedAppend, written: boolean): void {
    if (queued.ticket !== undefined) this.#tickets.set(queued.ticket, written);
  }
}
