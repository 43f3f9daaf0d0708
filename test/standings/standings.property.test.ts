import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { MatchRecord, StandingsPlayer } from '../../src/core/tournament/match-record.js';
import { bye, doubleLoss, draw, pending, win } from './match-builders.js';
import { expectAgreesWithOracle } from './exact-oracle.js';

type Result = 'first' | 'second' | 'first-by-penalty' | 'draw' | 'double-loss' | 'pending';
const results: Result[] = ['first', 'second', 'first-by-penalty', 'draw', 'double-loss', 'pending'];

function play(round: number, a: string, b: string, result: Result): MatchRecord {
  switch (result) {
    case 'first':
      return win(round, a, b);
    case 'second':
      return win(round, b, a);
    case 'first-by-penalty':
      return win(round, a, b, 'swiss', true);
    case 'draw':
      return draw(round, a, b);
    case 'double-loss':
      return doubleLoss(round, a, b);
    case 'pending':
      return pending(round, a, b);
  }
}

/**
 * Random Swiss-like histories, large enough (up to 16 players, 9 rounds) that naive float
 * comparisons would make ranks depend on input order: each round pairs a random order of
 * everyone; an odd one out gets a bye.
 */
const history = fc.integer({ min: 2, max: 16 }).chain((count) => {
  const ids = Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i));
  const round = fc.record({
    order: fc.shuffledSubarray(ids, { minLength: count, maxLength: count }),
    results: fc.array(fc.constantFrom(...results), { minLength: count, maxLength: count }),
  });
  return fc
    .record({
      players: fc.tuple(
        ...ids.map((id) =>
          fc
            .record({
              dropped: fc.boolean(),
              rankWithdrawn: fc.constantFrom(false, false, false, true),
              missedRounds: fc.constantFrom(0, 0, 0, 1, 2),
            })
            .map((flags): StandingsPlayer => ({ id, name: `Player ${id}`, ...flags })),
        ),
      ),
      rounds: fc.array(round, { maxLength: 9 }),
    })
    .map(({ players, rounds }) => {
      const matches = rounds.flatMap(({ order, results: outcomes }, r) => {
        const pairs: MatchRecord[] = [];
        for (let i = 0; i + 1 < order.length; i += 2) pairs.push(play(r + 1, order[i]!, order[i + 1]!, outcomes[i]!));
        if (order.length % 2 === 1) pairs.push(bye(r + 1, order.at(-1)!));
        return pairs;
      });
      return { players: players as StandingsPlayer[], matches };
    });
});

describe('computeStandings on random histories', () => {
  it('keeps points = 3·wins + draws and matches played = wins + losses + draws', () => {
    fc.assert(
      fc.property(history, ({ players, matches }) => {
        for (const row of computeStandings(players, matches)) {
          expect(row.points).toBe(3 * row.wins + row.draws);
          expect(row.matchesPlayed).toBe(row.wins + row.losses + row.draws);
          expect(row.byes).toBeLessThanOrEqual(row.wins);
        }
      }),
    );
  });

  it('ranks 1..n without gaps, withdrawn ranks null and last', () => {
    fc.assert(
      fc.property(history, ({ players, matches }) => {
        const rows = computeStandings(players, matches);
        const ranked = players.filter((p) => !p.rankWithdrawn).length;
        expect(rows.map((r) => r.rank)).toEqual([
          ...Array.from({ length: ranked }, (_, i) => i + 1),
          ...Array<null>(players.length - ranked).fill(null),
        ]);
        expect(new Set(rows.map((r) => r.player)).size).toBe(players.length);
      }),
    );
  });

  it('sorts by points, exact OMW, exact OOMW, then id, and prints the exact values rounded', () => {
    fc.assert(fc.property(history, ({ players, matches }) => expectAgreesWithOracle(players, matches)));
  });

  it('does not depend on the order of players or matches', () => {
    const shuffled = history.chain(({ players, matches }) =>
      fc.record({
        players: fc.constant(players),
        matches: fc.constant(matches),
        playersShuffled: fc.shuffledSubarray(players, { minLength: players.length, maxLength: players.length }),
        matchesShuffled: fc.shuffledSubarray(matches, { minLength: matches.length, maxLength: matches.length }),
      }),
    );
    fc.assert(
      fc.property(shuffled, ({ players, matches, playersShuffled, matchesShuffled }) => {
        expect(computeStandings(playersShuffled, matchesShuffled)).toEqual(computeStandings(players, matches));
      }),
    );
  });
});

describe('computeStandings past the 2^53 bound', () => {
  it('stays exact on bigints for a 20-round event with a drop after every round', () => {
    // Played counts run 1..20 (L = lcm(1..20) = 232,792,560) and opponent counts cover 1..7, 9..12,
    // 14, 16, 19, 20 (K = 1,053,360): the bound 3·L·K·20² ≈ 2.9·10^17 exceeds 2^53, so the bigint
    // arithmetic runs, and must agree with the oracle.
    const ids = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
    const everyone: StandingsPlayer[] = ids.map((id) => ({ id, name: id, dropped: false, rankWithdrawn: false }));
    const dropsAfter = (i: number): number => (i < 20 ? i + 1 : 20);
    const matches = Array.from({ length: 20 }, (_, r) => {
      const round = r + 1;
      const active = ids
        .filter((_, i) => dropsAfter(i) >= round)
        .sort(
          (a, b) =>
            ((a.charCodeAt(0) * 7 + round * 13) % 29) - ((b.charCodeAt(0) * 7 + round * 13) % 29) || (a < b ? -1 : 1),
        );
      const pairings: MatchRecord[] = [];
      for (let i = 0; i + 1 < active.length; i += 2) {
        pairings.push(
          play(round, active[i]!, active[i + 1]!, (['first', 'second', 'draw'] as const)[(i + round) % 3]!),
        );
      }
      if (active.length % 2 === 1) pairings.push(bye(round, active.at(-1)!));
      return pairings;
    }).flat();
    expectAgreesWithOracle(everyone, matches);
  });
});
