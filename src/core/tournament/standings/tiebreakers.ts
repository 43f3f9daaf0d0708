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

/**
 * The same inputs laid out flat, as standings build them: player `i` has `points[i]`,
 * `played[i]`, and the opponents `opponents[start[i]]` … `opponents[start[i + 1] - 1]`.
 */
export interface FlatTiebreakInput {
  readonly points: Int32Array;
  readonly played: Int32Array;
  /** One more entry than players: where each player's opponents begin, then the total. */
  readonly start: Int32Array;
  readonly opponents: Int32Array;
}

/** Computes OMW and OOMW for every player in O(players + matches). */
export function computeTiebreakers(inputs: readonly TiebreakInput[]): Tiebreakers {
  const n = inputs.length;
  const start = new Int32Array(n + 1);
  inputs.forEach(({ opponents }, i) => {
    start[i + 1] = (start[i] as number) + opponents.length;
  });
  const flat: FlatTiebreakInput = {
    points: Int32Array.from(inputs, (input) => input.points),
    played: Int32Array.from(inputs, (input) => input.played),
    start,
    opponents: new Int32Array(start[n] as number),
  };
  inputs.forEach(({ opponents }, i) => {
    for (const opponent of opponents) {
      if (!Number.isInteger(opponent) || opponent < 0 || opponent >= n) {
        throw new RangeError(`tiebreakers: player ${i} names opponent ${opponent}, not a player index`);
      }
    }
    flat.opponents.set(opponents, start[i]);
  });
  return flatTiebreakers(flat);
}

/** `computeTiebreakers` on flat inputs, whose opponent indices the caller has checked. */
export function flatTiebreakers(flat: FlatTiebreakInput): Tiebreakers {
  const { played, start } = flat;
  const n = played.length;
  const playedCounts = new Set<number>();
  const opponentCounts = new Set<number>();
  let most = 0;
  for (let i = 0; i < n; i++) {
    const p = played[i] as number;
    const o = (start[i + 1] as number) - (start[i] as number);
    if (p > 0) playedCounts.add(p);
    if (o > 0) opponentCounts.add(o);
    most = Math.max(most, p, o);
  }
  const lcmPlayed = lcmOf(playedCounts);
  const lcmOpponents = lcmOf(opponentCounts);
  // The largest integer formed is a cross product B(a) · n(b) ≤ 3LK · most².
  const largest = 3n * lcmPlayed * lcmOpponents * BigInt(most) ** 2n;
  return largest <= BigInt(Number.MAX_SAFE_INTEGER)
    ? tiebreakersWith(numbers, flat, lcmPlayed, lcmOpponents)
    : tiebreakersWith(bigints, flat, lcmPlayed, lcmOpponents);
}

function tiebreakersWith<T>(
  integers: Integers<T>,
  flat: FlatTiebreakInput,
  lcmPlayed: bigint,
  lcmOpponents: bigint,
): Tiebreakers {
  const { of, plus, times, exactQuotient } = integers;
  const { points, played, start, opponents } = flat;
  const n = played.length;
  const L = of(lcmPlayed);
  const K = of(lcmOpponents);
  const zero = of(0);
  const three = of(3);

  // points / 3·played ≥ 1/3 exactly when points ≥ played: max(points, played) is the 1/3 floor.
  const floored = new Array<T>(n);
  for (let i = 0; i < n; i++) {
    const p = played[i] as number;
    floored[i] = p === 0 ? zero : times(of(Math.max(points[i] as number, p)), exactQuotient(L, p));
  }
  const omw = new Array<T>(n);
  // A player without opponents has numerator 0; a count of 1 keeps its value 0 in every product.
  const counts = new Int32Array(n);
  const count = new Array<T>(n);
  for (let i = 0; i < n; i++) {
    let sum = zero;
    const end = start[i + 1] as number;
    for (let k = start[i] as number; k < end; k++) sum = plus(sum, floored[opponents[k] as number] as T);
    omw[i] = sum;
    counts[i] = Math.max(end - (start[i] as number), 1);
    count[i] = of(counts[i] as number);
  }
  const oomw = new Array<T>(n);
  for (let i = 0; i < n; i++) {
    let sum = zero;
    const end = start[i + 1] as number;
    for (let k = start[i] as number; k < end; k++) {
      const o = opponents[k] as number;
      sum = plus(sum, exactQuotient(times(omw[o] as T, K), counts[o] as number));
    }
    oomw[i] = sum;
  }
  const omwDen = (i: number): T => times(times(three, L), count[i] as T);
  const oomwDen = (i: number): T => times(times(times(three, L), K), count[i] as T);

  const higherFirst = (numerators: T[], a: number, b: number): number =>
    integers.compare(times(numerators[b] as T, count[a] as T), times(numerators[a] as T, count[b] as T));
  const rounded = (num: T, den: T): number => roundTo4(integers, num, den);
  const inRange = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < n;

  return {
    compare: (a, b) => higherFirst(omw, a, b) || higherFirst(oomw, a, b),
    matchWinPct: (i) => {
      const p = inRange(i) ? (played[i] as number) : 0;
      return p === 0 ? 0 : rounded(of(points[i] as number), of(3 * p));
    },
    opponentsWinPct: (i) => (inRange(i) ? rounded(omw[i] as T, omwDen(i)) : 0),
    opponentsOpponentsWinPct: (i) => (inRange(i) ? rounded(oomw[i] as T, oomwDen(i)) : 0),
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
