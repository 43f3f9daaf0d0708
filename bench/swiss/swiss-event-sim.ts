import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { SwissPairing, SwissPlayer } from '../../src/core/tournament/pairing/swiss-pairing.js';

/*
 * A seeded Swiss event: hidden skill decides best-of-3 matches (logistic), about 3% of matches
 * are drawn, about 2% of the players still in drop after each round, so counts go odd and byes
 * come up. One pairing (shinpan's) drives the event; every
 * pairer is handed the same round so their figures compare on identical input.
 */

/** One finished match of the event, as the peers' own bookkeeping needs it. */
export interface PlayedMatch {
  readonly round: number;
  readonly a: string;
  /** `null`: a bye for `a`. */
  readonly b: string | null;
  readonly winner: string | 'draw';
}

/** Everything a pairer needs to pair the next round. */
export interface RoundInput {
  readonly round: number;
  /** Standings order (points, opponents' match-win % with the 1/3 floor, a fixed random order), players still in. */
  readonly players: readonly SwissPlayer[];
  readonly seed: number;
  /** Every match so far, dropped players' included. */
  readonly history: readonly PlayedMatch[];
  /** Players who left, with everything they played still in `history`. */
  readonly dropped: readonly string[];
}

interface Entrant {
  readonly id: string;
  readonly skill: number;
  readonly order: number;
  points: number;
  wins: number;
  draws: number;
  matches: number;
  readonly opponents: string[];
  hadBye: boolean;
  dropped: boolean;
}

const chance = (rng: RandomGenerator, percent: number): boolean => uniformInt(rng, 0, 9999) < percent * 100;

/** The rounds a Swiss event of `size` players plays: ceil(log2 N). */
export const swissRounds = (size: number): number => Math.ceil(Math.log2(size));

/** A whole event, advanced one round at a time by the pairing it is given. */
export class SwissEventSim {
  readonly rounds: number;
  readonly #rng: RandomGenerator;
  readonly #entrants: Entrant[];
  readonly #byId: Map<string, Entrant>;
  readonly #history: PlayedMatch[] = [];
  #round = 1;

  constructor(size: number, seed: number) {
    this.#rng = xoroshiro128plus(seed);
    this.rounds = swissRounds(size);
    this.#entrants = Array.from({ length: size }, (_, i) => ({
      id: `p${String(i).padStart(5, '0')}`,
      skill: (uniformInt(this.#rng, 0, 2000) - 1000) / 500,
      order: uniformInt(this.#rng, 0, 1 << 30),
      points: 0,
      wins: 0,
      draws: 0,
      matches: 0,
      opponents: [],
      hadBye: false,
      dropped: false,
    }));
    this.#byId = new Map(this.#entrants.map((e) => [e.id, e]));
  }

  /** The next round to pair, or `null` once every round is played. */
  nextRound(): RoundInput | null {
    if (this.#round > this.rounds) return null;
    const players = this.#standings().map((e) => ({
      id: e.id,
      points: e.points,
      opponents: [...e.opponents],
      hadBye: e.hadBye,
    }));
    return {
      round: this.#round,
      players,
      seed: uniformInt(this.#rng, 0, 0x7fffffff),
      history: [...this.#history],
      dropped: this.#entrants.filter((e) => e.dropped).map((e) => e.id),
    };
  }

  /** Plays the round as `pairing` seats it, then lets some players drop. */
  play(pairing: SwissPairing): void {
    for (const [a, b] of pairing.pairs) this.#playMatch(this.#byId.get(a)!, this.#byId.get(b)!);
    if (pairing.bye !== null) {
      const e = this.#byId.get(pairing.bye)!;
      e.points += 3;
      e.wins++;
      e.matches++;
      e.hadBye = true;
      this.#history.push({ round: this.#round, a: e.id, b: null, winner: e.id });
    }
    for (const e of this.#entrants) if (!e.dropped && chance(this.#rng, 2)) e.dropped = true;
    this.#round++;
  }

  #playMatch(pa: Entrant, pb: Entrant): void {
    pa.opponents.push(pb.id);
    pb.opponents.push(pa.id);
    pa.matches++;
    pb.matches++;
    if (chance(this.#rng, 3)) {
      pa.points += 1;
      pb.points += 1;
      pa.draws++;
      pb.draws++;
      this.#history.push({ round: this.#round, a: pa.id, b: pb.id, winner: 'draw' });
      return;
    }
    const aWins = uniformInt(this.#rng, 0, 999) < 1000 / (1 + Math.exp(pb.skill - pa.skill));
    const winner = aWins ? pa : pb;
    winner.points += 3;
    winner.wins++;
    this.#history.push({ round: this.#round, a: pa.id, b: pb.id, winner: winner.id });
  }

  #standings(): Entrant[] {
    const winRate = (e: Entrant) => (e.matches === 0 ? 1 / 3 : Math.max(1 / 3, (e.wins + e.draws / 3) / e.matches));
    const omw = new Map<string, number>();
    for (const e of this.#entrants) {
      const sum = e.opponents.reduce((s, o) => s + winRate(this.#byId.get(o)!), 0);
      omw.set(e.id, e.opponents.length === 0 ? 0 : sum / e.opponents.length);
    }
    return this.#entrants
      .filter((e) => !e.dropped)
      .sort((a, b) => b.points - a.points || omw.get(b.id)! - omw.get(a.id)! || a.order - b.order);
  }
}

/**
 * Whether the bye went where the rules say: nobody for an even field, else the lowest-ranked
 * player without one (every simulated round is big enough for that bye to leave a rematch-free
 * pairing, so no exception applies).
 */
export function byeIsRight(players: readonly SwissPlayer[], bye: string | null): boolean {
  if (players.length % 2 === 0) return bye === null;
  const eligible = players.filter((p) => !p.hadBye);
  const expected = (eligible.length > 0 ? eligible : players).at(-1)!.id;
  return bye === expected;
}

/**
 * The bye judged on points only, for pairers that never see the tiebreak order: it went to a
 * player without an earlier bye (if any is left) in the lowest score group among those players.
 */
export function byeInLowestGroup(players: readonly SwissPlayer[], bye: string | null): boolean {
  if (players.length % 2 === 0) return bye === null;
  const eligible = players.filter((p) => !p.hadBye);
  const pool = eligible.length > 0 ? eligible : players;
  const lowest = Math.min(...pool.map((p) => p.points));
  return pool.some((p) => p.id === bye && p.points === lowest);
}

/** Why a pairing is not a pairing of these players (someone missing, twice, or unknown), or `null`. */
export function pairingProblem(players: readonly SwissPlayer[], pairing: SwissPairing): string | null {
  const expected = new Set(players.map((p) => p.id));
  const seen = new Set<string>();
  const ids = [...pairing.pairs.flat(), ...(pairing.bye === null ? [] : [pairing.bye])];
  for (const id of ids) {
    if (!expected.has(id)) return `unknown player ${id}`;
    if (seen.has(id)) return `${id} seated twice`;
    seen.add(id);
  }
  if (seen.size < players.length) return `${players.length - seen.size} players left out`;
  if ((pairing.bye !== null) !== (players.length % 2 === 1))
    return pairing.bye === null ? 'odd field without a bye' : 'a bye in an even field';
  return null;
}
