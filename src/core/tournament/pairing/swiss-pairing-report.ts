import type { SwissPairing, SwissPairingInput } from './swiss-field.js';

/** What a pairing costs under the pairing rules, for tests, benchmarks and audits. */
export interface PairingReport {
  readonly rematches: number;
  /** Pairs whose players have different points. */
  readonly pairDowns: number;
  /** Score-group boundaries crossed, summed over pairs (groups of the players paired, the bye left out). */
  readonly groupCrossings: number;
  /** Sum over pairs of the squared point difference. */
  readonly squaredGaps: number;
}

/** Measures `pairing` against the players it was made for (who are assumed to be all paired or the bye). */
export function reportPairing(input: SwissPairingInput, pairing: SwissPairing): PairingReport {
  const byId = new Map(input.players.map((p) => [p.id, p]));
  const points = [...new Set(input.players.filter((p) => p.id !== pairing.bye).map((p) => p.points))].sort(
    (a, b) => b - a,
  );
  const groupOf = new Map(points.map((pts, g) => [pts, g]));
  let rematches = 0;
  let pairDowns = 0;
  let groupCrossings = 0;
  let squaredGaps = 0;
  for (const [a, b] of pairing.pairs) {
    const pa = byId.get(a)!;
    const pb = byId.get(b)!;
    if (pa.opponents.includes(b) || pb.opponents.includes(a)) rematches++;
    const gap = pa.points - pb.points;
    if (gap !== 0) pairDowns++;
    squaredGaps += gap * gap;
    groupCrossings += Math.abs(groupOf.get(pa.points)! - groupOf.get(pb.points)!);
  }
  return { rematches, pairDowns, groupCrossings, squaredGaps };
}
