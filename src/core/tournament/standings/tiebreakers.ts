/**
 * Konami-style tiebreakers after match points: opponents' average match-win percentage (OMW)
 * and opponents' average OMW (OOMW).
 *
 * A match-win percentage is match points / (3 × matches played), byes included as played wins.
 * Where it enters an opponent's average it is floored at 1/3, so that meeting a player who
 * dropped early or lost everything is not punished as a 0 (docs/standings.md explains the choice).
 *
 * Ties must be exact: a float average depends on the order it was summed in (1/3 + 1 + 1 and
 * 1 + 1 + 1/3 differ in the last bit), which would make ranks depend on the order of the input.
 * So every value is kept as an integer over a shared denominator: with L the lcm of all
 * matches-played counts and K the lcm of all opponent counts,
 *   floored MW% of o = max(points, played) · (L / played)   / 3L
 *   OMW of p         = A(p) = Σ floored numerators           / (3L · n(p))
 *   OOMW of p        = B(p) = Σ A(o) · (K / n(o))            / (3LK · n(p))
 * and two players are compared by cross-multiplying. The largest product stays below 2^53 for
 * any event of up to 16 rounds (12 rounds with drops after every round: ~3·10^11), so plain
 * numbers are exact and fast; beyond that bound the same arithmetic runs on bigint.
 */

/** A player's results as the tiebreakers need them. */
export interface TiebreakInput {
  /** 3 per match win (byes included), 1 per draw. */
  readonly points: number;
  /** Matches with a result, byes included. */
  readonly played: number;
  /** Indices of the opponents met, one entry per match; a bye adds none. */
  readonly opponents: readonly number[];
}

/** The tiebreakers of every player, by index into the inputs. */
export interface Tiebreakers {
  /** Negative when player `a` has the better OMW, then OOMW; 0 only on an exact tie. */
  compare(a: number, b: number): number;
  /** The player's own match-win percentage, unfloored, rounded to 4 decimals (0 before any match). */
  matchWinPct(player: number): number;
  /** OMW rounded to 4 decimals (0 for a player without opponents). */
  opponentsWinPct(player: number): number;
  /** OOMW rounded to 4 decimals (0 for a player without opponents). */
  opponentsOpponentsWinPct(player: number): number;
}

/** Exact integer arithmetic on numbers (within 2^53) or bigints. */
interface Integers<T> {
  of(value: bigint | number): T;
  plus(a: T, b: T): T;
  times(a: T, b: T): T;
  /** `a / b` where b divides a. */
  exactQuotient(a: T, b: number): T;
  compare(a: T, b: T): number;
  toBigInt(a: T): bigint;
  toNumber(a: T): number;
}

const numbers: Integers<number> = {
  of: Number,
  plus: (a, b) => a + b,
  times: (a, b) => a * b,
  exactQuotient: (a, b) => a / b,
  compare: (a, b) => a - b,
  toBigInt: BigInt,
  toNumber: (a) => a,
};

const bigints: Integers<bigint> = {
  of: BigInt,
  plus: (a, b) => a + b,
  times: (a, b) => a * b,
  exactQuotient: (a, b) => a / BigInt(b),
  compare: (a, b) => (a > b ? 1 : a < b ? -1 : 0),
  toBigInt: (a) => a,
  toNumber: Number,
};

/** Computes OMW and OOMW for every player in O(players + matches). */
export function computeTiebreakers(inputs: readonly TiebreakInput[]): Tiebreakers {
  const playedCounts = new Set<number>();
  const opponentCounts = new Set<number>();
  inputs.forEach(({ played, opponents }, i) => {
    for (const opponent of opponents) {
      if (!Number.isInteger(opponent) || opponent < 0 || opponent >= inputs.length) {
        throw new RangeError(`tiebreakers: player ${i} names opponent ${opponent}, not a player index`);
      }
    }
    if (played > 0) playedCounts.add(played);
    if (opponents.length > 0) opponentCounts.add(opponents.length);
  });
  const lcmPlayed = lcmOf(playedCounts);
  const lcmOpponents = lcmOf(opponentCounts);
  const most = Math.max(0, ...playedCounts, ...opponentCounts);
  // The largest integer formed is a cross product B(a) · n(b) ≤ 3LK · most².
  const largest = 3n * lcmPlayed * lcmOpponents * BigInt(most) ** 2n;
  return largest <= BigInt(Number.MAX_SAFE_INTEGER)
    ? tiebreakersWith(numbers, inputs, lcmPlayed, lcmOpponents)
    : tiebreakersWith(bigints, inputs, lcmPlayed, lcmOpponents);
}

function tiebreakersWith<T>(
  integers: Integers<T>,
  inputs: readonly TiebreakInput[],
  lcmPlayed: bigint,
  lcmOpponents: bigint,
): Tiebreakers {
  const { of, plus, times, exactQuotient } = integers;
  const L = of(lcmPlayed);
  const K = of(lcmOpponents);
  const zero = of(0);

  // points / 3·played ≥ 1/3 exactly when points ≥ played: max(points, played) is the 1/3 floor.
  const floored = inputs.map(({ points, played }) =>
    played === 0 ? zero : times(of(Math.max(points, played)), exactQuotient(L, played)),
  );
  const omw = inputs.map(({ opponents }) => {
    let sum = zero;
    for (const o of opponents) sum = plus(sum, floored[o] as T);
    return sum;
  });
  // A player without opponents has numerator 0; a count of 1 keeps its value 0 in every product.
  const counts = inputs.map(({ opponents }) => Math.max(opponents.length, 1));
  const oomw = inputs.map(({ opponents }) => {
    let sum = zero;
    for (const o of opponents) sum = plus(sum, exactQuotient(times(omw[o] as T, K), counts[o] as number));
    return sum;
  });
  const count = counts.map((n) => of(n));
  const omwDen = count.map((n) => times(times(of(3), L), n));
  const oomwDen = count.map((n) => times(times(times(of(3), L), K), n));

  const higherFirst = (numerators: T[], a: number, b: number): number =>
    integers.compare(times(numerators[b] as T, count[a] as T), times(numerators[a] as T, count[b] as T));
  const rounded = (num: T, den: T): number => roundTo4(integers, num, den);

  return {
    compare: (a, b) => higherFirst(omw, a, b) || higherFirst(oomw, a, b),
    matchWinPct: (i) => {
      const { points, played } = inputs[i] ?? { points: 0, played: 0 };
      return played === 0 ? 0 : rounded(of(points), of(3 * played));
    },
    opponentsWinPct: (i) => rounded(omw[i] ?? zero, omwDen[i] ?? of(1)),
    opponentsOpponentsWinPct: (i) => rounded(oomw[i] ?? zero, oomwDen[i] ?? of(1)),
  };
}

/**
 * Half-up to 4 decimals. The float quotient of two exact integers is deterministic, but may
 * land on either side of an exact half (…5 in the fifth decimal), so that case is settled in
 * bigint.
 */
function roundTo4<T>(integers: Integers<T>, num: T, den: T): number {
  const scaled = (integers.toNumber(num) / integers.toNumber(den)) * 10_000;
  if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return Math.round(scaled) / 10_000;
  const n = integers.toBigInt(num);
  const d = integers.toBigInt(den);
  return Number((n * 20_000n + d) / (2n * d)) / 10_000;
}

function lcmOf(values: ReadonlySet<number>): bigint {
  let result = 1n;
  for (const value of values) result = (result / gcd(result, BigInt(value))) * BigInt(value);
  return result;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
