import { describe, expect, it } from 'vitest';
import type { PairRound } from '../../src/core/tournament/commands.js';
import type { Role } from '../../src/core/tournament/events.js';
import { created, given, meta, registered, thenError, thenEvents } from './fixtures.js';

const pair = (role: Role, extra: Partial<PairRound['data']> = {}): PairRound => ({
  type: 'PairRound',
  data: { round: 1, ...extra },
  meta: meta(role, { seed: 7 }),
});
const required = given(
  created(undefined, { decklistsRequired: true }),
  registered('a'),
  registered('b'),
  registered('c'),
);
const optional = given(created(), registered('a'), registered('b'));

describe('round 1 and the decklists', () => {
  it('stops over missing lists and over lists the deck checker found problems in', () => {
    expect(thenError(required, pair('scorekeeper'), 'decklists-missing')).toEqual({ players: ['a', 'b', 'c'] });
    expect(thenError(optional, pair('scorekeeper', { decklistFindings: ['b', 'zz'] }), 'decklists-illegal')).toEqual({
      players: ['b'],
    });
    expect(thenEvents(optional, pair('scorekeeper', { decklistFindings: [] })).map((e) => e.type)).toEqual([
      'RoundPaired',
    ]);
  });

  it("goes on only on the organizer's word with a reason, which the log keeps with the names", () => {
    thenError(required, pair('scorekeeper', { acceptDecklists: { reason: 'lists on paper' } }), 'role-required');
    thenError(required, pair('organizer', { acceptDecklists: { reason: '  ' } }), 'reason-required');
    const events = thenEvents(
      required,
      pair('organizer', {
        decklistFindings: ['c'],
        acceptDecklists: { reason: ' Lists collected on paper at the desk ' },
      }),
    );
    expect(events.map((e) => e.type)).toEqual(['DecklistIssuesAccepted', 'RoundPaired']);
    expect(events[0]?.data).toEqual({
      round: 1,
      missing: ['a', 'b', 'c'],
      illegal: ['c'],
      reason: 'Lists collected on paper at the desk',
      by: { id: 'organizer', role: 'organizer' },
    });
  });
});
