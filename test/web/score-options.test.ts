import { describe, expect, it } from 'vitest';
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
    expect(options.find((o) => o.wins === 2 && o.losses === 1)?.duels).toEqual(['b', 'a', 'a']);
    expect(options.find((o) => o.wins === 1 && o.losses === 2)?.duels).toEqual(['a', 'b', 'b']);
  });

  it('gives a single duel win, loss or intentional draw, and reads duel lists from one side', () => {
    expect(scoreOptions(1, 'a', 'b').map((o) => o.duels)).toEqual([['a'], [], ['b']]);
    expect(scoreOf(['b', 'a', 'draw', 'a'], 'a')).toEqual({ wins: 2, losses: 1, draws: 1 });
  });
});
