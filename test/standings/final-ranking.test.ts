import { describe, expect, it } from 'vitest';
import { finalRanking, type FinalPlace } from '../../src/core/tournament/standings/final-ranking.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { MatchRecord } from '../../src/core/tournament/match-record.js';
import { doubleLoss, pending, players, win } from './match-builders.js';

// The Swiss rounds of standings.test.ts, except that D beats H in round 3 (no draw).
// Swiss ranks: A 1, E 2, C 3, F 4, B 5, G 6, D 7, H 8 (the test below checks it).
const swiss: MatchRecord[] = [
  win(1, 'A', 'B'),
  win(1, 'C', 'D'),
  win(1, 'E', 'F'),
  win(1, 'G', 'H'),
  win(2, 'A', 'C'),
  win(2, 'E', 'G'),
  win(2, 'B', 'D'),
  win(2, 'F', 'H'),
  win(3, 'A', 'E'),
  win(3, 'C', 'G'),
  win(3, 'F', 'B'),
  win(3, 'D', 'H'),
];
const standings = computeStandings(players('ABCDEFGH'), swiss);
const cut = (round: number, winner: string, loser: string): MatchRecord => win(round, winner, loser, 'top-cut');
/** "place player swissRank eliminatedInRound" per line. */
const lines = (places: readonly FinalPlace[]): string[] =>
  places.map((p) => `${p.place} ${p.player} ${p.swissRank} ${p.eliminatedInRound ?? '-'}${p.topCut ? ' cut' : ''}`);

describe('finalRanking', () => {
  it('places a top 4: winner, finalist, semi-final losers by Swiss rank, then the Swiss order', () => {
    expect(standings.map((r) => r.player).join('')).toBe('AECFBGDH');
    // Semi-finals (round 4): F beats A, C beats E. Final (round 5): C beats F.
    const places = finalRanking(standings, [cut(4, 'F', 'A'), cut(4, 'C', 'E'), cut(5, 'C', 'F')]);
    expect(lines(places)).toEqual([
      '1 C 3 - cut',
      '2 F 4 5 cut',
      '3 A 1 4 cut', // semi-final losers: A (Swiss 1) before E (Swiss 2)
      '4 E 2 4 cut',
      '5 B 5 -',
      '6 G 6 -',
      '7 D 7 -',
      '8 H 8 -',
    ]);
  });

  it('places a top 8 with 5–8 for the quarter-final losers by Swiss rank', () => {
    // Quarter-finals (round 4): H beats A, E beats D, G beats C, B beats F.
    // Semi-finals (round 5): B beats H, E beats G. Final (round 6): B beats E.
    const places = finalRanking(standings, [
      cut(4, 'H', 'A'),
      cut(4, 'E', 'D'),
      cut(4, 'G', 'C'),
      cut(4, 'B', 'F'),
      cut(5, 'B', 'H'),
      cut(5, 'E', 'G'),
      cut(6, 'B', 'E'),
    ]);
    expect(lines(places)).toEqual([
      '1 B 5 - cut',
      '2 E 2 6 cut',
      '3 G 6 5 cut',
      '4 H 8 5 cut',
      '5 A 1 4 cut',
      '6 C 3 4 cut',
      '7 F 4 4 cut',
      '8 D 7 4 cut',
    ]);
  });

  it('reads only top-cut matches, so the whole match list may be passed', () => {
    const topCut = [cut(4, 'F', 'A'), cut(4, 'C', 'E'), cut(5, 'C', 'F')];
    expect(finalRanking(standings, [...swiss, ...topCut])).toEqual(finalRanking(standings, topCut));
  });

  it('leaves out a player whose rank is withdrawn and moves the places below up', () => {
    // E is disqualified in its semi-final (C wins by penalty) and loses its rank.
    const withdrawn = computeStandings(players('ABCDEFGH', { withdrawn: 'E' }), swiss);
    const places = finalRanking(withdrawn, [cut(4, 'F', 'A'), win(4, 'C', 'E', 'top-cut', true), cut(5, 'C', 'F')]);
    expect(lines(places)).toEqual([
      '1 C 2 - cut',
      '2 F 3 5 cut',
      '3 A 1 4 cut',
      '4 B 4 -',
      '5 G 5 -',
      '6 D 6 -',
      '7 H 7 -',
    ]);
  });

  it('puts the players still in a running top cut first, by Swiss rank', () => {
    // Semi-finals done, final pending: C and F are both still in.
    const places = finalRanking(standings, [cut(4, 'F', 'A'), cut(4, 'C', 'E'), pending(5, 'C', 'F', 'top-cut')]);
    expect(lines(places).slice(0, 4)).toEqual(['1 C 3 - cut', '2 F 4 - cut', '3 A 1 4 cut', '4 E 2 4 cut']);
  });

  it('eliminates both players of a double loss', () => {
    // Semi-finals: A and F both lose by penalty; C beats E. C is the only one left.
    const doubled: MatchRecord = { ...doubleLoss(4, 'A', 'F'), stage: 'top-cut' };
    const places = finalRanking(standings, [doubled, cut(4, 'C', 'E')]);
    expect(lines(places).slice(0, 4)).toEqual(['1 C 3 - cut', '2 A 1 4 cut', '3 E 2 4 cut', '4 F 4 4 cut']);
  });

  it('gives the Swiss order when there is no top cut', () => {
    expect(
      finalRanking(standings, [])
        .map((p) => `${p.place}${p.player}`)
        .join(' '),
    ).toBe('1A 2E 3C 4F 5B 6G 7D 8H');
  });

  it('rejects a top-cut player absent from the standings', () => {
    expect(() => finalRanking(standings, [cut(4, 'A', 'Z')])).toThrow(
      'final ranking: top-cut round 4 names "Z", who is not in the standings',
    );
  });
});
