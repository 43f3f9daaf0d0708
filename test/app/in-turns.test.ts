import { describe, expect, it } from 'vitest';
import { inTurns } from '../../src/app/in-turns.js';
import { atOnce, type Making } from '../../src/core/making.js';
import { turnCounter } from '../support/turn-counter.js';

/*
 * A making in turns (#37): the loop serves others between its slices, the value is the one made
 * in one piece, and the time it reports is the slices' own, not the waits between them.
 */

/** Sums 1..n, a piece per number, each piece taking about `pieceMs` of the loop. */
function* summing(n: number, pieceMs = 0): Making<number> {
  let sum = 0;
  for (let i = 1; i <= n; i++) {
    const until = performance.now() + pieceMs;
    while (performance.now() < until);
    sum += i;
    yield;
  }
  return sum;
}

describe('work made in turns', () => {
  it('gives the value made in one piece', async () => {
    expect((await inTurns(summing(100))).value).toBe(atOnce(summing(100)));
    expect(atOnce(summing(0))).toBe(0);
  });

  it('lets the loop turn between slices of at most the budget', async () => {
    const loop = turnCounter();
    // Twenty pieces of 2 ms in slices of 5 ms: a slice holds at most three pieces, so seven slices or more.
    const made = await inTurns(summing(20, 2), 5);
    loop.stop();
    expect(made.value).toBe(210);
    expect(loop.turns).toBeGreaterThanOrEqual(6);
  });

  it('counts the slices’ time, not the waits between them', async () => {
    let busy = true;
    // Another task holds the loop for 30 ms between the slices.
    setImmediate(() => {
      const until = performance.now() + 30;
      while (performance.now() < until);
      busy = false;
    });
    const start = performance.now();
    const made = await inTurns(summing(4, 1), 0);
    const wall = performance.now() - start;
    expect(busy).toBe(false);
    expect(made.busyMs).toBeGreaterThanOrEqual(4);
    expect(made.busyMs).toBeLessThanOrEqual(wall - 30);
  });
});
