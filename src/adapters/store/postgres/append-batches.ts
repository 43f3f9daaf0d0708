import type { PreparedAppend } from '../append-steps.js';

/*
 * Group commit on PostgreSQL. Appends that arrive while their tournament's previous group is on
 * its way to disk wait, and then go together in one call of the append function (one round trip,
 * one commit), each with its own version check and idempotency key. Groups for different
 * tournaments run at once, each on a pooled connection of its own: a tournament is in at most
 * one group at a time, so its appends commit in the order they were called and a caller may
 * decide the next write on one still in flight (`after` its ticket); the function refuses that
 * one should the earlier not be written.
 */

/** Appends sent together at most, so one group's transaction stays short. */
const GROUP_LIMIT = 256;

/** A group as the append function takes it: `after` is null, 0 (refused: decided on a write not made) or the 1-based position of the append it was decided on. */
export interface AppendGroupMember {
  readonly append: PreparedAppend;
  readonly after: number | null;
}

/** What the function answered for one append. */
export interface AppendOutcome {
  readonly outcome: 'written' | 'replayed' | 'conflict' | 'reused';
  readonly version: number;
  readonly fromSeq: number | null;
  readonly toSeq: number | null;
}

interface Queued {
  readonly append: PreparedAppend;
  readonly ticket: object | undefined;
  readonly after: object | undefined;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
}

export class AppendBatches {
  #queue: Queued[] = [];
  /** Tournaments with a group in flight: their next appends wait for it. */
  readonly #busy = new Set<string>();
  #inFlight = 0;
  #pumping = false;
  /** Tickets of appends written (true) or not (false: refused, or a replayed retry that wrote nothing), for the appends decided after them. */
  readonly #tickets = new WeakMap<object, boolean>();

  constructor(
    /** Sends one group (sorted by tournament) to the database in one statement and answers each member in order. */
    private readonly send: (group: readonly AppendGroupMember[]) => Promise<readonly AppendOutcome[]>,
    /** Groups in flight at most (each holds one pooled connection). */
    private readonly lanes: number,
  ) {}

  append(append: PreparedAppend, ticket: object | undefined, after: object | undefined): Promise<AppendOutcome> {
    return new Promise<AppendOutcome>((resolve, reject) => {
      this.#queue.push({ append, ticket, after, resolve, reject });
      void this.#pump();
    });
  }

  /**
   * Starts groups while lanes are free. It first lets the event loop take in what else has
   * arrived in this turn, so requests read together share a group.
   */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#pumping = false;
    while (this.#inFlight < this.lanes) {
      const group = this.#take();
      if (group.length === 0) return;
      void this.#run(group);
    }
  }

  /** The oldest appends of tournaments not in flight, each tournament's in the order they came. */
  #take(): Queued[] {
    const taken: Queued[] = [];
    const left: Queued[] = [];
    for (const queued of this.#queue) {
      if (taken.length < GROUP_LIMIT && !this.#busy.has(queued.append.tournamentId)) taken.push(queued);
      else left.push(queued);
    }
    // A tournament cut off by the limit keeps its remaining appends queued behind the taken ones.
    this.#queue = left;
    return taken;
  }

  async #run(taken: readonly Queued[]): Promise<void> {
    this.#inFlight++;
    const tournaments = new Set(taken.map((q) => q.append.tournamentId));
    for (const id of tournaments) this.#busy.add(id);
    // By tournament (a stable sort keeps each tournament's appends in the order they came).
    const ordered = [...taken].sort((x, y) =>
      x.append.tournamentId < y.append.tournamentId ? -1 : x.append.tournamentId > y.append.tournamentId ? 1 : 0,
    );
    const position = new Map<object, number>();
    const members = ordered.map((queued, i): AppendGroupMember => {
      if (queued.ticket !== undefined) position.set(queued.ticket, i + 1);
      return { append: queued.append, after: this.#afterOf(queued, position) };
    });
    try {
      const outcomes = await this.send(members);
      ordered.forEach((queued, i) => {
        const outcome = outcomes[i] as AppendOutcome;
        this.#settle(queued, outcome.outcome === 'written');
        queued.resolve(outcome);
      });
    } catch (error) {
      for (const queued of ordered) {
        this.#settle(queued, false);
        queued.reject(error);
      }
    } finally {
      for (const id of tournaments) this.#busy.delete(id);
      this.#inFlight--;
      if (this.#queue.length > 0) void this.#pump();
    }
  }

  /**
   * The append an append was decided on: none, one earlier in this group, or one already
   * answered. One never answered (or refused) cannot be waited for: a tournament's appends come
   * in order, so it was never sent, and the later one is refused.
   */
  #afterOf(queued: Queued, position: ReadonlyMap<object, number>): number | null {
    if (queued.after === undefined) return null;
    const inGroup = position.get(queued.after);
    if (inGroup !== undefined) return inGroup;
    return this.#tickets.get(queued.after) === true ? null : 0;
  }

  #settle(queued: Queued, written: boolean): void {
    if (queued.ticket !== undefined) this.#tickets.set(queued.ticket, written);
  }
}
