import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/*
 * The one source of randomness of pairings: a generator built from the round's seed, and the
 * shuffle that draws from it. The same seed gives the same order on every machine; the log
 * records the pairing itself, so a replay never draws again.
 */

/** The generator of a seed (any safe integer): pure-rand takes 32 bits, so the high half is folded in to keep large seeds distinct. */
export function seededGenerator(seed: number): RandomGenerator {
  const high = Math.floor(seed / 2 ** 32);
  return xoroshiro128plus((seed ^ Math.imul(high, 0x9e3779b1)) | 0);
}

/** Fisher–Yates, in place, drawing from `rng`. */
export function shuffle<T>(rng: RandomGenerator, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const held = items[i] as T;
    items[i] = items[j] as T;
    items[j] = held;
  }
  return items;
}

/** A shuffled copy of `items`, driven by `seed` alone. */
export const seededShuffle = <T>(items: readonly T[], seed: number): T[] => shuffle(seededGenerator(seed), [...items]);
