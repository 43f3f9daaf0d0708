import { describe, expect, it } from 'vitest';
import type { EventDraft } from '../../src/core/tournament/events.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { findPlayer } from '../../src/core/tournament/state-queries.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { created, registered, stamp } from './fixtures.js';

/*
 * The server folds each write onto the state it holds. A write that changes one player (a list
 * sent from a phone, a drop) used to build a map of every player twice, once to find the player
 * and once to answer the next lookup in the new list: 8,192 players sending their lists made
 * 8,192 × 16,384 map entries. The new list now shares the old list's index.
 */

const FIELD = 8_192;
const field = fold(
  stamp([created(), ...Array.from({ length: FIELD }, (_, i) => registered(`p${i + 1}`))]),
) as Tournament;
// The server has answered lookups on the state it holds before the next write comes.
findPlayer(field, 'p1');

/** Map entries set while `run` runs. */
function mapSets(run: () => void): number {
  const original = Map.prototype.set;
  let sets = 0;
  Map.prototype.set = function (this: Map<unknown, unknown>, key: unknown, value: unknown) {
    sets += 1;
    return original.call(this, key, value);
  };
  try {
    run();
  } finally {
    Map.prototype.set = original;
  }
  return sets;
}

const sent = (player: string): EventDraft => ({
  type: 'DecklistSubmitted',
  data: { player, decklist: { main: [], extra: [], side: [] }, byPlayer: true },
});

describe('a write that changes one player of a large field', () => {
  it(`does not index the ${FIELD} players again, to change one or to find one after`, () => {
    let after: Tournament | undefined;
    const sets = mapSets(() => {
      after = fold(stamp([sent('p4096')]), field) as Tournament;
      expect(findPlayer(after, 'p8000')?.id).toBe('p8000');
    });
    expect(findPlayer(after!, 'p4096')?.decklist).toEqual({ main: [], extra: [], side: [] });
    expect(findPlayer(field, 'p4096')?.decklist).toBeNull();
    expect(sets, `${sets} map entries set for one write`).toBeLessThan(100);
  });

  it('keeps each list right when two writes from the same state add different players', () => {
    // Two writes decided on the same state (the first then refused): each list finds its own player only.
    const changed = fold(stamp([sent('p1')]), field) as Tournament;
    const a = fold(stamp([registered('a1'), sent('p2')]), changed) as Tournament;
    const b = fold(stamp([registered('b1')]), changed) as Tournament;
    expect(findPlayer(a, 'a1')?.id).toBe('a1');
    expect(findPlayer(a, 'b1')).toBeUndefined();
    expect(findPlayer(b, 'b1')?.id).toBe('b1');
    expect(findPlayer(b, 'a1')).toBeUndefined();
    expect(findPlayer(changed, 'a1')).toBeUndefined();
    expect(findPlayer(changed, 'b1')).toBeUndefined();
    expect([a.players.length, b.players.length, changed.players.length]).toEqual([FIELD + 1, FIELD + 1, FIELD]);
    expect(findPlayer(a, 'p2')?.decklist).not.toBeNull();
    expect(findPlayer(b, 'p2')?.decklist).toBeNull();
  });
});
