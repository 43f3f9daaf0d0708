import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../src/core/tournament/commands.js';
import { latePlayers } from '../../src/app/projections/late-players.js';
import { notCheckedIn, selfService } from '../../src/core/tournament/self-service.js';
import { findPlayer } from '../../src/core/tournament/state-queries.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { at, created, given, meta, registered, run, swissRound, T0, thenError, tournament } from './fixtures.js';

/*
 * Player ids are whatever the organizer registers (card game IDs, names); those spelt like a
 * JavaScript object's own properties must be only names in every lookup of the core.
 */
const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'] as const;
const asPlayer = (id: string): CommandMeta => ({ at: T0, actor: { id, role: 'player' } });

describe('player ids named like object properties', () => {
  const field = [created(), ...NAMES.map((id) => registered(id))];

  it('are found as the players they are, and nobody else', () => {
    const t = tournament(...field);
    for (const id of NAMES) expect(findPlayer(t, id)?.id).toBe(id);
    expect(findPlayer(t, 'valueOf')).toBeUndefined();
  });

  it('are not checked in until they check in, then each once', () => {
    let state = given(...field);
    expect(notCheckedIn(state as never)).toEqual([...NAMES]);
    for (const id of NAMES) expect(selfService(state as never).checkedIn.has(id)).toBe(false);
    state = run(state, { type: 'CheckInPlayer', data: { player: 'constructor' }, meta: asPlayer('constructor') });
    state = run(state, { type: 'CheckInPlayer', data: { player: '__proto__' }, meta: meta('scorekeeper') });
    expect(notCheckedIn(state as never)).toEqual(['toString', 'hasOwnProperty']);
    thenError(
      state,
      { type: 'CheckInPlayer', data: { player: '__proto__' }, meta: meta('scorekeeper') },
      'already-checked-in',
    );
  });

  it('are late until a judge seats them, and seated once', () => {
    let state = given(
      ...field,
      swissRound(1, [
        ['constructor', '__proto__'],
        ['toString', 'hasOwnProperty'],
      ]),
    );
    const late = (s: typeof state) => {
      const t = s as Tournament;
      return latePlayers(t, t.rounds[0]!, new Date(at(3))).map((l) => l.player);
    };
    expect(late(state).sort()).toEqual([...NAMES].sort());
    const seat = (player: string, table: number) =>
      ({ type: 'MarkSeated', data: { round: 1, table, player }, meta: meta('judge', { at: at(1) }) }) as const;
    state = run(state, seat('constructor', 1));
    state = run(state, seat('toString', 2));
    expect(late(state).sort()).toEqual(['__proto__', 'hasOwnProperty']);
    thenError(state, seat('constructor', 1), 'already-seated');
  });
});
