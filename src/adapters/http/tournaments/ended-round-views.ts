import type { EventStore } from '../../../app/event-store.js';
import { inTurns } from '../../../app/in-turns.js';
import type { Making } from '../../../core/making.js';
import { roundReach } from '../../../app/projections/round-reach.js';

/** Ended rounds' views kept across versions, all tournaments together (the oldest used dropped first). */
const MAX_KEPT = 256;

/** Per tournament: up to which version its events were looked at, and the last version that reached each round. */
interface Reached {
  checked: number;
  /** The last event that reached every round (or the version first seen: what came before is not known). */
  all: number;
  readonly rounds: Map<number, number>;
  reading: Promise<void> | null;
}

interface Kept {
  /** The last version whose events could change the view when it was made. */
  readonly stamp: number;
  /** The tournament version it was made at (its ETag and `version`). */
  readonly version: number;
  readonly value: unknown;
}

/**
 * The public views of ended rounds (a round's pairings board, the standings after it), kept
 * while no event that can change them comes in: a result of the current round leaves round 1's
 * board and standings as they were, so anonymous readers of them cost nothing per write. Which
 * events reach which rounds is `roundReach` (app/projections/round-reach.ts); the events are read
 * from the store once each, whichever process wrote them. A view is answered with the version it
 * was made at: its content is that of every version since.
 */
export class EndedRoundViews {
  readonly #reached = new Map<string, Reached>();
  readonly #kept = new Map<string, Kept>();

  constructor(
    private readonly store: EventStore,
    /** False (SHINPAN_NO_CACHES): no stamps, so every ended round's view is made for its read. */
    private readonly caches = true,
  ) {}

  /**
   * The last version whose events could change the board of ended round `round`, as far as the
   * events were read (at least to `version`); undefined when they could not be read that far.
   */
  async boardStamp(tournamentId: string, version: number, round: number): Promise<number | undefined> {
    if (!this.caches) return undefined;
    const reached = await this.#upTo(tournamentId, version);
    if (reached === undefined) return undefined;
    return Math.max(reached.all, reached.rounds.get(round) ?? 0);
  }

  /** The same for the standings after ended round `round`: any event reaching it or an earlier round. */
  async standingsStamp(tournamentId: string, version: number, round: number): Promise<number | undefined> {
    if (!this.caches) return undefined;
    const reached = await this.#upTo(tournamentId, version);
    if (reached === undefined) return undefined;
    let stamp = reached.all;
    for (const [r, at] of reached.rounds) if (r <= round && at > stamp) stamp = at;
    return stamp;
  }

  /**
   * The view `name` of the tournament for `stamp`: made once (at `version`, in pieces with turns
   * of the loop between them, app/in-turns.ts) and answered again while the stamp stays. Answers
   * the view and the version it was made at.
   */
  async view<T>(
    tournamentId: string,
    name: string,
    stamp: number,
    version: number,
    make: (version: number) => Making<T>,
  ): Promise<{ readonly value: T; readonly version: number }> {
    const key = `${tournamentId}\u0000${name}`;
    const kept = this.#kept.get(key);
    if (kept && kept.stamp === stamp) {
      // Used again: moved to the newest end of the order.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return { value: kept.value as T, version: kept.version };
    }
    const { value } = await inTurns(make(version));
    // Events after this read's version were counted already: its state may not show them, so its view is not kept.
    if (stamp > version) return { value, version };
    // A view kept meanwhile for a later stamp stays.
    const meanwhile = this.#kept.get(key);
    if (meanwhile && meanwhile.stamp > stamp) return { value, version };
    this.#kept.delete(key);
    this.#kept.set(key, { stamp, version, value });
    if (this.#kept.size > MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value as string);
    return { value, version };
  }

  /**
   * The tournament's reach at least as far as `version`, reading the events after the last look
   * (one read at a time per tournament); undefined when the store did not get that far.
   */
  async #upTo(tournamentId: string, version: number): Promise<Reached | undefined> {
    let reached = this.#reached.get(tournamentId);
    if (!reached) {
      // What happened before this process looked is not known: it reached every round.
      reached = { checked: version, all: version, rounds: new Map(), reading: null };
      this.#reached.set(tournamentId, reached);
    }
    while (reached.checked < version) {
      const before = reached.checked;
      reached.reading ??= this.#read(tournamentId, reached).finally(() => {
        reached.reading = null;
      });
      // A failed read keeps nothing: the view is made for this read alone, and the next read tries again.
      await reached.reading.catch(() => undefined);
      if (reached.checked === before) return undefined;
    }
    return reached;
  }

  async #read(tournamentId: string, reached: Reached): Promise<void> {
    const events = await this.store.read(tournamentId, reached.checked);
    for (const event of events) {
      if (event.seq <= reached.checked) continue;
      const reach = roundReach(event);
      if (reach.kind === 'all') reached.all = event.seq;
      else if (reach.kind === 'round') reached.rounds.set(reach.round, event.seq);
      reached.checked = event.seq;
    }
  }
}
