import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  maxWeightMatching,
  maxWeightPerfectMatching,
  type WeightedEdge,
} from '../../src/core/tournament/pairing/max-weight-matching.js';
import { bestMatchingWeight, bestPerfectMatchingWeight, matchingWeight } from './brute-force.js';

const mates = (n: number, edges: readonly WeightedEdge[]) => Array.from(maxWeightMatching(n, edges));

describe('maxWeightMatching on graphs worked out by hand', () => {
  it('matches nothing in a graph without edges', () => {
    expect(mates(0, [])).toEqual([]);
    expect(mates(3, [])).toEqual([-1, -1, -1]);
  });

  it('takes the heavier end of a path', () => {
    expect(
      mates(3, [
        [0, 1, 3],
        [1, 2, 5],
      ]),
    ).toEqual([-1, 2, 1]);
  });

  it('prefers two light edges to one heavy one when they weigh more together', () => {
    // 0-1 (5) + 2-3 (4) = 9 beats 0-2 (7) and 1-2 (6).
    expect(
      mates(4, [
        [0, 1, 5],
        [1, 2, 6],
        [0, 2, 7],
        [2, 3, 4],
      ]),
    ).toEqual([1, 0, 3, 2]);
  });

  it('never uses an edge of weight zero or less', () => {
    expect(
      mates(4, [
        [0, 1, 0],
        [2, 3, -4],
        [1, 2, 2],
      ]),
    ).toEqual([-1, 2, 1, -1]);
  });

  it('augments through an odd cycle (a blossom) where greedy choice fails', () => {
    // Five-cycle 0-1-2-3-4 of weight 6, pendants 0-5 (5) and 2-6 (1). Greedy takes 0-1 and 2-3
    // (12); the optimum leaves the cycle through 0: 0-5, 1-2, 3-4 = 17.
    const edges: WeightedEdge[] = [
      [0, 1, 6],
      [1, 2, 6],
      [2, 3, 6],
      [3, 4, 6],
      [4, 0, 6],
      [0, 5, 5],
      [2, 6, 1],
    ];
    expect(mates(7, edges)).toEqual([5, 2, 1, 4, 3, 0, -1]);
    expect(bestMatchingWeight(7, edges)).toBe(17);
  });

  it('solves a graph whose search opens a T-blossom and relabels the vertices reached inside it', () => {
    // Found by a random search over graphs built from heavy odd cycles; the optimum by brute force is 258.
    const edges: WeightedEdge[] = [
      [11, 3, 65],
      [3, 10, 74],
      [10, 11, 65],
      [9, 3, 48],
      [11, 1, 43],
      [1, 3, 52],
      [4, 5, 31],
      [9, 4, 39],
      [5, 3, 30],
      [1, 6, 12],
      [1, 4, 12],
      [6, 0, 11],
      [11, 4, 54],
      [7, 5, 60],
      [9, 0, 24],
      [9, 2, 13],
      [2, 8, 31],
      [10, 5, 41],
      [0, 2, 9],
      [8, 9, 1],
      [0, 5, 14],
      [6, 4, 14],
      [7, 9, 23],
    ];
    const mate = maxWeightMatching(12, edges);
    expect(matchingWeight(12, edges, mate)).toBe(258);
    expect(bestMatchingWeight(12, edges)).toBe(258);
  });

  it('finds the best perfect matching even when a lighter edge must be taken, and reports when there is none', () => {
    // Four on a path 0-1-2-3 plus the heavy 1-2: the only perfect matching uses 0-1 and 2-3.
    const path: WeightedEdge[] = [
      [0, 1, 1],
      [1, 2, 50],
      [2, 3, 1],
    ];
    expect(Array.from(maxWeightPerfectMatching(4, path)!)).toEqual([1, 0, 3, 2]);
    // A triangle and a lone vertex: no perfect matching.
    expect(
      maxWeightPerfectMatching(4, [
        [0, 1, 3],
        [1, 2, 3],
        [0, 2, 3],
      ]),
    ).toBeNull();
    expect(maxWeightPerfectMatching(3, [[0, 1, 3]])).toBeNull();
    // Negative weights are fine: the least bad pairing wins.
    expect(
      Array.from(
        maxWeightPerfectMatching(4, [
          [0, 1, -5],
          [2, 3, -5],
          [0, 2, -1],
          [1, 3, -2],
          [0, 3, -9],
          [1, 2, -9],
        ])!,
      ),
    ).toEqual([2, 3, 0, 1]);
  });

  it('rejects loops, unknown vertices and weights that are not numbers', () => {
    expect(() => maxWeightMatching(2, [[1, 1, 3]])).toThrow('edges[0]: a loop on vertex 1');
    expect(() =>
      maxWeightMatching(2, [
        [0, 1, 1],
        [0, 2, 3],
      ]),
    ).toThrow('edges[1]: endpoints 0, 2 are not vertices of a 2-vertex graph');
    expect(() => maxWeightMatching(2, [[0, 1, Number.NaN]])).toThrow('edges[0]: weight NaN is not finite');
  });
});

/** A graph on up to `maxVertices` vertices with each possible edge present or not. */
const randomGraph = (maxVertices: number, maxWeight: number) =>
  fc.integer({ min: 1, max: maxVertices }).chain((n) =>
    fc
      .array(fc.option(fc.integer({ min: 1, max: maxWeight }), { nil: undefined, freq: 2 }), {
        minLength: (n * (n - 1)) / 2,
        maxLength: (n * (n - 1)) / 2,
      })
      .map((weights) => {
        const edges: WeightedEdge[] = [];
        let k = 0;
        for (let u = 0; u < n; u++) {
          for (let v = u + 1; v < n; v++) {
            const w = weights[k++];
            if (w !== undefined) edges.push([u, v, w]);
          }
        }
        return { n, edges };
      }),
  );

/** Heavy odd cycles with lighter chords: the shape that makes blossoms nest, open and relabel. */
const blossomGraph = fc
  .record({
    n: fc.integer({ min: 6, max: 14 }),
    cycles: fc.array(
      fc.record({
        length: fc.constantFrom(3, 5, 7),
        weight: fc.integer({ min: 40, max: 100 }),
        at: fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    chords: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 60 })), { minLength: 4, maxLength: 30 }),
  })
  .map(({ n, cycles, chords }) => {
    const edges: WeightedEdge[] = [];
    const present = new Set<string>();
    const add = (u: number, v: number, w: number) => {
      const key = `${Math.min(u, v)}-${Math.max(u, v)}`;
      if (u === v || present.has(key)) return;
      present.add(key);
      edges.push([u, v, w]);
    };
    for (const c of cycles) {
      const vertices = c.at.slice(0, c.length).map((x) => x % n);
      vertices.forEach((v, i) => add(v, vertices[(i + 1) % vertices.length]!, c.weight + (i % 3)));
    }
    for (const [u, v, w] of chords) add(u % n, v % n, w);
    return { n, edges };
  });

describe('maxWeightMatching against brute force', () => {
  it('finds the best total on random graphs of up to 12 vertices', () => {
    fc.assert(
      fc.property(randomGraph(12, 20), ({ n, edges }) => {
        const mate = maxWeightMatching(n, edges);
        expect(matchingWeight(n, edges, mate)).toBe(bestMatchingWeight(n, edges));
      }),
      { numRuns: 400, seed: 20240601 },
    );
  });

  it('finds the best total on blossom-heavy graphs of up to 14 vertices', () => {
    fc.assert(
      fc.property(blossomGraph, ({ n, edges }) => {
        const mate = maxWeightMatching(n, edges);
        expect(matchingWeight(n, edges, mate)).toBe(bestMatchingWeight(n, edges));
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it('finds the best perfect matching, or none exactly when none exists, on random graphs', () => {
    fc.assert(
      fc.property(randomGraph(12, 20), fc.integer({ min: -10, max: 10 }), ({ n, edges }, shift) => {
        const shifted = edges.map(([u, v, w]): WeightedEdge => [u, v, w + shift]);
        const mate = maxWeightPerfectMatching(n, shifted);
        const best = bestPerfectMatchingWeight(n, shifted);
        if (best === null) expect(mate).toBeNull();
        else expect(mate !== null && matchingWeight(n, shifted, mate)).toBe(best);
      }),
      { numRuns: 400, seed: 5 },
    );
  });

  it('finds the best perfect matching on blossom-heavy graphs', () => {
    fc.assert(
      fc.property(blossomGraph, ({ n, edges }) => {
        const mate = maxWeightPerfectMatching(n, edges);
        const best = bestPerfectMatchingWeight(n, edges);
        if (best === null) expect(mate).toBeNull();
        else expect(mate !== null && matchingWeight(n, edges, mate)).toBe(best);
      }),
      { numRuns: 400, seed: 8 },
    );
  });

  it('finds a perfect matching of the greatest weight when the weights carry a large base', () => {
    fc.assert(
      fc.property(randomGraph(10, 9), ({ n, edges }) => {
        // With 1000 added to every edge, more pairs always win; the DP agrees on the total.
        const based = edges.map(([u, v, w]): WeightedEdge => [u, v, 1000 + w]);
        const mate = maxWeightMatching(n, based);
        expect(matchingWeight(n, based, mate)).toBe(bestMatchingWeight(n, based));
      }),
      { numRuns: 200, seed: 99 },
    );
  });
});
