import { describe, expect, it } from 'vitest';
import { encodeMatches } from '../../src/core/tournament/standings/encoded-matches.js';
import {
  computeStandings,
  indexPlayers,
  rankEncoded,
  toStandingsJson,
  type StandingsRow,
} from '../../src/core/tournament/standings/standings.js';
import type { MatchRecord } from '../../src/core/tournament/match-record.js';
import { bye, doubleLoss, draw, pending, players, win } from './match-builders.js';

/** rank, player, points, W-L-D, own MW%, OMW%, OOMW% — compact enough to check a whole table. */
function table(rows: readonly StandingsRow[]): string[] {
  return rows.map(
    (r) =>
      `${r.rank ?? '-'} ${r.player} ${r.points} ${r.wins}-${r.losses}-${r.draws} ` +
      `${r.matchWinPct} ${r.opponentsWinPct} ${r.opponentsOpponentsWinPct}`,
  );
}

// Eight players, three rounds, no byes.
//   R1: A>B  C>D  E>F  G>H
//   R2: A>C  E>G  B>D  F>H
//   R3: A>E  C>G  F>B  D=H (draw)
// Own MW% = points / (3 × 3); floored at 1/3 where it enters an opponent's average:
//   A 9 → 1     B 3 → 1/3   C 6 → 2/3   D 1 → 1/9 (floor 1/3)
//   E 6 → 2/3   F 6 → 2/3   G 3 → 1/3   H 1 → 1/9 (floor 1/3)
// OMW (average over the three opponents):
//   A: B,C,E (1/3 + 2/3 + 2/3)/3 = 5/9    B: A,D,F (1 + 1/3 + 2/3)/3 = 2/3
//   C: D,A,G (1/3 + 1 + 1/3)/3 = 5/9      D: C,B,H (2/3 + 1/3 + 1/3)/3 = 4/9
//   E: F,G,A (2/3 + 1/3 + 1)/3 = 2/3      F: E,H,B (2/3 + 1/3 + 1/3)/3 = 4/9
//   G: H,E,C (1/3 + 2/3 + 2/3)/3 = 5/9    H: G,F,D (1/3 + 2/3 + 1/3)/3 = 4/9
// OOMW (average of the opponents' OMW, in ninths):
//   A: (6 + 5 + 6)/27 = 17/27 ≈ .6296     B: (5 + 4 + 4)/27 = 13/27 ≈ .4815
//   C: (4 + 5 + 5)/27 = 14/27 ≈ .5185     D: (5 + 6 + 4)/27 = 15/27 ≈ .5556
//   E: (4 + 5 + 5)/27 = 14/27             F: (6 + 4 + 6)/27 = 16/27 ≈ .5926
//   G: (4 + 6 + 5)/27 = 15/27             H: (5 + 4 + 4)/27 = 13/27
// Order: A 9; then 6 points E (OMW 2/3) > C (5/9) > F (4/9); 3 points B (2/3) > G (5/9);
// 1 point D and H tie on OMW 4/9, OOMW decides: D 15/27 > H 13/27.
const eight = players('ABCDEFGH');
const threeRounds: MatchRecord[] = [
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
  draw(3, 'D', 'H'),
];
const threeRoundsTable = [
  '1 A 9 3-0-0 1 0.5556 0.6296',
  '2 E 6 2-1-0 0.6667 0.6667 0.5185',
  '3 C 6 2-1-0 0.6667 0.5556 0.5185',
  '4 F 6 2-1-0 0.6667 0.4444 0.5926',
  '5 B 3 1-2-0 0.3333 0.6667 0.4815',
  '6 G 3 1-2-0 0.3333 0.5556 0.5556',
  '7 D 1 0-2-1 0.1111 0.4444 0.5556',
  '8 H 1 0-2-1 0.1111 0.4444 0.4815',
];

describe('computeStandings', () => {
  it('ranks by points, then OMW, then OOMW, flooring opponents at 1/3', () => {
    expect(table(computeStandings(eight, threeRounds))).toEqual(threeRoundsTable);
  });

  it('carries name, match count, byes and the dropped flag on each row', () => {
    const [first] = computeStandings(players('ABCDEFGH', { dropped: 'A' }), threeRounds);
    expect(first).toEqual({
      rank: 1,
      player: 'A',
      name: 'Player A',
      points: 9,
      matchesPlayed: 3,
      wins: 3,
      losses: 0,
      draws: 0,
      byes: 0,
      matchWinPct: 1,
      opponentsWinPct: 0.5556,
      opponentsOpponentsWinPct: 0.6296,
      dropped: true,
      status: 'dropped',
    });
  });

  it('counts a match decided by penalty as played, exactly like a played win', () => {
    const byPenalty = threeRounds.map((m) =>
      m.round === 3 && m.players[0] === 'F' ? win(3, 'F', 'B', 'swiss', true) : m,
    );
    expect(table(computeStandings(eight, byPenalty))).toEqual(threeRoundsTable);
  });

  it('ignores pending and top-cut matches', () => {
    const more = [
      ...threeRounds,
      pending(4, 'A', 'F'),
      pending(4, 'E', 'C'),
      win(4, 'A', 'F', 'top-cut'),
      win(5, 'E', 'A', 'top-cut'),
    ];
    expect(table(computeStandings(eight, more))).toEqual(threeRoundsTable);
  });

  it('gives a withdrawn rank null and the last line, while opponents still count its results', () => {
    // E keeps its 2/3 inside A's, F's and G's OMW: their values do not move, only ranks below E close up.
    expect(table(computeStandings(players('ABCDEFGH', { withdrawn: 'E' }), threeRounds))).toEqual([
      '1 A 9 3-0-0 1 0.5556 0.6296',
      '2 C 6 2-1-0 0.6667 0.5556 0.5185',
      '3 F 6 2-1-0 0.6667 0.4444 0.5926',
      '4 B 3 1-2-0 0.3333 0.6667 0.4815',
      '5 G 3 1-2-0 0.3333 0.5556 0.5556',
      '6 D 1 0-2-1 0.1111 0.4444 0.5556',
      '7 H 1 0-2-1 0.1111 0.4444 0.4815',
      '- E 6 2-1-0 0.6667 0.6667 0.5185',
    ]);
  });

  it('counts a bye as a played 2-0 win for the player but never as an opponent', () => {
    //   R1: A>B  C>D  E bye        R2: E>A  C>B  D bye
    // Own MW% over 2 rounds: A 3/6 = 1/2, B 0 (floor 1/3), C 6/6 = 1, D 3/6 = 1/2 (its bye), E 1.
    // OMW: A: B,E (1/3 + 1)/2 = 2/3   B: A,C (1/2 + 1)/2 = 3/4   C: D,B (1/2 + 1/3)/2 = 5/12
    //      D: C = 1                   E: A = 1/2 (the bye does not enter the average)
    // OOMW: A: (3/4 + 1/2)/2 = 5/8    B: (2/3 + 5/12)/2 = 13/24   C: (1 + 3/4)/2 = 7/8
    //       D: 5/12                   E: 2/3
    // 6 points: E (OMW 1/2) > C (5/12); 3 points: D (1) > A (2/3); then B.
    const rows = computeStandings(players('ABCDE'), [
      win(1, 'A', 'B'),
      win(1, 'C', 'D'),
      bye(1, 'E'),
      win(2, 'E', 'A'),
      win(2, 'C', 'B'),
      bye(2, 'D'),
    ]);
    expect(table(rows)).toEqual([
      '1 E 6 2-0-0 1 0.5 0.6667',
      '2 C 6 2-0-0 1 0.4167 0.875',
      '3 D 3 1-1-0 0.5 1 0.4167',
      '4 A 3 1-1-0 0.5 0.6667 0.625',
      '5 B 0 0-2-0 0 0.75 0.5417',
    ]);
    expect(rows.map((r) => [r.player, r.byes, r.matchesPlayed])).toEqual([
      ['E', 1, 2],
      ['C', 0, 2],
      ['D', 1, 2],
      ['A', 0, 2],
      ['B', 0, 2],
    ]);
  });

  it("counts a double loss as a played loss for both, and each as the other's opponent", () => {
    //   R1: A and B both lose by penalty; C>D by penalty.
    // Own MW%: A 0, B 0, C 1, D 0; floored: A 1/3, B 1/3, C 1, D 1/3.
    // OMW: A: B 1/3   B: A 1/3   C: D 1/3   D: C 1
    // OOMW: A: 1/3   B: 1/3   C: OMW(D) = 1   D: OMW(C) = 1/3
    // 0 points: D (OMW 1) first; A and B tie on everything: the id decides, A before B.
    expect(
      table(computeStandings(players('ABCD'), [doubleLoss(1, 'A', 'B'), win(1, 'C', 'D', 'swiss', true)])),
    ).toEqual([
      '1 C 3 1-0-0 1 0.3333 1',
      '2 D 0 0-1-0 0 1 0.3333',
      '3 A 0 0-1-0 0 0.3333 0.3333',
      '4 B 0 0-1-0 0 0.3333 0.3333',
    ]);
  });

  it("keeps a dropped player's past matches in its opponents' tiebreakers", () => {
    //   R1: A>B  C>D   — B drops —   R2: A>C  D bye
    // Own MW%: A 6/6 = 1, B 0/3 = 0 (floor 1/3), C 3/6 = 1/2, D 3/6 = 1/2.
    // OMW: A: B,C (1/3 + 1/2)/2 = 5/12 (not 1/2: B still counts)   B: A = 1
    //      C: D,A (1/2 + 1)/2 = 3/4   D: C = 1/2
    // OOMW: A: (1 + 3/4)/2 = 7/8   B: 5/12   C: (1/2 + 5/12)/2 = 11/24   D: 3/4
    const rows = computeStandings(players('ABCD', { dropped: 'B' }), [
      win(1, 'A', 'B'),
      win(1, 'C', 'D'),
      win(2, 'A', 'C'),
      bye(2, 'D'),
    ]);
    expect(table(rows)).toEqual([
      '1 A 6 2-0-0 1 0.4167 0.875',
      '2 C 3 1-1-0 0.5 0.75 0.4583',
      '3 D 3 1-1-0 0.5 0.5 0.75',
      '4 B 0 0-1-0 0 1 0.4167',
    ]);
    expect(rows.map((r) => r.dropped)).toEqual([false, false, false, true]);
  });

  it('counts each round missed before a late entry as a loss without opponent', () => {
    //   R1: A>B  C>D  (E enters late)        R2: E>A  C>B  D bye
    // Own MW% over 2 rounds: A 3/6 = 1/2, B 0 (floor 1/3), C 1, D 3/6 = 1/2,
    //   E 3/6 = 1/2 (its missed round is a loss; as 1-0 it would be 1).
    // OMW: A: B,E (1/3 + 1/2)/2 = 5/12   B: A,C (1/2 + 1)/2 = 3/4   C: D,B (1/2 + 1/3)/2 = 5/12
    //      D: C = 1                      E: A = 1/2 (the missed round adds no opponent)
    // OOMW: A: (3/4 + 1/2)/2 = 5/8   B: (5/12 + 5/12)/2 = 5/12   C: (1 + 3/4)/2 = 7/8
    //       D: 5/12                  E: 5/12
    const rows = computeStandings(players('ABCDE', { lateByOne: 'E' }), [
      win(1, 'A', 'B'),
      win(1, 'C', 'D'),
      win(2, 'E', 'A'),
      win(2, 'C', 'B'),
      bye(2, 'D'),
    ]);
    expect(table(rows)).toEqual([
      '1 C 6 2-0-0 1 0.4167 0.875',
      '2 D 3 1-1-0 0.5 1 0.4167',
      '3 E 3 1-1-0 0.5 0.5 0.4167',
      '4 A 3 1-1-0 0.5 0.4167 0.625',
      '5 B 0 0-2-0 0 0.75 0.4167',
    ]);
    expect(rows.find((r) => r.player === 'E')?.matchesPlayed).toBe(2);
  });

  it('gives full ties distinct ranks by player id, whatever the input order', () => {
    //   R1: A>B  C>D. A and C: 3 points, OMW 1/3 (floor), OOMW 1. B and D: OMW 1, OOMW 1/3.
    const matches = [win(1, 'A', 'B'), win(1, 'C', 'D')];
    const expected = [
      '1 A 3 1-0-0 1 0.3333 1',
      '2 C 3 1-0-0 1 0.3333 1',
      '3 B 0 0-1-0 0 1 0.3333',
      '4 D 0 0-1-0 0 1 0.3333',
    ];
    expect(table(computeStandings(players('ABCD'), matches))).toEqual(expected);
    expect(table(computeStandings(players('DCBA'), [...matches].reverse()))).toEqual(expected);
  });

  it('orders full ties by code unit, not by locale or number', () => {
    const ids = ['p9', 'p10', 'Z', 'a'].map((id) => ({ id, name: id, dropped: false, rankWithdrawn: false }));
    expect(computeStandings(ids, []).map((r) => r.player)).toEqual(['Z', 'a', 'p10', 'p9']);
  });

  it('ranks players without matches at zero', () => {
    expect(table(computeStandings(players('BA'), []))).toEqual(['1 A 0 0-0-0 0 0 0', '2 B 0 0-0-0 0 0 0']);
  });

  it('rejects records the tournament state could not have made', () => {
    expect(() => computeStandings(players('AB'), [win(1, 'A', 'Z')])).toThrow(
      'standings: round 1 table 1: unknown player "Z"',
    );
    const wrongWinner: MatchRecord = { ...win(2, 'A', 'B'), outcome: { kind: 'win', winner: 'C', byPenalty: false } };
    expect(() => computeStandings(players('ABC'), [wrongWinner])).toThrow(
      'standings: round 2 table 1: winner "C" did not play this match',
    );
    expect(() => computeStandings(players('AB'), [{ ...bye(1, 'A'), players: ['A', 'B'] }])).toThrow(
      'standings: round 1: a bye has exactly one player',
    );
    expect(() => computeStandings(players('AB'), [{ ...draw(1, 'A', 'B'), players: ['A'] }])).toThrow(
      'standings: round 1 table 1: a draw needs two players',
    );
    expect(() => computeStandings(players('AB'), [draw(1, 'A', 'A')])).toThrow(
      'standings: round 1 table 1: "A" cannot meet themself',
    );
    expect(() => computeStandings([...players('AB'), ...players('A')], [])).toThrow(
      'standings: player "A" is listed twice',
    );
    expect(() => computeStandings([{ ...players('A')[0]!, missedRounds: -1 }], [])).toThrow(
      'standings: player "A" has missedRounds -1, not a whole number ≥ 0',
    );
  });
});

describe('rankEncoded (the standings sorted from an earlier order)', () => {
  const encoded = [encodeMatches(threeRounds, indexPlayers(eight))];

  it('gives the same rows from any starting order, and answers the order of its rows', () => {
    const fresh = rankEncoded(eight, encoded);
    expect(table(fresh.rows)).toEqual(threeRoundsTable);
    expect(fresh.order.map((i) => eight[i]?.id)).toEqual(fresh.rows.map((r) => r.player));
    for (const startFrom of [fresh.order, [...fresh.order].reverse(), [7, 0, 6, 1, 5, 2, 4, 3]]) {
      expect(rankEncoded(eight, encoded, startFrom).rows).toEqual(fresh.rows);
    }
  });

  it('starts afresh from anything that is not an order of these players', () => {
    for (const startFrom of [
      [0, 1, 2],
      [0, 0, 1, 2, 3, 4, 5, 6],
      [0, 1, 2, 3, 4, 5, 6, 8],
      [0.5, 1, 2, 3, 4, 5, 6, 7],
    ]) {
      expect(table(rankEncoded(eight, encoded, startFrom).rows)).toEqual(threeRoundsTable);
    }
  });

  it('follows a result that changes the order, starting from the order before it', () => {
    const before = rankEncoded(eight, encoded);
    //   R3 corrected: E>A instead of A>E, so E leads on 9 points.
    const corrected = threeRounds.map((m) => (m.round === 3 && m.players.includes('A') ? win(3, 'E', 'A') : m));
    const after = rankEncoded(eight, [encodeMatches(corrected, indexPlayers(eight))], before.order);
    expect(after.rows).toEqual(computeStandings(eight, corrected));
    expect(after.rows[0]?.player).toBe('E');
  });
});

describe('toStandingsJson', () => {
  it('keeps the scripting contract keys in order', () => {
    const json = toStandingsJson(computeStandings(players('ABCDEFGH', { withdrawn: 'H' }), threeRounds));
    expect(JSON.stringify(json.slice(0, 2))).toBe(
      '[{"rank":1,"player":"A","points":9,"opponentsWinPct":0.5556,"opponentsOpponentsWinPct":0.6296,"dropped":false,"status":"active"},' +
        '{"rank":2,"player":"E","points":6,"opponentsWinPct":0.6667,"opponentsOpponentsWinPct":0.5185,"dropped":false,"status":"active"}]',
    );
    expect(json.at(-1)).toEqual({
      rank: null,
      player: 'H',
      points: 1,
      opponentsWinPct: 0.4444,
      opponentsOpponentsWinPct: 0.4815,
      dropped: false,
      status: 'active',
    });
  });
});

describe('the reading (フリガナ) on a row', () => {
  it('carries a player’s reading after the status, before a cut’s round; none where none was given; not in --json', () => {
    const [a, b, c, ...rest] = players('ABCDEFGH');
    const withReadings = [{ ...a!, reading: 'あ' }, { ...b!, reading: 'び', cutAfterRound: 3 }, c!, ...rest];
    const rows = computeStandings(withReadings, threeRounds);
    const row = (id: string) => rows.find((r) => r.player === id)!;
    expect(row('A').reading).toBe('あ');
    expect(Object.keys(row('B')).slice(-3)).toEqual(['status', 'reading', 'cutAfterRound']);
    expect(row('C')).not.toHaveProperty('reading');
    expect(toStandingsJson(rows).every((r) => !('reading' in r))).toBe(true);
  });
});
