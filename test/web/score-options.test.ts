import { describe, expect, it } from 'vitest';
import { matchDecided } from '../../src/core/tournament/match-format.js';
import { scoreOf, scoreOptions } from '../../web/src/self-service/score-options.js';

describe('the scores a player can report', () => {
  it('lists every best-of-3 score, wins first, each with duels the match accepts', () => {
    const options = scoreOptions(3, 'a', 'b');
    expect(options.map((o) => `${o.wins}-${o.losses}${o.atTime ? 't' : ''}`)).toEqual([
      '2-0',
      '2-1',
      '1-0t',
      '1-1t',
      '0-0t',
      '0-1t',
      '1-2',
      '0-2',
    ]);
    // The core's one order of a score's duels: the loser's win follows one of the winner's, the winner takes the last.
    expect(options.find((o) => o.wins === 2 && o.losses === 1)?.duels).toEqual(['a', 'b', 'a']);
    expect(options.find((o) => o.wins === 1 && o.losses === 2)?.duels).toEqual(['b', 'a', 'b']);
    expect(options.find((o) => o.wins === 1 && o.losses === 1)?.duels).toEqual(['a', 'b']);
  });

  it('gives a single duel win, loss or intentional draw, and reads duel lists from one side', () => {
    expect(scoreOptions(1, 'a', 'b').map((o) => o.duels)).toEqual([['a'], [], ['b']]);
    expect(scoreOf(['b', 'a', 'draw', 'a'], 'a')).toEqual({ wins: 2, losses: 1, draws: 1 });
  });
  it('every score offered, played through the core with no penalty, gives that score and is decided exactly when a side reached its wins', () => {
    for (const bestOf of [1, 3, 5] as const)
      for (const o of scoreOptions(bestOf, 'a', 'b')) {
        const wins = [o.duels.filter((d) => d === 'a').length, o.duels.filter((d) => d === 'b').length];
        expect(wins).toEqual([o.wins, o.losses]);
        // Decided by the core's rule on the last duel only: no duel of the list is left unplayed.
        expect(matchDecided(bestOf, wins, o.duels.length)).toBe(!o.atTime || (bestOf === 1 && o.duels.length === 1));
        for (let n = 0; n < o.duels.length; n++) {
          const before = o.duels.slice(0, n);
          const w = [before.filter((d) => d === 'a').length, before.filter((d) => d === 'b').length];
          expect(matchDecided(bestOf, w, n)).toBe(false);
        }
      }
  });
});
