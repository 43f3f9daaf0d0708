import type { RoundState, Tournament } from '../../../core/tournament/state.js';

/** One player's seat in a round: the table and opponent, or a bye (names included: players never change their name). */
export interface Seat {
  readonly table: number | null;
  readonly name: string;
  readonly opponent: { readonly id: string; readonly name: string } | null;
  /** Position in `round.matches` (null for a bye), to read the match's current state without a search. */
  readonly index: number | null;
}

/**
 * Projections kept per tournament version, and the per-round player → seat index. A round's
 * pairings never change once posted, so its index is built once; a lookup is then one map read
 * on the cached state, which is what lets thousands of players look up their table at once.
 */
export class ViewCache {
  readonly #seats = new Map<string, ReadonlyMap<string, Seat>>();
  /** Per tournament, per view name: the value and the version it was made for. */
  readonly #views = new Map<string, Map<string, { readonly version: number; readonly value: unknown }>>();

  seats(tournamentId: string, t: Tournament, round: RoundState): ReadonlyMap<string, Seat> {
    const key = `${tournamentId}\u0000${round.number}`;
    let seats = this.#seats.get(key);
    if (!seats) {
      const names = new Map(t.players.map((p) => [p.id, p.name]));
      const person = (id: string) => ({ id, name: names.get(id) ?? id });
      const built = new Map<string, Seat>();
      round.matches.forEach((m, index) => {
        const [a, b] = m.players;
        built.set(a, { table: m.table, name: person(a).name, opponent: person(b), index });
        built.set(b, { table: m.table, name: person(b).name, opponent: person(a), index });
      });
      for (const player of round.byes)
        built.set(player, { table: null, name: person(player).name, opponent: null, index: null });
      seats = built;
      this.#seats.set(key, seats);
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
    let views = this.#views.get(tournamentId);
    const cached = views?.get(name);
    if (cached && cached.version === version) return cached.value as T;
    const value = compute(t);
    // A read that lagged behind (another process's write not yet seen) is answered, not kept.
    if (cached && cached.version > version) return value;
    if (!views) {
      views = new Map();
      this.#views.set(tournamentId, views);
    }
    for (const [other, entry] of views) if (entry.version < version) views.delete(other);
    views.set(name, { version, value });
    return value;
  }
}
