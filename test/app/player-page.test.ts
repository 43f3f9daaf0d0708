import { describe, expect, it } from 'vitest';
import { playerPage } from '../../src/app/projections/player-page.js';
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
  T0,
  tournament,
} from '../tournament/fixtures.js';
import { issue } from '../tournament/penalty-fixtures.js';

const players = [created(), registered('a'), registered('b'), registered('c')];
const round1 = swissRound(1, [['a', 'b']], 'c');
const on = { type: 'PlayerReportingSet', data: { enabled: true, confirmMinutes: 10 } } as const;

describe("the player's page", () => {
  it('given no round yet, then it offers check-in and no match', () => {
    expect(playerPage(tournament(...players), 'a', T0)).toMatchObject({
      checkIn: { open: true, at: null, venueCode: false },
      match: null,
      reporting: { enabled: false },
    });
    expect(playerPage(tournament(...players), 'zz', T0)).toBeUndefined();
  });

  it('given reporting off, a bye, a penalty on the match, then it says who enters the result', () => {
    expect(playerPage(tournament(...players, round1), 'a', T0)?.match).toMatchObject({
      table: 1,
      opponent: { id: 'b', name: 'Player b' },
      status: 'off',
    });
    expect(playerPage(tournament(...players, round1), 'c', T0)?.match).toMatchObject({ bye: true, table: null });
    // A duel loss for lateness on the match: a judge enters it. A match loss decides it: recorded.
    const late = run(
      tournament(...players, on, round1),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 7 } }),
    );
    expect(playerPage(late as never, 'b', T0)?.match).toMatchObject({ status: 'penalty', outcome: null });
    const decided = run(tournament(...players, on, round1), issue('a', 'stalling', 'in-duel'));
    expect(playerPage(decided as never, 'b', T0)?.match).toMatchObject({
      status: 'recorded',
      outcome: { kind: 'win', winner: 'b', byPenalty: true },
    });
  });

  it('given a report waiting past the organizer’s time, then both players see the judges have it', () => {
    const reported = run(tournament(...players, on, round1), {
      type: 'PlayerReportResult',
      data: { round: 1, table: 1, player: 'a', duels: ['a', 'a'] },
      meta: { at: T0, actor: { id: 'a', role: 'player' } },
    });
    // Both pages are told when it goes to the judges, so they switch then without a reload.
    expect(playerPage(reported as never, 'b', at(5))?.match).toMatchObject({
      status: 'to-confirm',
      theirs: { duels: ['a', 'a'] },
      judgesAt: at(10),
    });
    expect(playerPage(reported as never, 'a', at(9))?.match).toMatchObject({ status: 'waiting', judgesAt: at(10) });
    expect(playerPage(reported as never, 'a', at(10))?.match).toMatchObject({ status: 'judges', judgesAt: null });
    expect(playerPage(reported as never, 'b', at(10))?.match?.status).toBe('judges');
    // Nobody reported: no time runs.
    expect(playerPage(tournament(...players, on, round1), 'a', at(10))?.match).toMatchObject({
      status: 'open',
      judgesAt: null,
    });
  });

  it('given the top cut without the player, then "out" with the final place; once finished, everyone’s place and record', () => {
    const swiss = given(
      created({ kind: 'swiss', rounds: 1, topCut: 2 }),
      registered('a'),
      registered('b'),
      registered('c'),
      swissRound(1, [['a', 'b']], 'c'),
      reported(1, 1, ['a', 'a']),
      ended(1),
    );
    // Between the Swiss and the top cut nobody is told a place yet.
    expect(playerPage(swiss as never, 'b', T0)?.final).toBeNull();
    const cut = run(swiss, { type: 'PairRound', data: { round: 2 }, meta: meta('scorekeeper', { seed: 1 }) });
    expect(playerPage(cut as never, 'b', T0)).toMatchObject({
      match: null,
      final: { finished: false, place: 3, topCut: false, record: { wins: 0, losses: 1, draws: 0 } },
    });
    expect(playerPage(cut as never, 'a', T0)?.final).toBeNull();
    const final = cut.status === 'none' ? [] : cut.rounds[1]!.matches[0]!.players;
    const played = run(cut, {
      type: 'ReportResult',
      data: { round: 2, table: 1, duels: ['c', 'c'] },
      meta: meta('scorekeeper'),
    });
    const done = run(run(played, { type: 'EndRound', data: { round: 2 }, meta: meta('scorekeeper') }), {
      type: 'FinishTournament',
      data: {},
      meta: meta('organizer'),
    });
    expect(final).toContain('c');
    expect(playerPage(done as never, 'c', T0)?.final).toMatchObject({ finished: true, place: 1, topCut: true });
    expect(playerPage(done as never, 'a', T0)?.final).toMatchObject({
      finished: true,
      place: 2,
      eliminatedInRound: 2,
      record: { wins: 1, losses: 0, draws: 0 },
    });
    expect(playerPage(done as never, 'b', T0)?.final).toMatchObject({ finished: true, place: 3 });
  });
});
