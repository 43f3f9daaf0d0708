import { describe, expect, it } from 'vitest';
import { latePlayers } from '../../src/app/projections/late-players.js';
import type { EventDraft } from '../../src/core/tournament/events.js';
import { decide } from '../../src/core/tournament/decide.js';
import { PACK, at, ended, given, registered, reported, settings, swissRound, type GivenEvent } from './fixtures.js';
import { issue } from './penalty-fixtures.js';

/*
 * The round clock's late list proposes what the core would decide: its repeat count is the
 * core's, so a penalty added to a tardiness (rules 7, 10 style, in a pack that allows one
 * there) is not counted as a second tardiness.
 */

// A pack variant where tardiness allows an added penalty: the shipped pack allows none there.
const content = {
  ...PACK.content,
  infractions: PACK.content.infractions.map((x) =>
    x.id === 'tardiness' ? { ...x, additionalPenaltyWhen: { fact: 'minutesLate', atLeast: 1 } } : x,
  ),
};
const createdWithAddition: EventDraft = {
  type: 'TournamentCreated',
  data: { tournamentId: 't1', settings: settings(), pack: { ...PACK, content } },
};
const roundOne = [
  createdWithAddition,
  registered('a'),
  registered('b'),
  registered('c'),
  registered('d'),
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
  ]),
];

describe('the late list counts repeats as the core does', () => {
  // A lateness in the same round is one penalty (raised, not repeated): the repeat comes with the next round's lateness.
  it('given a tardiness with an added penalty in round 1, when the player is late again in round 2, then the list offers the repeat of a second tardiness, not a third', () => {
    const base = issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 2 } });
    const decided = decide(
      {
        ...base,
        data: { ...base.data, additional: { penalty: 'duel-loss', reason: 'kept the opponent waiting on purpose' } },
      },
      given(...roundOne),
    );
    if (!decided.ok) throw new Error(decided.error.message.en);
    expect(
      decided.value.map((e) => (e.type === 'PenaltyIssued' ? [e.data.penalty, e.data.addedTo ?? null] : null)),
    ).toEqual([
      ['warning', null],
      ['duel-loss', 1],
    ]);
    const roundTwo: GivenEvent[] = [
      ...roundOne,
      ...decided.value,
      reported(1, 1, ['a'], [1]),
      reported(1, 2, ['c', 'c']),
      ended(1),
      swissRound(
        2,
        [
          ['a', 'c'],
          ['b', 'd'],
        ],
        null,
        at(60),
      ),
    ];
    const t = given(...roundTwo);
    if (t.status === 'none') throw new Error('no tournament');
    const late = latePlayers(t, t.rounds[1]!, new Date(at(63)));
    const b = late.find((l) => l.player === 'b');
    expect(b).toMatchObject({ minutesLate: 3, penalty: 'warning', repeat: { count: 2, upgradeTo: 'duel-loss' } });
    // The core gives the same count when the judge issues it.
    const again = decide(issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 3 } }), t);
    expect(again.ok && again.value[0]?.type === 'PenaltyIssued' && again.value[0].data.guideline.repeat).toEqual({
      count: 2,
      upgradeTo: 'duel-loss',
    });
    // Players without history are proposed the plain guideline.
    expect(late.find((l) => l.player === 'a')).toMatchObject({ penalty: 'warning', repeat: null });
  });
});
