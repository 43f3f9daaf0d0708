import { describe, expect, it } from 'vitest';
import { decide } from '../../src/core/tournament/decide.js';
import { foldOnward } from '../../src/core/tournament/evolve.js';
import type { PlayerState, Tournament } from '../../src/core/tournament/state.js';
import { created, registerCommand, registered, tournament } from './fixtures.js';

/*
 * A player list import decides thousands of registrations in one write, each on the state the
 * one before left. That must cost work in proportion to the players, not to their square:
 * counted here as reads of the registered players' ids (each check against the list scanned
 * it) and as copies of the player list (a fold per command copied it once per player).
 */

/** The tournament with `count` players whose ids count their reads. */
function watched(count: number): { t: Tournament; reads: () => number } {
  const t = tournament(created(), ...Array.from({ length: count }, (_, i) => registered(`old-${i}`)));
  let reads = 0;
  const players = t.players.map((p): PlayerState => {
    const { id, ...rest } = p;
    return Object.defineProperty({ ...rest }, 'id', {
      enumerable: true,
      get: () => {
        reads++;
        return id;
      },
    }) as PlayerState;
  });
  return { t: { ...t, players }, reads: () => reads };
}

/** Decides `count` registrations in order as the write pipeline does; the player lists the fold went through. */
function importOnto(t: Tournament, count: number): { lists: Set<readonly PlayerState[]>; last: Tournament } {
  const onward = foldOnward(t);
  let state: Tournament = t;
  const lists = new Set<readonly PlayerState[]>();
  for (let i = 0; i < count; i++) {
    const decided = decide(registerCommand(`new-${i}`), state);
    if (!decided.ok) throw new Error(JSON.stringify(decided.error));
    state = onward(decided.value) as Tournament;
    lists.add(state.players);
  }
  return { lists, last: state };
}

describe('a player list import', () => {
  it('reads each registered id a bounded number of times, however many rows follow', () => {
    const { t, reads } = watched(2000);
    const { last } = importOnto(t, 2000);
    expect(last.players).toHaveLength(4000);
    // Scanning the list for each new id read the 2,000 old ids 4 million times.
    expect(reads()).toBeLessThan(5 * 2000);
  });

  it('copies the player list once for the whole batch', () => {
    const { t } = watched(500);
    const { lists, last } = importOnto(t, 500);
    expect(lists.size).toBe(1);
    expect(t.players).toHaveLength(500);
    expect(last.players.map((p) => p.id).slice(498, 502)).toEqual(['old-498', 'old-499', 'new-0', 'new-1']);
  });

  it('still refuses an id registered earlier in the same batch', () => {
    const t = tournament(created());
    const onward = foldOnward(t);
    const first = decide(registerCommand('p1'), t);
    if (!first.ok) throw new Error('refused');
    const after = onward(first.value);
    const again = decide(registerCommand('p1'), after);
    expect(again.ok ? null : again.error.code).toBe('duplicate-player');
  });
});
