import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { maxWeightPerfectMatching, type WeightedEdge } from './max-weight-matching.js';
import { havePlayed, type Field } from './swiss-field.js';

/**
 * The players to pair this round (the bye already set aside), by rank. A position is an index in
 * `members`; lower positions rank higher, and score groups are runs of equal points.
 */
export interface Pool {
  readonly field: Field;
  readonly members: Int32Array;
  /** Score group of each position, 0 for the highest points. */
  readonly group: Int32Array;
  /** How many players of the same group rank above / below each position. */
  readonly fromTop: Int32Array;
  readonly fromBottom: Int32Array;
}

/** A pair of pool positions, the better-ranked first. */
export type PositionPair = readonly [number, number];

/** Rank preferences among pair-downs beyond this depth in a group are treated as equal. */
const RANK_DEPTH = 7;
/** Range of the random tie-break that keeps pairings inside a score group unpredictable. */
const NOISE = 7;
/** Keeps every dual of the matching an exact integer in a double. */
const WEIGHT_LIMIT = 2 ** 50;

/** The pool of everyone in the field except the bye (if any). */
export function makePool(field: Field, bye: number | null): Pool {
  const size = field.ids.length - (bye === null ? 0 : 1);
  const members = new Int32Array(size);
  for (let i = 0, p = 0; i < field.ids.length; i++) if (i !== bye) members[p++] = i;
  const group = new Int32Array(size);
  const fromTop = new Int32Array(size);
  const fromBottom = new Int32Array(size);
  let start = 0;
  for (let p = 0; p < size; p++) {
    if (p > 0 && field.points[members[p]!] !== field.points[members[p - 1]!]) {
      start = p;
      group[p] = group[p - 1]! + 1;
    } else if (p > 0) {
      group[p] = group[p - 1]!;
    }
    fromTop[p] = p - start;
  }
  for (let p = size - 1, end = size; p >= 0; p--) {
    if (p < size - 1 && group[p] !== group[p + 1]) end = p + 1;
    fromBottom[p] = end - 1 - p;
  }
  return { field, members, group, fromTop, fromBottom };
}

/** Match points of the player at a position. */
export function pointsAt(pool: Pool, position: number): number {
  return pool.field.points[pool.members[position]!]!;
}

/** Whether the players at two positions have met before. */
export function metBefore(pool: Pool, a: number, b: number): boolean {
  return havePlayed(pool.field, pool.members[a]!, pool.members[b]!);
}

export interface MatchOptions {
  /** Whether rematches may be used (as the very last resort); otherwise they are not edges at all. */
  readonly allowRematch: boolean;
  /** Random tie-breaks between pairs inside one score group; `null` for the plain optimum. */
  readonly noise: RandomGenerator | null;
}

/**
 * The best pairing of all the given positions, or `null` when they cannot all be paired (only
 * possible without rematches). The weight of a pair encodes, in strict priority: no rematch;
 * fewest score-group boundaries crossed (a pair-down across two groups counts twice, so chains
 * of one-group floats win); smallest sum of squared point differences; the lowest-ranked of a
 * group floats down, to the highest-ranked of the next (the square of their summed depths also
 * matches several floats best with best); then the random tie-break. Each level's factor
 * exceeds the largest possible total of all levels below it, so no amount of a lower concern
 * can outweigh a higher one.
 */
export function matchPositions(pool: Pool, positions: readonly number[], options: MatchOptions): PositionPair[] | null {
  const sorted = [...positions].sort((a, b) => a - b);
  const size = sorted.length;
  if (size % 2 === 1) return null;
  if (size === 0) return [];
  const scales = levelScales(pool, sorted, options);
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < size; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < size; j++) {
      const b = sorted[j]!;
      const rematch = metBefore(pool, a, b);
      if (rematch && !options.allowRematch) continue;
      const distance = pool.group[b]! - pool.group[a]!;
      const gap = pointsAt(pool, a) - pointsAt(pool, b);
      const rankCost =
        distance > 0 ? (Math.min(RANK_DEPTH, pool.fromBottom[a]!) + Math.min(RANK_DEPTH, pool.fromTop[b]!)) ** 2 : 0;
      const noise = distance === 0 && scales.noise > 0 ? uniformInt(options.noise!, 0, scales.noise) : 0;
      const cost =
        (rematch ? scales.rematch : 0) +
        distance * scales.distance +
        gap * gap * scales.square +
        rankCost * scales.rank +
        noise;
      edges.push([i, j, -cost]);
    }
  }
  const mate = maxWeightPerfectMatching(size, edges);
  if (mate === null) return null;
  const pairs: PositionPair[] = [];
  for (let i = 0; i < size; i++) if (i < mate[i]!) pairs.push([sorted[i]!, sorted[mate[i]!]!]);
  return pairs;
}

interface Scales {
  readonly noise: number;
  readonly rank: number;
  readonly square: number;
  readonly distance: number;
  readonly rematch: number;
  /** The largest cost one pair can have. */
  readonly largest: number;
}

function levelScales(pool: Pool, sorted: readonly number[], options: MatchOptions): Scales {
  const pairs = sorted.length / 2;
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const maxDistance = pool.group[last]! - pool.group[first]!;
  const maxGap = pointsAt(pool, first) - pointsAt(pool, last);
  const build = (noiseMax: number, rankMax: number): Scales => {
    const rank = pairs * noiseMax + 1;
    const square = rank * (pairs * rankMax + 1);
    const distance = square * (pairs * maxGap * maxGap + 1);
    const rematch = distance * (pairs * maxDistance + 1);
    return { noise: noiseMax, rank, square, distance, rematch, largest: rematch * (options.allowRematch ? 2 : 1) };
  };
  const rankMax = maxDistance > 0 ? (2 * RANK_DEPTH) ** 2 : 0;
  // Enormous point ranges give up the lowest levels rather than exactness of the higher ones.
  for (const scales of [build(options.noise ? NOISE : 0, rankMax), build(0, rankMax), build(0, 0)]) {
    if (scales.largest <= WEIGHT_LIMIT) return scales;
  }
  throw new RangeError(
    `points: a spread of ${maxGap} points over ${sorted.length} players is too wide to weigh exactly`,
  );
}

/**
 * How far a pairing of the contiguous positions [start, end) is above what parity alone forces:
 * at each group boundary with an odd number of those players above it, one crossing and, at
 * best, one square of the points gap there. Crossings dominate; 0 means provably optimal.
 */
export function excessOverFloor(pool: Pool, start: number, end: number, pairs: readonly PositionPair[]): number {
  let crossings = 0;
  let squares = 0;
  for (const [a, b] of pairs) {
    crossings += Math.abs(pool.group[b]! - pool.group[a]!);
    const gap = pointsAt(pool, a) - pointsAt(pool, b);
    squares += gap * gap;
  }
  for (let p = start + 1; p < end; p++) {
    if (pool.group[p] !== pool.group[p - 1] && ((p - start) & 1) === 1) {
      crossings -= 1;
      const gap = pointsAt(pool, p - 1) - pointsAt(pool, p);
      squares -= gap * gap;
    }
  }
  return crossings * 2 ** 26 + squares;
}
