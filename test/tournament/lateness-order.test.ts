import { describe, expect, it } from 'vitest';
import { given, run } from './fixtures.js';
import { issue, recordAt, roundOne } from './penalty-fixtures.js';

/*
 * docs/penalty-engine.md, "Two latenesses at one table": the order they are confirmed in
 * matters, and the documents say how. Round 1: a is 6 minutes late (duel loss), b at the same
 * table 12 minutes late (match loss).
 */

const late = (player: string, minutesLate: number) =>
  issue(player, 'tardiness', 'between-matches', { facts: { minutesLate } });
const landings = (state: ReturnType<typeof given>) => {
  if (state.status === 'none') throw new Error('no tournament');
  return state.penalties.map((p) => [p.player, p.penalty, p.landing]);
};

describe('two latenesses at one table', () => {
  it('given a 6 then b 12 minutes late, then a’s duel loss waits on this match, which b loses: a loses nothing more', () => {
    const state = run(run(given(...roundOne), late('a', 6)), late('b', 12));
    expect(landings(state)).toEqual([
      ['a', 'duel-loss', { kind: 'next-match', fromRound: 1 }],
      ['b', 'match-loss', { kind: 'next-match', fromRound: 1 }],
    ]);
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
  });

  it('given b 12 then a 6 minutes late, then this match is already decided, so a’s duel loss goes to a’s next match', () => {
    const state = run(run(given(...roundOne), late('b', 12)), late('a', 6));
    expect(landings(state)).toEqual([
      ['b', 'match-loss', { kind: 'next-match', fromRound: 1 }],
      ['a', 'duel-loss', { kind: 'next-match', fromRound: 2 }],
    ]);
    expect(recordAt(state, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
  });
});
