import { describe, expect, it } from 'vitest';
import { latePlayers } from '../../src/app/projections/late-players.js';
import type { TournamentState } from '../../src/core/tournament/state.js';
import { at, created, en, ended, given, meta, registered, reported, run, thenError, thenEvents } from './fixtures.js';
import { issue, roundOne } from './penalty-fixtures.js';

/*
 * Rule 5 counts lateness from the round's seat time: tardiness needs a seat in the round it is
 * about (the latest one). A player without one is refused with the reason (`no-seat`), and the
 * round clock's late list never offers them.
 */

const late = (player: string, minutesLate = 12) =>
  issue(player, 'tardiness', 'between-matches', { facts: { minutesLate }, at: at(12) });
const pair = (round: number, extra: Record<string, unknown> = {}) =>
  ({ type: 'PairRound', data: { round, ...extra }, meta: meta('organizer', { seed: 3, at: at(0) }) }) as const;
const refusal = (state: TournamentState, player: string) => {
  const details = thenError(state, late(player), 'no-seat');
  return [details.round, details.reason, en(details.why)];
};
const listed = (state: TournamentState, minutes = 12) => {
  if (state.status === 'none') throw new Error('no tournament');
  const round = state.rounds.at(-1);
  return round ? latePlayers(state, round, new Date(at(minutes))).map((l) => l.player) : [];
};
const roundOneDone = [...roundOne, reported(1, 1, ['a', 'a']), reported(1, 2, ['c', 'c']), ended(1)];

describe('tardiness needs a seat in the round', () => {
  it('given round 2 paired held, when a player of it is reported late, then it is refused: nobody sits in a held round', () => {
    const state = run(given(...roundOneDone), pair(2, { hold: true }));
    expect(refusal(state, 'a')).toEqual([
      2,
      'held',
      'round 2 is held: its pairings are not public, so nobody has a seat to be late for yet',
    ]);
    expect(listed(state)).toEqual([]);
  });

  it('given e entered after round 1 was paired, when e is reported 12 minutes late, then it is refused: e has no seat in round 1', () => {
    const state = given(...roundOne, registered('e', 2));
    expect(refusal(state, 'e')).toEqual([1, 'not-paired', 'the player has no table in round 1 (not paired in it)']);
    expect(listed(state)).not.toContain('e');
    expect(thenEvents(state, late('a'))[0]?.type).toBe('PenaltyIssued');
  });

  it('given a top 2, when a player who did not make the cut is reported late, then it is refused', () => {
    let state = given(created({ kind: 'swiss', rounds: 1, topCut: 2 }), ...roundOneDone.slice(1));
    state = run(state, pair(2));
    expect(refusal(state, 'b')).toEqual([2, 'not-paired', 'the player has no table in round 2 (not paired in it)']);
    expect(listed(state)).toEqual(['a', 'c']);
  });

  it('given a dropped player still at a table, when reported late, then it is refused: the player has left', () => {
    const state = run(given(...roundOne), { type: 'DropPlayer', data: { player: 'b' }, meta: meta('scorekeeper') });
    expect(refusal(state, 'b')).toEqual([1, 'dropped', 'the player has dropped from the tournament']);
    expect(listed(state)).not.toContain('b');
  });

  it('given the last round ended and the next not paired (a day-two invitee, or anyone), when reported late, then it is refused', () => {
    const state = given(...roundOneDone, registered('e', 2));
    expect(refusal(state, 'e')).toEqual([
      1,
      'between-rounds',
      'round 1 has ended and the next round is not paired: there is no seat time to be late for',
    ]);
    expect(refusal(state, 'a')[1]).toBe('between-rounds');
  });

  it('given no round paired, when a player is reported late, then it is refused', () => {
    expect(refusal(given(...roundOne.slice(0, 5)), 'a')).toEqual([
      0,
      'no-round',
      'no round has been paired: there is no seat time to be late for',
    ]);
  });

  it('given a bye, when reported late, then it is refused with its own reason', () => {
    const state = given(...roundOne.slice(0, 5), registered('e'), {
      ...roundOne[5]!,
      data: { ...(roundOne[5] as { data: object }).data, byes: ['e'] },
    } as never);
    expect(refusal(state, 'e')).toEqual([
      1,
      'bye',
      'the player has a bye in round 1: there is no seat and no seat time to be late for',
    ]);
  });
});
