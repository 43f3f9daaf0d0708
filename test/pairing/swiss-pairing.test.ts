import { describe, expect, it } from 'vitest';
import {
  pairSwissRound,
  pairSwissRoundExact,
  type SwissPlayer,
} from '../../src/core/tournament/pairing/swiss-pairing.js';
import { reportPairing } from '../../src/core/tournament/pairing/swiss-pairing-report.js';

/** "A:6:B,C" → A on 6 points who met B and C; a trailing "*" marks a player who had a bye. */
function field(...lines: string[]): SwissPlayer[] {
  return lines.map((line) => {
    const [id, points, met] = line.replace('*', '').split(':');
    return { id: id!, points: Number(points), opponents: met ? met.split(',') : [], hadBye: line.endsWith('*') };
  });
}

const SEEDS = [1, 2, 3, 42, 2024];

/** The same answer for every seed: the rules, not the draw, decide these cases. */
function expectForEverySeed(players: SwissPlayer[], expected: { pairs: string[][]; bye: string | null }) {
  for (const seed of SEEDS) {
    expect(pairSwissRound({ players, seed })).toEqual(expected);
    expect(pairSwissRoundExact({ players, seed })).toEqual(expected);
  }
}

describe('pairSwissRound golden cases', () => {
  it('8 players after round 2: the lone 4-pointer floats to the top 3-pointer, the bottom 3-pointer to the 1-pointer', () => {
    // Round 1: A beat B, C beat D, E drew F, G beat H. Round 2: A beat C, G beat E, F beat B, D beat H.
    const players = field('A:6:B,C', 'G:6:H,E', 'F:4:E,B', 'C:3:D,A', 'D:3:C,H', 'E:1:F,G', 'B:0:A,F', 'H:0:G,D');
    expectForEverySeed(players, {
      pairs: [
        ['A', 'G'],
        ['F', 'C'],
        ['D', 'E'],
        ['B', 'H'],
      ],
      bye: null,
    });
    const report = reportPairing({ players, seed: 1 }, pairSwissRound({ players, seed: 1 }));
    expect(report).toEqual({ rematches: 0, pairDowns: 2, groupCrossings: 2, squaredGaps: 5 });
  });

  it('odd count: the bye goes to the lowest-ranked player, and a rematch in a group is avoided by two floats, best with best', () => {
    // Round 1: A beat B, C drew D, E had the bye.
    const players = field('A:3:B', 'E:3*', 'C:1:D', 'D:1:C', 'B:0:A');
    expectForEverySeed(players, {
      pairs: [
        ['A', 'C'],
        ['E', 'D'],
      ],
      bye: 'B',
    });
  });

  it('passes over a player who already had a bye, unless everyone has had one', () => {
    expectForEverySeed(field('A:6', 'B:3', 'C:3*'), { pairs: [['A', 'C']], bye: 'B' });
    expectForEverySeed(field('A:6*', 'B:3*', 'C:3*'), { pairs: [['A', 'B']], bye: 'C' });
  });

  it('floats both players of a group whose only pairing would be a rematch', () => {
    const players = field('A:6:B,P,Q', 'B:6:A,R,S', 'C:3:D,T,U', 'D:3:C,V,W');
    expectForEverySeed(players, {
      pairs: [
        ['A', 'C'],
        ['B', 'D'],
      ],
      bye: null,
    });
  });

  it('moves the bye up when the lowest-ranked player’s bye would force a rematch', () => {
    // A has met B, C and D; E entered late. With E on the bye, A could only replay someone.
    const players = field('A:9:B,C,D', 'B:3:A,X,Y', 'C:3:A,X,Z', 'D:3:A,Y,Z', 'E:0');
    expectForEverySeed(players, {
      pairs: [
        ['A', 'E'],
        ['B', 'C'],
      ],
      bye: 'D',
    });
  });

  it('accepts the fewest rematches when none can be avoided', () => {
    // A round robin of four is complete: every pairing is a rematch; A still floats to the top of the 3-pointers.
    const players = field('A:9:B,C,D', 'B:3:A,C,D', 'C:3:A,B,D', 'D:3:A,B,C');
    expectForEverySeed(players, {
      pairs: [
        ['A', 'B'],
        ['C', 'D'],
      ],
      bye: null,
    });
    expect(reportPairing({ players, seed: 1 }, pairSwissRound({ players, seed: 1 })).rematches).toBe(2);
    expectForEverySeed(field('A:3:B', 'B:0:A'), { pairs: [['A', 'B']], bye: null });
  });

  it('gives the bye by rank when every choice leaves one rematch, everyone having had a bye', () => {
    // Three players, three rounds, one bye each: A beat B, A beat C, B beat C.
    const players = field('A:9:B,C*', 'B:6:A,C*', 'C:3:A,B*');
    expectForEverySeed(players, { pairs: [['A', 'B']], bye: 'C' });
  });

  it('handles the smallest fields', () => {
    expect(pairSwissRound({ players: [], seed: 1 })).toEqual({ pairs: [], bye: null });
    expect(pairSwissRound({ players: field('A:0'), seed: 1 })).toEqual({ pairs: [], bye: 'A' });
  });

  it('ranks by points first, keeping the given order among equal points', () => {
    expectForEverySeed(field('C:0', 'A:3:X', 'B:3:Y'), { pairs: [['A', 'B']], bye: 'C' });
  });

  it('ignores opponents who are no longer in the event', () => {
    expectForEverySeed(field('A:3:GONE', 'B:3:LEFT'), { pairs: [['A', 'B']], bye: null });
  });
});

describe('round 1: no standings yet, the seed decides', () => {
  const ids = Array.from({ length: 11 }, (_, i) => `p${String(i).padStart(2, '0')}`);
  const players = ids.map((id) => ({ id, points: 0, opponents: [], hadBye: false }));

  it('is reproducible and does not depend on the order of the list', () => {
    const first = pairSwissRound({ players, seed: 7 });
    expect(pairSwissRound({ players: [...players].reverse(), seed: 7 })).toEqual(first);
    const seen = [...first.pairs.flat(), first.bye];
    expect([...seen].sort()).toEqual(ids);
  });

  it('draws different pairings and byes for different seeds', () => {
    const results = [1, 2, 3, 4, 5, 6].map((seed) => pairSwissRound({ players, seed }));
    expect(new Set(results.map((r) => JSON.stringify(r.pairs))).size).toBeGreaterThan(1);
    expect(new Set(results.map((r) => r.bye)).size).toBeGreaterThan(1);
  });
});

describe('inside a big score group', () => {
  // 300 players on 3 points, nobody has met: one group, paired directly from a seeded shuffle.
  const players = Array.from({ length: 300 }, (_, i) => ({
    id: `p${i}`,
    points: 3,
    opponents: [`gone${i}`],
    hadBye: false,
  }));
  const rankOf = new Map(players.map((p, i) => [p.id, i]));

  it('draws partners from the whole group rather than from standings neighbours', () => {
    const { pairs } = pairSwissRound({ players, seed: 5 });
    const meanDistance =
      pairs.reduce((sum, [a, b]) => sum + Math.abs(rankOf.get(a)! - rankOf.get(b)!), 0) / pairs.length;
    // A uniform draw gives about 100 on average; pairing neighbours would give 1.
    expect(meanDistance).toBeGreaterThan(60);
    expect(pairSwissRound({ players, seed: 6 }).pairs).not.toEqual(pairs);
  });
});

describe('input errors name the field', () => {
  const ok: SwissPlayer = { id: 'A', points: 0, opponents: [], hadBye: false };
  it.each([
    [{ players: [ok, ok], seed: 1 }, 'players[1].id: "A" appears twice'],
    [{ players: [{ ...ok, points: -3 }], seed: 1 }, 'players[0].points: -3 is not a non-negative integer'],
    [{ players: [{ ...ok, points: 1.5 }], seed: 1 }, 'players[0].points: 1.5 is not a non-negative integer'],
    [
      { players: [{ ...ok, opponents: ['A'] }], seed: 1 },
      'players[0].opponents[0]: a player cannot have met themselves',
    ],
    [{ players: [ok], seed: 0.5 }, 'seed: 0.5 is not a safe integer'],
  ])('%j', (input, message) => {
    expect(() => pairSwissRound(input)).toThrow(message);
  });
});
