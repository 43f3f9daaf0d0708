import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atOnce } from '../../src/core/making.js';
import { sortInPieces } from '../../src/core/tournament/standings/sort-in-pieces.js';

/*
 * The standings' sort made in pieces (#37): whatever the input, the same order as the
 * built-in stable sort, and pauses along the way for a long list.
 */

describe('a sort made in pieces', () => {
  it('orders as the built-in stable sort does, ties keeping their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 20 }), at: fc.nat() }), { maxLength: 300 }),
        (items) => {
          const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
          const ours = items.slice();
          atOnce(sortInPieces(ours, byKey));
          expect(ours).toEqual(items.slice().sort(byKey));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('pauses on a long list, and takes one pass over a list moved a little', () => {
    const shuffled = Array.from({ length: 8_192 }, (_, i) => (i * 2_654_435_761) % 8_192);
    let pauses = 0;
    const making = sortInPieces(shuffled, (a, b) => a - b);
    for (let step = making.next(); !step.done; step = making.next()) pauses++;
    expect(shuffled).toEqual(Array.from({ length: 8_192 }, (_, i) => i));
    // About 8,192 × 13 comparisons, 2,048 a piece.
    expect(pauses).toBeGreaterThan(30);
    // One item moved: its run boundaries and one merge pass, a few pieces.
    const moved = [...shuffled.slice(0, 100), 8_191, ...shuffled.slice(100, 8_191)];
    let again = 0;
    const resort = sortInPieces(moved, (a, b) => a - b);
    for (let step = resort.next(); !step.done; step = resort.next()) again++;
    expect(moved).toEqual(shuffled);
    expect(again).toBeLessThan(pauses / 4);
  });
});
