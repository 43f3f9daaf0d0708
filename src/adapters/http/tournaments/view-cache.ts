import { inTurns } from '../../../app/in-turns.js';
import type { Making } from '../../../core/making.js';
import type { RoundState, Tournament } from '../../../core/tournament/state.js';

/**
 * One player's seat in a round: the table and the opponent's id, or a bye. Ids only: a round's
 * seats never change once posted, but names do (staff correct one), so a look-up reads the
 * names from the tournament it is answered from.
 */
export interface Seat {
  readonly table: number | null;
  readonly opponent: string | null;
  /** Position in `round.matches` (null for a bye), to read the match's current state without a search. */
  readonly index: number | null;
}

/**
 * How long a public view of the current round (its standings, its board, the tournament's
 * summary) is answered after it was made, whatever was written since: while results come in
 * at hundreds a second, a view made per version was made for every read (at 8,192 players the
 * standings and the board are costly to make and compress), and the YCSJ's anonymous readers
 * held the players' reports far below their target (docs/performance.md). A reader gets the
 * newest view made within this time, with the version it was made at (its ETag), so its next
 * read after the burst gets the newer one; staff always get the current version.
 */
export const RECENT_VIEW_MS = 1_000;

/**
 * A recent view that took long to make is kept longer: for at most 1/RECENT_VIEW_SHARE of the
 * loop's time on each view (20 × what it cost), so a big tournament's three public views
 * cannot take a growing part of what the writes need: at 8,192 players, made every second by
 * each process, they took a visible share of a server's CPU while the YCSJ's players reported
 * (docs/performance.md). Never past RECENT_VIEW_MAX_MS: a reader's view is at most that old,
 * whatever it cost.
 */
const RECENT_VIEW_SHARE = 0.05;
export const RECENT_VIEW_MAX_MS = 2_500;

/** Recent views kept, all tournaments together (the oldest used dropped first). */
const MAX_RECENT = 256;

/**
 * Projections kept per tournament version, and the per-round player → seat index. A round's
 * pairings never change once posted, so its index is built once; a lookup is then one map read
 * on the cached state, which is what lets thousands of players look up their table at once.
 */
export class ViewCache {
  readonly #seats = new Map<string, ReadonlyMap<string, Seat>>();
  /** Per tournament, per view name: the value and the version it was made for. */
  readonly #views = new Map<string, Map<string, { readonly version: number; readonly value: unknown }>>();
  /** Per tournament and view name: the newest public view made, its version and when (see RECENT_VIEW_MS). */
  readonly #recent = new Map<
    string,
    { readonly version: number; readonly at: number; readonly keepMs: number; readonly value: unknown }
  >();
  /** The makings in turns under way, by tournament, view name (and version, for `viewInTurns`). */
  readonly #making = new Map<string, Promise<unknown>>();

  /** `now` in milliseconds, monotonic: when a recent view was made. */
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly recentMs: number = RECENT_VIEW_MS,
    /** False (SHINPAN_NO_CACHES): every view and seat index made for its read, nothing kept. */
    private readonly caches = true,
  ) {}

  seats(tournamentId: string, round: RoundState): ReadonlyMap<string, Seat> {
    const key = `${tournamentId}\u0000${round.number}`;
    let seats = this.caches ? this.#seats.get(key) : undefined;
    if (!seats) {
      const built = new Map<string, Seat>();
      round.matches.forEach((m, index) => {
        const [a, b] = m.players;
        built.set(a, { table: m.table, opponent: b, index });
        built.set(b, { table: m.table, opponent: a, index });
      });
      for (const player of round.byes) built.set(player, { table: null, opponent: null, index: null });
      seats = built;
      if (this.caches) this.#seats.set(key, seats);
    }
    return seats;
  }

  /**
   * `compute(t)` once per tournament version and `name` (e.g. `standings/3`). Only the newest
   * version's views are kept: a read always comes with the tournament's current version, so a
   * view made for an older one is never answered again, and at 8,192 players each standings or
   * pairings answer holds megabytes.
   */
  view<T>(tournamentId: string, name: string, version: number, t: Tournament, compute: (t: Tournament) => T): T {
    if (!this.caches) return compute(t);
    const cached = this.#views.get(tournamentId)?.get(name);
    if (cached && cached.version === version) return cached.value as T;
    const value = compute(t);
    this.#keepView(tournamentId, name, version, value);
    return value;
  }

  /**
   * `view`, made in pieces with turns of the loop between them (app/in-turns.ts): a big
   * tournament's standings or board. Reads of the same version meanwhile wait for the one making.
   */
  async viewInTurns<T>(
    tournamentId: string,
    name: string,
    version: number,
    t: Tournament,
    make: (t: Tournament) => Making<T>,
  ): Promise<T> {
    if (!this.caches) return (await inTurns(make(t))).value;
    const cached = this.#views.get(tournamentId)?.get(name);
    if (cached && cached.version === version) return cached.value as T;
    const key = `${tournamentId}\u0000${name}\u0000${version}`;
    const made = await this.#once(key, async () => {
      const value = (await inTurns(make(t))).value;
      this.#keepView(tournamentId, name, version, value);
      return value;
    });
    return made as T;
  }

  /** Keeps `value` as the tournament's view `name` at `version`, dropping its views of older versions. */
  #keepView(tournamentId: string, name: string, version: number, value: unknown): void {
    let views = this.#views.get(tournamentId);
    const cached = views?.get(name);
    // A read that lagged behind (another process's write not yet seen) is answered, not kept.
    if (cached && cached.version > version) return;
    if (!views) {
      views = new Map();
      this.#views.set(tournamentId, views);
    }
    for (const [other, entry] of views) if (entry.version < version) views.delete(other);
    views.set(name, { version, value });
  }

  /** The making under way for `key`, or `make()` started as it; what it gives is shared. */
  #once(key: string, make: () => Promise<unknown>): Promise<unknown> {
    const under = this.#making.get(key);
    if (under !== undefined) return under;
    const making = make().finally(() => this.#making.delete(key));
    this.#making.set(key, making);
    return making;
  }

  /**
   * A public view of something every write changes: `compute(t, version)` at most once per
   * `recentMs` (RECENT_VIEW_MS unless told; longer for a view that is slow to make, see
   * RECENT_VIEW_SHARE) for the tournament and `name`, else the newest one made (at its own
   * version, older than `version` or newer should this read lag). Answers the view and its version.
   */
  recent<T>(
    tournamentId: string,
    name: string,
    version: number,
    t: Tournament,
    compute: (t: Tournament, version: number) => T,
  ): { readonly value: T; readonly version: number } {
    if (!this.caches) return { value: compute(t, version), version };
    const key = `${tournamentId}\u0000${name}`;
    const kept = this.#stillRecent<T>(key, version);
    if (kept) return kept;
    const at = this.now();
    const value = compute(t, version);
    this.#keepRecent(key, version, at, this.now() - at, value);
    return { value, version };
  }

  /**
   * `recent`, made in pieces with turns of the loop between them (app/in-turns.ts): at 8,192
   * players the standings and the board took 20–60 ms to make again, in one piece, each time
   * they were due. Reads that find the view due while it is being made wait for that making.
   */
  async recentInTurns<T>(
    tournamentId: string,
    name: string,
    version: number,
    t: Tournament,
    make: (t: Tournament, version: number) => Making<T>,
  ): Promise<{ readonly value: T; readonly version: number }> {
    if (!this.caches) return { value: (await inTurns(make(t, version))).value, version };
    const key = `${tournamentId}\u0000${name}`;
    const kept = this.#stillRecent<T>(key, version);
    if (kept) return kept;
    const made = await this.#once(key, async () => {
      const at = this.now();
      const { value, busyMs } = await inTurns(make(t, version));
      // The loop's time the making took, not the waits between its slices.
      this.#keepRecent(key, version, at, busyMs, value);
      return { value, version };
    });
    return made as { readonly value: T; readonly version: number };
  }

  /** The recent view kept under `key` while it is still answered (see `recent`), else undefined. */
  #stillRecent<T>(key: string, version: number): { readonly value: T; readonly version: number } | undefined {
    const kept = this.#recent.get(key);
    if (!kept || (kept.version < version && this.now() - kept.at >= kept.keepMs)) return undefined;
    // Used again: moved to the newest end of the order.
    this.#recent.delete(key);
    this.#recent.set(key, kept);
    return { value: kept.value as T, version: kept.version };
  }

  /** Keeps a recent view made at `at` (monotonic ms) that cost `cost` ms of the loop. */
  #keepRecent(key: string, version: number, at: number, cost: number, value: unknown): void {
    // 0: every version's own (as configured), however long a view took.
    const keepMs =
      this.recentMs === 0 ? 0 : Math.max(this.recentMs, Math.min(RECENT_VIEW_MAX_MS, cost / RECENT_VIEW_SHARE));
    this.#recent.delete(key);
    this.#recent.set(key, { version, at, keepMs, value });
    if (this.#recent.size > MAX_RECENT) this.#recent.delete(this.#recent.keys().next().value as string);
  }
}
