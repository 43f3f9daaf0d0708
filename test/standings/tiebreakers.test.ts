import { describe, expect, it } from 'vitest';
import { computeTiebreakers, type TiebreakInput } from '../../src/core/tournament/standings/tiebreakers.js';

/** A player with `points` from `played` matches against the listed opponent indices. */
const p = (points: number, played: number, opponents: number[] = []): TiebreakInput => ({ points, played, opponents });

describe('the 1/3 floor', () => {
  it('raises opponents below 1/3 to exactly 1/3 and leaves the rest alone', () => {
    // Player 0 met 1 (0/3 → 1/3), 2 (1/9 → 1/3), 3 (3/9 = 1/3) and 4 (4/9):
    // (1/3 + 1/3 + 1/3 + 4/9)/4 = (13/9)/4 = 13/36 ≈ 0.3611. Without the floor: (0 + 1/9 + 3/9 + 4/9)/4 = 2/9.
    const t = computeTiebreakers([p(12, 4, [1, 2, 3, 4]), p(0, 1, [0]), p(1, 3, [0]), p(3, 3, [0]), p(4, 3, [0])]);
    expect(t.opponentsWinPct(0)).toBe(0.3611);
  });

  it("does not floor a player's own match-win percentage", () => {
    const t = computeTiebreakers([p(3, 1, [1]), p(0, 1, [0]), p(1, 3, [])]);
    expect([t.matchWinPct(0), t.matchWinPct(1), t.matchWinPct(2)]).toEqual([1, 0, 0.1111]);
  });

  it('makes an early dropper and a 1-2 opponent weigh the same', () => {
    // 0 beat 2, who then dropped at 0-1 (0 → 1/3); 1 beat 3, who finished 1-2 (3/9 = 1/3).
    const t = computeTiebreakers([p(3, 1, [2]), p(3, 1, [3]), p(0, 1, [0]), p(3, 3, [1])]);
    expect(t.compare(0, 1)).toBe(0);
    expect([t.opponentsWinPct(0), t.opponentsWinPct(1)]).toEqual([0.3333, 0.3333]);
  });
});

describe('exact ties', () => {
  it('ties averages that are equal as fractions even when their float sums differ', () => {
    // Player 2 is 0-1 (floored 1/3), players 3 and 4 are 1-0 (1). 0 met them as 2,3,4 and 1 as 3,4,2:
    // both OMWs are 7/9, but summed as floats in those orders they differ in the last bit.
    expect((1 / 3 + 1 + 1) / 3).not.toBe((1 + 1 + 1 / 3) / 3);
    const t = computeTiebreakers([p(3, 3, [2, 3, 4]), p(3, 3, [3, 4, 2]), p(0, 1, [0]), p(3, 1, [1]), p(3, 1, [0])]);
    expect(t.compare(0, 1)).toBe(0);
    expect(t.compare(1, 0)).toBe(0);
    expect([t.opponentsWinPct(0), t.opponentsWinPct(1)]).toEqual([0.7778, 0.7778]);
  });

  it('orders by OMW first, even against a better OOMW', () => {
    // 0 met 2 (0-2, floored 1/3), 1 met 3 (1-1, 1/2): OMW 1/3 against 1/2.
    // OOMW: 0 → OMW(2) = (1 + 1)/2 = 1 (2 also lost to 4, 1-0); 1 → OMW(3) = (1 + 1/3)/2 = 2/3.
    const t = computeTiebreakers([
      p(3, 1, [2]),
      p(3, 1, [3]),
      p(0, 2, [0, 4]),
      p(3, 2, [1, 5]),
      p(3, 1, [2]),
      p(0, 1, [3]),
    ]);
    expect([t.opponentsOpponentsWinPct(0), t.opponentsOpponentsWinPct(1)]).toEqual([1, 0.6667]);
    expect(t.compare(1, 0)).toBeLessThan(0);
    expect(t.compare(0, 1)).toBeGreaterThan(0);
  });

  it('lets OOMW decide when OMW ties', () => {
    // 0 met 2 and 1 met 3, both 0-2 (floored 1/3): OMW 1/3 each.
    // 2 also lost to 4 (1-0, 1): OMW(2) = (1 + 1)/2 = 1; 3 also lost to 5 (1-1, 1/2): OMW(3) = (1 + 1/2)/2 = 3/4.
    const t = computeTiebreakers([
      p(3, 1, [2]),
      p(3, 1, [3]),
      p(0, 2, [0, 4]),
      p(0, 2, [1, 5]),
      p(3, 1, [2]),
      p(3, 2, [3]),
    ]);
    expect([t.opponentsWinPct(0), t.opponentsWinPct(1)]).toEqual([0.3333, 0.3333]);
    expect([t.opponentsOpponentsWinPct(0), t.opponentsOpponentsWinPct(1)]).toEqual([1, 0.75]);
    expect(t.compare(0, 1)).toBeLessThan(0);
  });

  it('gives a player without opponents 0 for both averages', () => {
    const t = computeTiebreakers([p(3, 1), p(0, 0)]);
    expect([t.opponentsWinPct(0), t.opponentsOpponentsWinPct(0), t.matchWinPct(1)]).toEqual([0, 0, 0]);
    expect(t.compare(0, 1)).toBe(0);
  });
});

describe('rounding to 4 decimals', () => {
  it('rounds an exact half up', () => {
    // 0 met 1 (3/6 = 1/2) and 2 (27/48 = 9/16): (1/2 + 9/16)/2 = 17/32 = 0.53125 → 0.5313.
    const t = computeTiebreakers([p(6, 2, [1, 2]), p(3, 2, [0]), p(27, 16, [0])]);
    expect(t.opponentsWinPct(0)).toBe(0.5313);
  });

  it("rounds 7/12 to the contract's 0.5833", () => {
    // 0 met 1 (1/2) and 2 (2/3): (1/2 + 2/3)/2 = 7/12 = 0.58333…
    const t = computeTiebreakers([p(6, 2, [1, 2]), p(3, 2, [0]), p(6, 3, [0])]);
    expect(t.opponentsWinPct(0)).toBe(0.5833);
  });
});

it('rejects an opponent index that names no player', () => {
  expect(() => computeTiebreakers([p(3, 1, [1])])).toThrow(
    'tiebreakers: player 0 names opponent 1, not a player index',
  );
});
