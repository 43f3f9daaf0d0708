import type { WeightedEdge } from '../../src/core/tournament/pairing/max-weight-matching.js';

/** The best total weight of any matching, by dynamic programming over vertex subsets (n ≤ 20). */
export function bestMatchingWeight(vertexCount: number, edges: readonly WeightedEdge[]): number {
  const weight: number[][] = Array.from({ length: vertexCount }, () => new Array<number>(vertexCount).fill(-Infinity));
  for (const [u, v, w] of edges) {
    weight[u]![v] = Math.max(weight[u]![v]!, w);
    weight[v]![u] = weight[u]![v]!;
  }
  const memo = new Float64Array(1 << vertexCount).fill(Number.NaN);
  const best = (mask: number): number => {
    if (mask === 0) return 0;
    const known = memo[mask]!;
    if (!Number.isNaN(known)) return known;
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let value = best(rest);
    for (let j = i + 1; j < vertexCount; j++) {
      const w = weight[i]![j]!;
      if (rest & (1 << j) && w > 0) value = Math.max(value, w + best(rest & ~(1 << j)));
    }
    memo[mask] = value;
    return value;
  };
  return best((1 << vertexCount) - 1);
}

/** Total weight of `mate`, failing loudly if it is not a matching made of the given edges. */
export function matchingWeight(vertexCount: number, edges: readonly WeightedEdge[], mate: Int32Array): number {
  const weightOf = new Map<string, number>();
  for (const [u, v, w] of edges) {
    const key = `${Math.min(u, v)}-${Math.max(u, v)}`;
    weightOf.set(key, Math.max(weightOf.get(key) ?? -Infinity, w));
  }
  let total = 0;
  for (let v = 0; v < vertexCount; v++) {
    const m = mate[v]!;
    if (m === -1) continue;
    if (mate[m] !== v) throw new Error(`mate is not symmetric at ${v}`);
    const w = weightOf.get(`${Math.min(v, m)}-${Math.max(v, m)}`);
    if (w === undefined) throw new Error(`${v}-${m} is not an edge`);
    if (v < m) total += w;
  }
  return total;
}

/** The best total weight of a perfect matching (weights of any sign), or null when none exists. */
export function bestPerfectMatchingWeight(vertexCount: number, edges: readonly WeightedEdge[]): number | null {
  const weight = new Map<number, number>();
  for (const [u, v, w] of edges) {
    const key = Math.min(u, v) * vertexCount + Math.max(u, v);
    weight.set(key, Math.max(weight.get(key) ?? -Infinity, w));
  }
  const memo = new Float64Array(1 << vertexCount).fill(Number.NaN);
  const best = (mask: number): number => {
    if (mask === 0) return 0;
    const known = memo[mask]!;
    if (!Number.isNaN(known)) return known;
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let value = -Infinity;
    for (let j = i + 1; j < vertexCount; j++) {
      const w = weight.get(i * vertexCount + j);
      if (rest & (1 << j) && w !== undefined) value = Math.max(value, w + best(rest & ~(1 << j)));
    }
    memo[mask] = value;
    return value;
  };
  const value = best((1 << vertexCount) - 1);
  return value === -Infinity ? null : value;
}
