// An independent, slow, obviously-exact reading of the tiebreaker definitions (bigint fractions,
// one pass over all matches per player), to check the fast implementation against.
// A missed round (late entry) is a played loss without opponent.
import { expect } from 'vitest';
import type { MatchRecord, StandingsPlayer } from '../../src/core/tournament/match-record.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';

export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export interface OracleLine {
  readonly points: number;
  readonly omw: Ratio;
  readonly oomw: Ratio;
}

const ratio = (num: bigint, den: bigint): Ratio => {
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
};
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const sum = (xs: readonly Ratio[]): Ratio =>
  xs.reduce((a, b) => ratio(a.num * b.den + b.num * a.den, a.den * b.den), ratio(0n, 1n));
const mean = (xs: readonly Ratio[]): Ratio =>
  xs.length === 0 ? ratio(0n, 1n) : ((s) => ratio(s.num, s.den * BigInt(xs.length)))(sum(xs));

/** -1, 0 or 1 as a is below, equal to or above b. */
export const compareRatios = (a: Ratio, b: Ratio): number => Math.sign(Number(a.num * b.den - b.num * a.den));

/** Half-up rounding to 4 decimals, done on the exact value. */
export const round4 = ({ num, den }: Ratio): number => Number((num * 20_000n + den) / (2n * den)) / 10_000;

/** Points, OMW and OOMW of every player, by id. */
export function oracle(players: readonly StandingsPlayer[], matches: readonly MatchRecord[]): Map<string, OracleLine> {
  const counted = matches.filter((m) => m.stage === 'swiss' && m.outcome.kind !== 'pending');
  const pointsIn = (id: string, m: MatchRecord): number => {
    const o = m.outcome;
    if (o.kind === 'bye' || (o.kind === 'win' && o.winner === id)) return 3;
    return o.kind === 'draw' ? 1 : 0;
  };
  const mine = (id: string): MatchRecord[] => counted.filter((m) => (m.players as readonly string[]).includes(id));
  const points = (id: string): number => mine(id).reduce((total, m) => total + pointsIn(id, m), 0);
  const opponents = (id: string): string[] =>
    mine(id).flatMap((m) => (m.players.length === 2 ? m.players.filter((p) => p !== id) : []));
  const missed = new Map(players.map((p) => [p.id, p.missedRounds ?? 0]));
  const floored = (id: string): Ratio => {
    const played = BigInt(mine(id).length + (missed.get(id) ?? 0));
    const own = ratio(BigInt(points(id)), 3n * played);
    return compareRatios(own, ratio(1n, 3n)) < 0 ? ratio(1n, 3n) : own;
  };
  const omw = (id: string): Ratio => mean(opponents(id).map(floored));
  return new Map(
    players.map(({ id }) => [id, { points: points(id), omw: omw(id), oomw: mean(opponents(id).map(omw)) }]),
  );
}

/**
 * Checks fast standings against the oracle: each row's printed values, and that every row is
 * ahead of the next by points, then exact OMW, then exact OOMW, then id.
 */
export function expectAgreesWithOracle(players: readonly StandingsPlayer[], matches: readonly MatchRecord[]): void {
  const exact = oracle(players, matches);
  const rows = computeStandings(players, matches);
  for (const row of rows) {
    const line = exact.get(row.player)!;
    expect([row.player, row.points, row.opponentsWinPct, row.opponentsOpponentsWinPct]).toEqual([
      row.player,
      line.points,
      round4(line.omw),
      round4(line.oomw),
    ]);
  }
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    if (next === undefined || (row.rank === null) !== (next.rank === null)) return;
    const a = exact.get(row.player)!;
    const b = exact.get(next.player)!;
    const order =
      Math.sign(a.points - b.points) ||
      compareRatios(a.omw, b.omw) ||
      compareRatios(a.oomw, b.oomw) ||
      (row.player < next.player ? 1 : -1);
    expect(order, `${row.player} before ${next.player}`).toBe(1);
  });
}
