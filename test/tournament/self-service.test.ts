import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../src/core/tournament/commands.js';
import { MAX_PLAYER_REPORTS_PER_MATCH } from '../../src/core/tournament/limits.js';
import { decide } from '../../src/core/tournament/decide.js';
import { matchRecords } from '../../src/core/tournament/match-results.js';
import {
  judgesAt,
  judgesQueue,
  notCheckedIn,
  selfService,
  waitingReports,
} from '../../src/core/tournament/self-service.js';
import type { TournamentState } from '../../src/core/tournament/state.js';
import {
  at,
  created,
  given,
  meta,
  registered,
  run,
  swissRound,
  T0,
  thenError,
  thenEvents,
  tournament,
} from './fixtures.js';
import { issue } from './penalty-fixtures.js';

const asPlayer = (id: string, when = T0): CommandMeta => ({ at: when, actor: { id, role: 'player' } });
const reporting = { type: 'PlayerReportingSet', data: { enabled: true, confirmMinutes: 10 } } as const;
const players = [created(), registered('a'), registered('b'), registered('c'), registered('d')];
const round1 = swissRound(1, [
  ['a', 'b'],
  ['c', 'd'],
]);
const report = (player: string, duels: string[], table = 1, when = T0) =>
  ({ type: 'PlayerReportResult', data: { round: 1, table, player, duels }, meta: asPlayer(player, when) }) as const;
const staffReport = (duels: string[]) =>
  ({ type: 'ReportResult', data: { round: 1, table: 1, duels }, meta: meta('scorekeeper') }) as const;

describe('players report their own results', () => {
  it('given reporting off (the default), when a player reports, then it is refused', () => {
    expect(selfService(tournament(...players)).reporting.enabled).toBe(false);
    thenError(given(...players, round1), report('a', ['a', 'a']), 'player-reports-off');
  });

  it('given the organizer turned it on, when a player reports and the opponent reports the same, then the result is recorded as the players’ report naming both', () => {
    const on = thenEvents(given(...players), {
      type: 'SetPlayerReporting',
      data: { enabled: true },
      meta: meta('organizer'),
    });
    expect(on).toEqual([{ type: 'PlayerReportingSet', data: { enabled: true, confirmMinutes: 10 } }]);
    let state: TournamentState = given(...players, ...on, round1);
    const first = thenEvents(state, report('a', ['a', 'b', 'a']));
    expect(first).toEqual([
      { type: 'PlayerResultReported', data: { round: 1, table: 1, player: 'a', duels: ['a', 'b', 'a'] } },
    ]);
    state = run(state, report('a', ['a', 'b', 'a']));
    expect(matchRecords(state as never)[0]?.outcome.kind).toBe('pending');
    const confirmed = thenEvents(state, report('b', ['a', 'b', 'a']));
    expect(confirmed).toEqual([
      {
        type: 'ResultReported',
        data: {
          round: 1,
          table: 1,
          duels: ['a', 'b', 'a'],
          penaltyDuels: [],
          byPlayers: { reportedBy: 'a', confirmedBy: 'b' },
        },
      },
    ]);
    state = run(state, report('b', ['a', 'b', 'a']));
    expect(matchRecords(state as never)[0]?.outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: false });
  });

  it('given a report, when the opponent reports otherwise, then both reports stand side by side in the judges’ queue until staff enter the result', () => {
    let state = run(given(...players, reporting, round1), report('a', ['a', 'a']));
    state = run(state, report('b', ['b', 'b'], 1, at(2)));
    const t = state as never;
    const [entry] = judgesQueue(t, at(3));
    expect(entry).toMatchObject({ round: 1, table: 1, reason: 'disputed', since: at(2) });
    expect(entry?.reports.map((r) => r?.duels)).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    state = run(state, staffReport(['a', 'a']));
    expect(judgesQueue(state as never, at(3))).toEqual([]);
    // The reports stay in the log for whoever looks into a false report.
    expect([...selfService(state as never).reports].map((r) => r.player)).toEqual(['a', 'b']);
  });

  it('given a report nobody confirms, when the organizer’s time passes, then it goes to the judges (not before)', () => {
    const state = run(given(...players, reporting, round1), report('a', ['a', 'a']));
    expect(judgesQueue(state as never, at(9))).toEqual([]);
    expect(judgesQueue(state as never, at(10))).toMatchObject([{ reason: 'unconfirmed', since: at(10) }]);
    expect(judgesAt(state as never, 1, 1)).toBe(at(10));
    // A second report restarts the wait from it; the other table, with no report, has no time running.
    const again = run(state, report('a', ['a', 'b', 'a'], 1, at(4)));
    expect(judgesAt(again as never, 1, 1)).toBe(at(14));
    expect(judgesQueue(again as never, at(10))).toEqual([]);
    expect(judgesAt(again as never, 1, 2)).toBeNull();
    // Disputed or settled: no time runs.
    expect(judgesAt(run(state, report('b', ['b', 'b'], 1, at(2))) as never, 1, 1)).toBeNull();
    expect(judgesAt(run(state, staffReport(['a', 'a'])) as never, 1, 1)).toBeNull();
  });

  it('lists the lone reports still waiting with when each goes to the judges: what the server watches its clock for', () => {
    let state = run(given(...players, reporting, round1), report('c', ['c', 'c'], 2, at(3)));
    state = run(state, report('a', ['a', 'a'], 1, at(1)));
    expect(waitingReports(state as never)).toEqual([
      { round: 1, table: 1, due: at(11) },
      { round: 1, table: 2, due: at(13) },
    ]);
    // Disputed, or settled by staff: nothing waits on the clock there any more.
    expect(waitingReports(run(state, report('b', ['b', 'b'], 1, at(2))) as never)).toEqual([
      { round: 1, table: 2, due: at(13) },
    ]);
    expect(waitingReports(run(state, staffReport(['a', 'a'])) as never)).toEqual([{ round: 1, table: 2, due: at(13) }]);
  });

  it('lists the judges’ queue by round and table whatever order the reports came in', () => {
    let state = run(given(...players, reporting, round1), report('c', ['c', 'c'], 2));
    state = run(state, report('a', ['a', 'a'], 1, at(1)));
    expect(judgesQueue(state as never, at(20)).map((q) => q.table)).toEqual([1, 2]);
  });

  it('refuses another table, a stranger in the duels, a match with a result, a match a penalty touches and another player’s id', () => {
    const state = given(...players, reporting, round1);
    expect(thenError(state, report('a', ['a', 'a'], 2), 'not-your-table')).toEqual({ round: 1, table: 2, player: 'a' });
    thenError(state, report('a', ['a', 'c']), 'invalid-duels');
    thenError(run(state, staffReport(['b', 'b'])), report('a', ['a', 'a']), 'result-already-entered');
    const penalised = run(state, issue('a', 'stalling', 'in-duel'));
    thenError(penalised, report('b', ['b', 'b']), 'match-has-penalty');
    const impostor = { ...report('a', ['a', 'a']), meta: asPlayer('b') };
    thenError(state, impostor, 'role-required');
    // A player cannot send staff commands.
    thenError(state, { ...staffReport(['a', 'a']), meta: asPlayer('a') }, 'role-required');
  });

  it('staff can still enter and correct a match the players reported', () => {
    let state = run(given(...players, reporting, round1), report('a', ['a', 'a']));
    state = run(state, report('b', ['a', 'a']));
    state = run(state, {
      type: 'CorrectResult',
      data: { round: 1, table: 1, duels: ['b', 'b'], reason: 'score slip' },
      meta: meta('head-judge'),
    });
    expect(matchRecords(state as never)[0]?.outcome).toEqual({ kind: 'win', winner: 'b', byPenalty: false });
  });

  it('stores nothing for the same report again, and bounds a player’s changes of mind on one match, naming the bound', () => {
    let state = run(given(...players, reporting, round1), report('a', ['a', 'a']));
    // A phone retrying, a player tapping twice: decided without an event, the first report stands.
    expect(thenEvents(state, report('a', ['a', 'a'], 1, at(1)))).toEqual([]);
    const scores = [
      ['b', 'b'],
      ['a', 'b', 'a'],
      ['b', 'a', 'b'],
      ['a', 'a'],
    ];
    for (const duels of scores) state = run(state, report('a', duels));
    expect([...selfService(state as never).reports].length).toBe(MAX_PLAYER_REPORTS_PER_MATCH);
    const refused = thenError(state, report('a', ['b', 'a', 'a']), 'too-many-player-reports');
    expect(refused).toEqual({ round: 1, table: 1, max: MAX_PLAYER_REPORTS_PER_MATCH });
    // The latest still stands, repeated it is still answered, and the opponent may still confirm it.
    expect(thenEvents(state, report('a', ['a', 'a']))).toEqual([]);
    expect(thenEvents(state, report('b', ['a', 'a']))[0]?.type).toBe('ResultReported');
  });

  it('refuses a player’s report before a round posted to start later has started; staff may enter one (an intentional draw agreed at the posting)', () => {
    const posted = { ...round1, data: { ...round1.data, startsLater: true } } as typeof round1;
    const state = given(...players, reporting, posted);
    const refused = thenError(state, report('a', ['a', 'a']), 'round-not-started');
    expect(refused).toEqual({ round: 1 });
    expect(thenEvents(state, staffReport([]))[0]?.type).toBe('ResultReported');
    const started = run(state, { type: 'StartRound', data: { round: 1 }, meta: meta('scorekeeper') });
    expect(thenEvents(started, report('a', ['a', 'a']))[0]?.type).toBe('PlayerResultReported');
  });

  it('refuses a confirmation time outside 1–60 minutes', () => {
    thenError(
      given(...players),
      { type: 'SetPlayerReporting', data: { enabled: true, confirmMinutes: 0 }, meta: meta('organizer') },
      'invalid-command',
    );
    thenError(
      given(...players),
      { type: 'SetPlayerReporting', data: { enabled: true }, meta: meta('scorekeeper') },
      'role-required',
    );
  });
});

describe('check-in before round 1', () => {
  const checkIn = (player: string, m: CommandMeta = asPlayer(player)) =>
    ({ type: 'CheckInPlayer', data: { player }, meta: m }) as const;

  it('given players checking in themselves or by staff, then the rest are the no-shows, and the organizer drops them each with its own event', () => {
    let state = run(given(...players), checkIn('a'));
    state = run(state, checkIn('b', meta('scorekeeper')));
    expect(selfService(state as never).checkedIn.latest('b')?.by).toEqual({ id: 'scorekeeper', role: 'scorekeeper' });
    expect(notCheckedIn(state as never)).toEqual(['c', 'd']);
    thenError(state, checkIn('a'), 'already-checked-in');
    expect(
      thenError(state, { type: 'DropNoShows', data: { count: 3 }, meta: meta('organizer') }, 'no-show-count-changed'),
    ).toEqual({ given: 3, expected: 2 });
    const drops = thenEvents(state, { type: 'DropNoShows', data: { count: 2 }, meta: meta('organizer') });
    expect(drops).toEqual([
      { type: 'PlayerDropped', data: { player: 'c', afterRound: 0, reason: null, noShow: true } },
      { type: 'PlayerDropped', data: { player: 'd', afterRound: 0, reason: null, noShow: true } },
    ]);
    state = run(state, { type: 'DropNoShows', data: { count: 2 }, meta: meta('organizer') });
    expect(notCheckedIn(state as never)).toEqual([]);
    thenError(state, { type: 'DropNoShows', data: { count: 0 }, meta: meta('organizer') }, 'no-no-shows');
  });

  it('closes when round 1 is paired; a player checks in only themselves', () => {
    thenError(given(...players, round1), checkIn('a'), 'check-in-closed');
    thenError(given(...players), { ...checkIn('a'), meta: asPlayer('b') }, 'role-required');
    expect(decide(checkIn('zz', meta('judge')), given(...players)).ok).toBe(false);
  });
});

describe("players see why they were paired (issue 25, 9): the organizer's choice", () => {
  const setReasons = (shown: unknown, role: 'organizer' | 'head-judge' = 'organizer') =>
    ({ type: 'SetPlayerPairingReasons', data: { shown: shown as boolean }, meta: meta(role) }) as const;

  it('given the default (off), when the organizer shows them, then one event turns them on; the same again writes nothing', () => {
    expect(selfService(tournament(...players)).pairingReasons).toBe(false);
    const on = thenEvents(given(...players), setReasons(true));
    expect(on).toEqual([{ type: 'PlayerPairingReasonsSet', data: { shown: true } }]);
    const shown = given(...players, ...on);
    expect(selfService(shown as never).pairingReasons).toBe(true);
    expect(thenEvents(shown, setReasons(true))).toEqual([]);
    expect(thenEvents(shown, setReasons(false))).toEqual([{ type: 'PlayerPairingReasonsSet', data: { shown: false } }]);
  });

  it('refuses anyone but the organizer, and a value that is not true or false', () => {
    thenError(given(...players), setReasons(true, 'head-judge'), 'role-required');
    expect(thenError(given(...players), setReasons('yes'), 'invalid-command').field).toBe('shown');
  });
});
