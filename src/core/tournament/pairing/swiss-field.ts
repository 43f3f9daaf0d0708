import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { seededGenerator, shuffle } from './seeded-random.js';

/** One player still in the event, as the pairing sees them. */
export interface SwissPlayer {
  readonly id: string;
  /** Match points: win 3, draw 1, loss 0; a bye counts as a win. */
  readonly points: number;
  /** Everyone this player has met; ids of dropped players may stay, repeats are fine. */
  readonly opponents: readonly string[];
  readonly hadBye: boolean;
}

export interface SwissPairingInput {
  /** Standings order, best first. Players on equal points keep this order as their rank. */
  readonly players: readonly SwissPlayer[];
  /** Any safe integer; the same input and seed always give the same pairing. */
  readonly seed: number;
}

export interface SwissPairing {
  /** Table order: the pair with the best-ranked player first; in each pair the better-ranked player first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** The round's players by rank (0 = best), with histories turned into rank indices. */
export interface Field {
  readonly ids: readonly string[];
  readonly points: Int32Array;
  readonly hadBye: Uint8Array;
  /** Opponents still in the event, as sorted rank indices without repeats. */
  readonly opponents: readonly Int32Array[];
}

/**
 * Checks the input, ranks the players (by points, then by their order in the array) and builds
 * the seeded generator. Round 1 (nobody has points, opponents or a bye) has no ranking at all:
 * there the seed alone orders the players, whatever order they came in.
 */
export function buildField(input: SwissPairingInput): { field: Field; rng: RandomGenerator } {
  const { players, seed } = input;
  if (!Array.isArray(players)) throw new TypeError('players: expected an array');
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed: ${String(seed)} is not a safe integer`);
  const rng = seededGenerator(seed);
  const seen = new Set<string>();
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (typeof p?.id !== 'string' || p.id === '') throw new TypeError(`players[${i}].id: expected a non-empty string`);
    if (seen.has(p.id)) throw new RangeError(`players[${i}].id: "${p.id}" appears twice`);
    seen.add(p.id);
    if (!Number.isSafeInteger(p.points) || p.points < 0)
      throw new RangeError(`players[${i}].points: ${String(p.points)} is not a non-negative integer`);
    const opponents: unknown = p.opponents;
    if (!Array.isArray(opponents)) throw new TypeError(`players[${i}].opponents: expected an array of ids`);
    for (let j = 0; j < opponents.length; j++) {
      const o: unknown = opponents[j];
      if (typeof o !== 'string') throw new TypeError(`players[${i}].opponents[${j}]: expected a player id`);
      if (o === p.id) throw new RangeError(`players[${i}].opponents[${j}]: a player cannot have met themselves`);
    }
    if (typeof p.hadBye !== 'boolean') throw new TypeError(`players[${i}].hadBye: expected true or false`);
  }

  const rankFree = players.every((p) => p.points === 0 && p.opponents.length === 0 && !p.hadBye);
  // Sorting by id first makes round 1 depend on who plays and on the seed, not on how the list was built.
  const ordered = rankFree
    ? shuffle(
        rng,
        [...players].sort((a, b) => (a.id < b.id ? -1 : 1)),
      )
    : stableByPoints(players);
  const field: Field = {
    ids: ordered.map((p) => p.id),
    points: Int32Array.from(ordered, (p) => p.points),
    hadBye: Uint8Array.from(ordered, (p) => (p.hadBye ? 1 : 0)),
    opponents: opponentRanks(ordered),
  };
  return { field, rng };
}

/**
 * Each player's opponents still in the event, as sorted rank indices without repeats. A meeting
 * recorded on one side only still counts for both.
 */
function opponentRanks(ordered: readonly SwissPlayer[]): Int32Array[] {
  const n = ordered.length;
  const rankOf = new Map<string, number>();
  for (let i = 0; i < n; i++) rankOf.set(ordered[i]!.id, i);
  const from: number[] = [];
  const to: number[] = [];
  const degree = new Int32Array(n + 1);
  for (let a = 0; a < n; a++) {
    for (const id of ordered[a]!.opponents) {
      const b = rankOf.get(id);
      if (b === undefined) continue;
      from.push(a, b);
      to.push(b, a);
      degree[a]! += 1;
      degree[b]! += 1;
    }
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + degree[i]!;
  const flat = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  for (let k = 0; k < from.length; k++) flat[fill[from[k]!]!++] = to[k]!;
  const result: Int32Array[] = [];
  for (let i = 0; i < n; i++) {
    const list = flat.subarray(start[i]!, start[i + 1]!).sort();
    let kept = 0;
    for (let k = 0; k < list.length; k++) if (k === 0 || list[k] !== list[k - 1]) list[kept++] = list[k]!;
    result.push(list.slice(0, kept));
  }
  return result;
}

/** Whether two ranked players have met before. */
export function havePlayed(field: Field, a: number, b: number): boolean {
  const list = field.opponents[a]!;
  for (let i = 0; i < list.length; i++) if (list[i] === b) return true;
  return false;
}

function stableByPoints(players: readonly SwissPlayer[]): SwissPlayer[] {
  return players
    .map((p, i) => ({ p, i }))
    .sort((x, y) => y.p.points - x.p.points || x.i - y.i)
    .map(({ p }) => p);
}
