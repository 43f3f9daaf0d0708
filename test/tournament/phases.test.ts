import { describe, expect, it } from 'vitest';
import { matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { TournamentState } from '../../src/core/tournament/state.js';
import {
  at,
  created,
  ended,
  given,
  meta,
  registered,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
  type GivenEvent,
} from './fixtures.js';
import { issue, recordAt } from './penalty-fixtures.js';

/*
 * Day two: a new Swiss phase with its own name, seat time, round length and match format;
 * standings carry over; an invited player enters with byes for day one, with a reason.
 */

const dayOne: GivenEvent[] = [
  created({ kind: 'swiss', rounds: 3, topCut: 0 }, { stages: { swiss: { bestOf: 1, roundMinutes: 25 } } }),
  ...'abcd'.split('').map((p) => registered(p)),
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
  ]),
  reported(1, 1, ['a']),
  reported(1, 2, ['c']),
  ended(1),
  swissRound(2, [
    ['a', 'c'],
    ['b', 'd'],
  ]),
  reported(2, 1, ['a']),
  reported(2, 2, ['b']),
  ended(2),
];
const DAY2 = '2009-03-02T09:30:00+09:00';
const start = (
  data: { name: string; bestOf?: 1 | 3 | 5; roundMinutes?: number; seatTime?: string },
  role: 'organizer' | 'scorekeeper' = 'organizer',
) => ({ type: 'StartPhase', data, meta: meta(role) }) as const;
const pair = (round: number) =>
  ({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', { seed: 5 }) }) as const;
const rows = (state: TournamentState) => {
  if (state.status === 'none') throw new Error('no tournament');
  return computeStandings(
    standingsPlayers(state),
    matchRecords(state).filter((m) => m.stage === 'swiss'),
  );
};

describe('a second Swiss phase (day two)', () => {
  it('given day one of single duels, when day two starts best of 3 in 50 minutes, then its first round is paired with that format and seat time', () => {
    const events = thenEvents(
      given(...dayOne),
      start({ name: 'Day 2 / 2日目', bestOf: 3, roundMinutes: 50, seatTime: DAY2 }),
    );
    expect(events).toEqual([
      {
        type: 'PhaseStarted',
        data: { name: 'Day 2 / 2日目', fromRound: 3, format: { bestOf: 3, roundMinutes: 50 }, seatTime: DAY2 },
      },
    ]);
    const paired = thenEvents(given(...dayOne, ...events), pair(3))[0];
    expect(paired).toMatchObject({
      type: 'RoundPaired',
      data: { round: 3, bestOf: 3, roundMinutes: 50, seatTime: DAY2 },
    });
  });

  it('given day two started, then standings carry over from day one unchanged', () => {
    const state = given(...dayOne, ...thenEvents(given(...dayOne), start({ name: 'Day 2' })));
    expect(rows(state)).toEqual(rows(given(...dayOne)));
  });

  it('given an invitation into day two, then the player enters with a bye for each day-one round, and the reason is kept', () => {
    const started = given(...dayOne, ...thenEvents(given(...dayOne), start({ name: 'Day 2' })));
    const invite = {
      type: 'RegisterPlayer',
      data: { player: { id: 'z', name: 'Invited' }, invitation: { reason: '前年度優勝者 / last year’s champion' } },
      meta: meta('scorekeeper'),
    } as const;
    const events = thenEvents(started, invite);
    expect(events).toEqual([
      {
        type: 'PlayerRegistered',
        data: {
          player: { id: 'z', name: 'Invited', decklist: null },
          entryRound: 3,
          invitation: { reason: '前年度優勝者 / last year’s champion' },
        },
      },
    ]);
    const z = rows(given(...dayOne, ...thenEvents(given(...dayOne), start({ name: 'Day 2' })), ...events)).find(
      (r) => r.player === 'z',
    );
    expect(z).toMatchObject({ points: 6, wins: 2, byes: 2, losses: 0 });
    thenError(given(...dayOne), invite, 'registration-closed');
    thenError(started, { ...invite, data: { ...invite.data, invitation: { reason: ' ' } } }, 'reason-required');
  });

  it("given day two best of 3, when a tardiness duel loss and a disqualification land, then they land in day two's matches as best of 3", () => {
    const started = [...dayOne, ...thenEvents(given(...dayOne), start({ name: 'Day 2', bestOf: 3, seatTime: DAY2 }))];
    const r3 = [
      ...started,
      swissRound(
        3,
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        null,
        DAY2,
      ),
    ];
    const late = thenEvents(
      given(...r3),
      issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 6 }, at: at(0) }),
    );
    const state = given(...r3, ...late);
    // Best of 3 on day two: the duel loss takes duel 1 only; the match is still open.
    expect(recordAt(state, 3, 1).outcome).toEqual({ kind: 'pending' });
    const dq = thenEvents(state, {
      ...issue('c', 'random-result', 'in-duel', { role: 'head-judge', statements: ['admitted'] }),
      meta: meta('head-judge'),
    });
    const after = run(given(...r3, ...late, ...dq), {
      type: 'ReportResult',
      data: { round: 3, table: 1, duels: ['b', 'a'] },
      meta: meta('scorekeeper'),
    });
    expect(recordAt(after, 3, 1)).toMatchObject({
      outcome: { kind: 'win', winner: 'a', byPenalty: true },
      duelWins: { a: 2, b: 1 },
    });
    expect(recordAt(after, 3, 2).outcome).toEqual({ kind: 'win', winner: 'd', byPenalty: true });
    expect(rows(after).find((r) => r.player === 'c')).toMatchObject({ rank: null, status: 'disqualified' });
  });

  it('refuses a phase while a round runs, after the last Swiss round, twice from the same round, without a name, and from a scorekeeper', () => {
    thenError(given(...dayOne.slice(0, -1)), start({ name: 'Day 2' }), 'round-not-finished');
    thenError(given(...dayOne), start({ name: ' ' }), 'invalid-command');
    thenError(given(...dayOne), start({ name: 'Day 2' }, 'scorekeeper'), 'role-required');
    thenError(given(...dayOne), start({ name: 'Day 2', roundMinutes: 0 }), 'invalid-command');
    const once = [...dayOne, ...thenEvents(given(...dayOne), start({ name: 'Day 2' }))];
    thenError(given(...once), start({ name: 'Day 2 again' }), 'phase-not-allowed');
    const all = [
      ...dayOne,
      swissRound(3, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
      reported(3, 1, ['a']),
      reported(3, 2, ['c']),
      ended(3),
    ];
    thenError(given(...all), start({ name: 'Day 3' }), 'phase-not-allowed');
  });
});
