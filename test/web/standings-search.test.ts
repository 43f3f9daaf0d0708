import { describe, expect, it } from 'vitest';
import type { StandingsRow } from '../../src/core/tournament/standings/standings.js';
import { findStandings, standingsIndex } from '../../web/src/screens/standings-search.js';

const row = (player: string, name: string, reading?: string): StandingsRow => ({
  rank: 1,
  player,
  name,
  ...(reading === undefined ? {} : { reading }),
  points: 0,
  matchesPlayed: 0,
  wins: 0,
  losses: 0,
  draws: 0,
  byes: 0,
  matchWinPct: 0,
  opponentsWinPct: 0,
  opponentsOpponentsWinPct: 0,
  dropped: false,
  status: 'active',
});

const index = standingsIndex([
  row('3000000001', '渡辺 健', 'ワタナベ ケン'),
  row('3000000004', '伊藤 花子', 'ｲﾄｳ ﾊﾅｺ'),
  row('3000000003', 'Smith John'),
]);
const found = (words: string) => findStandings(index, words).map((r) => r.player);

describe('the standings search', () => {
  it('finds a player by name or id as before', () => {
    expect(found('渡辺')).toEqual(['3000000001']);
    expect(found('smith')).toEqual(['3000000003']);
    expect(found('0004')).toEqual(['3000000004']);
  });

  it('finds a reading typed in the other kana or without its space, as the players list does', () => {
    expect(found('わたなべ')).toEqual(['3000000001']);
    expect(found('わたなべけん')).toEqual(['3000000001']);
    expect(found('いとう')).toEqual(['3000000004']);
    expect(found('すみす')).toEqual([]);
  });
});
