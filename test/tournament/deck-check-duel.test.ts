import { describe, expect, it } from 'vitest';
import { deckCheckDuel } from '../../src/core/tournament/deck-check-duel.js';
import { given, reported, run, tournament } from './fixtures.js';
import { issue, roundOne } from './penalty-fixtures.js';

/*
 * Rule 3-B compares 「デッキ（サイドデッキを含む）」 with the list. Duel 1 (before siding): zone by
 * zone; after duel 1: the deck and side deck as one pool, each zone's size still the list's.
 */

describe('the duel a deck check is made in', () => {
  it('given a match with no duel decided yet, when no duel is named, then it is duel 1, compared zone by zone', () => {
    expect(deckCheckDuel(tournament(...roundOne), 'a')).toEqual({ duel: 1, fromResults: true, kind: 'zones' });
  });

  it('given duel 2 named, when a duel was played before it, then deck and side deck are compared as one pool', () => {
    expect(deckCheckDuel(tournament(...roundOne), 'a', 2)).toEqual({ duel: 2, fromResults: false, kind: 'pool' });
    expect(deckCheckDuel(tournament(...roundOne), 'a', 1)).toEqual({ duel: 1, fromResults: false, kind: 'zones' });
  });

  it('given duel 1 lost by penalty before it began, when the check is in duel 2, then nobody has sided yet: zone by zone', () => {
    const state = run(given(...roundOne), issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 6 } }));
    if (state.status === 'none') throw new Error('no tournament');
    expect(deckCheckDuel(state, 'b')).toEqual({ duel: 2, fromResults: true, kind: 'zones' });
    expect(deckCheckDuel(state, 'b', 3)).toMatchObject({ duel: 3, kind: 'pool' });
  });

  it('given the match reported, when no duel is named, then the check is before the next match: duel 1', () => {
    expect(deckCheckDuel(tournament(...roundOne, reported(1, 1, ['a', 'a'])), 'a')).toMatchObject({
      duel: 1,
      kind: 'zones',
    });
  });
});
