import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { makePool, matchPositions, type Pool, type PositionPair } from './pairing-weights.js';
import { chooseBye, rematchFreeGuaranteed } from './swiss-bye.js';
import { buildField, type Field, type SwissPairing, type SwissPairingInput } from './swiss-field.js';
import { DEFAULT_TUNING, pairPool, type PairingTuning } from './swiss-segments.js';

export type { SwissPairing, SwissPairingInput, SwissPlayer } from './swiss-field.js';
export type { PairingTuning } from './swiss-segments.js';

/**
 * Pairs one Swiss round. `players` comes in standings order (best first: the caller sorts by
 * points and tiebreakers); that order decides who is lowest-ranked (for the bye and for
 * floating down) and nothing else, since pairs inside a score group are drawn by the seed. In
 * round 1 (all on 0 points, no history) the order is ignored and the seed decides everything.
 *
 * Rules, in priority order: no rematch whenever any pairing avoids it (otherwise the fewest);
 * the bye (odd count) to the lowest-ranked player without one; pairs inside score groups, with
 * the fewest and smallest pair-downs (the lowest-ranked of a group floats to the highest-ranked
 * of the next); the smallest sum of squared point differences. Same input and seed, same result.
 * Throws a RangeError or TypeError naming the field for malformed input.
 */
export function pairSwissRound(input: SwissPairingInput): SwissPairing {
  return pairSwissRoundTuned(input, DEFAULT_TUNING);
}

/** `pairSwissRound` with explicit segment sizes (tests shrink them to exercise every path on small fields). */
export function pairSwissRoundTuned(input: SwissPairingInput, tuning: PairingTuning): SwissPairing {
  const { field, rng } = buildField(input);
  const bye = chooseBye(field);
  const pool = makePool(field, bye);
  const pairs = rematchFreeGuaranteed(field, pool.members.length)
    ? pairPool(pool, rng, tuning)
    : matchAll(pool, true, rng);
  return present(pool, pairs, bye);
}

/**
 * The reference the fast path is measured against: the same bye, then one maximum-weight
 * matching over all remaining players with the same weights (no random tie-break). O(n³): for
 * tests and benchmarks up to about a thousand players.
 */
export function pairSwissRoundExact(input: SwissPairingInput): SwissPairing {
  const { field } = buildField(input);
  const bye = chooseBye(field);
  const pool = makePool(field, bye);
  return present(pool, matchAll(pool, !rematchFreeGuaranteed(field, pool.members.length), null), bye);
}

function matchAll(pool: Pool, allowRematch: boolean, noise: RandomGenerator | null): PositionPair[] {
  // Rematches are left out only where a rematch-free pairing is certain, so there is always one.
  return matchPositions(pool, Array.from(pool.members.keys()), { allowRematch, noise })!;
}

function present(pool: Pool, pairs: readonly PositionPair[], bye: number | null): SwissPairing {
  const field: Field = pool.field;
  const ordered = pairs.map(([a, b]): PositionPair => (a < b ? [a, b] : [b, a])).sort((x, y) => x[0] - y[0]);
  const idAt = (position: number) => field.ids[pool.members[position]!]!;
  return {
    pairs: ordered.map(([a, b]) => [idAt(a), idAt(b)] as const),
    bye: bye === null ? null : field.ids[bye]!,
  };
}
