import { describe, expect, it } from 'vitest';
import type { Announce, FixPairing, PairRound, PublishRound } from '../../src/core/tournament/commands.js';
import { announcementsFor, publishedRound } from '../../src/core/tournament/announcements.js';
import { latePlayers } from '../../src/app/projections/late-players.js';
import { playersView } from '../../src/core/tournament/held-rounds.js';
import { ANNOUNCEMENT_CHARS } from '../../src/core/tournament/limits.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import {
  at,
  T0,
  created,
  en,
  ended,
  given,
  meta,
  registered,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
} from './fixtures.js';

const five = [created(), registered('a'), registered('b'), registered('c'), registered('d'), registered('e')];
const pair = (round: number, extra: Partial<PairRound['data']> = {}): PairRound => ({
  type: 'PairRound',
  data: { round, hold: true, ...extra },
  meta: meta('organizer', { seed: 7, at: at(0) }),
});
const publish = (round: number, minutes = 10, seatTime?: string): PublishRound => ({
  type: 'PublishRound',
  data: { round, ...(seatTime === undefined ? {} : { seatTime }) },
  meta: meta('organizer', { at: at(minutes) }),
});
const swap = (a: string, b: string, round = 1): FixPairing => ({
  type: 'FixPairing',
  data: { round, swap: [a, b] },
  meta: meta('scorekeeper', { at: at(5) }),
});
const announce = (data: Announce['data'], role: 'judge' | 'organizer' = 'judge'): Announce => ({
  type: 'Announce',
  data,
  meta: meta(role, { at: at(20) }),
});
const open = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};

describe('a round paired held', () => {
  it('is recorded held and not started; staff see it, players see nothing of it until it is published', () => {
    const held = open(run(given(...five), pair(1)));
    const round = held.rounds[0]!;
    expect(round.held).toEqual({ startsLater: false, seatTime: null });
    expect(round.started).toBe(false);
    expect(playersView(held).rounds).toEqual([]);
    expect(publishedRound(held)).toBeUndefined();

    const events = thenEvents(held, publish(1));
    expect(events).toEqual([
      { type: 'RoundPublished', data: { round: 1 } },
      { type: 'RoundStarted', data: { round: 1, seatTime: at(10) } },
    ]);
    const shown = open(run(held, publish(1)));
    expect(shown.rounds[0]).toMatchObject({ started: true, seatTime: at(10) });
    expect(shown.rounds[0]!.held).toBeUndefined();
    expect(playersView(shown).rounds.map((r) => r.number)).toEqual([1]);
  });

  it('paired to start later, is only shown by the publish; a seat time named at pairing is kept', () => {
    const later = run(given(...five), pair(1, { startLater: true }));
    expect(thenEvents(later, publish(1))).toEqual([{ type: 'RoundPublished', data: { round: 1 } }]);
    const named = run(given(...five), pair(1, { seatTime: at(30) }));
    expect(thenEvents(named, publish(1))[1]).toEqual({ type: 'RoundStarted', data: { round: 1, seatTime: at(30) } });
    expect(thenEvents(named, publish(1, 10, at(45)))[1]).toEqual({
      type: 'RoundStarted',
      data: { round: 1, seatTime: at(45) },
    });
  });

  it('given a seat time that passed while the round was held, when it is published, then the clock starts at publication', () => {
    // Paired at 09:50 (held) for a 10:00 seat time, published at 10:20: nobody could sit before 10:20.
    const held = run(given(...five), {
      ...pair(1, { seatTime: at(0) }),
      meta: meta('organizer', { seed: 7, at: at(-10) }),
    });
    expect(thenEvents(held, publish(1, 20))[1]).toEqual({ type: 'RoundStarted', data: { round: 1, seatTime: at(20) } });
    const shown = open(run(held, publish(1, 20)));
    expect(shown.rounds[0]?.seatTime).toBe(at(20));
    expect(latePlayers(shown, shown.rounds[0]!, new Date(at(20)))).toEqual([]);
    const late = latePlayers(shown, shown.rounds[0]!, new Date(at(26)));
    expect(late.map((l) => [l.minutesLate, l.penalty])).toEqual(late.map(() => [6, 'duel-loss']));
    // A seat time named at publishing must not be before it either: nobody could sit before the pairings were public.
    const problem = thenError(held, publish(1, 20, at(5)), 'invalid-command');
    expect(problem.field).toBe('seatTime');
    expect(en(problem.problem)).toBe(
      `the seat time ${at(5)} is before the round is published (${at(20)}): nobody can be seated before the pairings are public`,
    );
  });

  it('refuses to publish a round that is not held, or does not exist, and play on a held round', () => {
    const posted = run(given(...five), pair(1, { hold: false }));
    const refused = thenError(posted, publish(1), 'round-not-held');
    expect(refused).toEqual({ round: 1 });
    thenError(posted, publish(2), 'round-not-found');
    const held = open(run(given(...five), pair(1)));
    const [table] = held.rounds[0]!.matches;
    const [p1, p2] = table!.players;
    thenError(
      held,
      { type: 'MarkSeated', data: { round: 1, table: 1, player: p1 }, meta: meta('judge') },
      'round-held',
    );
    thenError(
      held,
      { type: 'ReportResult', data: { round: 1, table: 1, duels: [p1, p1] }, meta: meta('judge') },
      'round-held',
    );
    thenError(
      held,
      { type: 'ExtendTime', data: { round: 1, table: 1, minutes: 3 }, meta: meta('judge') },
      'round-held',
    );
    thenError(held, { type: 'StartRound', data: { round: 1 }, meta: meta('organizer') }, 'round-held');
    thenError(held, { type: 'MarkAllSeated', data: { round: 1 }, meta: meta('judge') }, 'round-held');
    thenError(held, { type: 'EndRound', data: { round: 1 }, meta: meta('organizer') }, 'round-held');
    // Nobody calls a judge to a table of a held round, neither a player of it nor staff; the
    // player hears what a round not yet paired answers (test/http/held-round-refusals.test.ts).
    thenError(
      held,
      {
        type: 'OpenCall',
        data: { round: 1, table: 1, player: p1 },
        meta: { at: T0, actor: { id: p1!, role: 'player' } },
      },
      'round-not-found',
    );
    thenError(held, { type: 'OpenCall', data: { round: 1, table: 1 }, meta: meta('judge') }, 'round-held');
    thenError(held, { ...publish(1), meta: meta('judge') }, 'role-required');
    expect(p2).toBeDefined();
  });

  it('staff swap two players of a held round, across tables or with the bye; the fix is refused once published', () => {
    const held = open(run(given(...five), pair(1)));
    const round = held.rounds[0]!;
    const [t1, t2] = round.matches;
    const bye = round.byes[0]!;
    const [x, y] = [t1!.players[0], t2!.players[1]];
    expect(thenEvents(held, swap(x, y))).toEqual([{ type: 'PairingFixed', data: { round: 1, swap: [x, y] } }]);
    const fixed = open(run(held, swap(x, y))).rounds[0]!;
    expect(fixed.matches[0]!.players).toEqual([y, t1!.players[1]]);
    expect(fixed.matches[1]!.players).toEqual([t2!.players[0], x]);
    expect([fixed.tableOf.get(x), fixed.tableOf.get(y)]).toEqual([2, 1]);
    // The original state is left as it was.
    expect(round.matches[0]!.players).toEqual(t1!.players);

    const withBye = open(run(held, swap(bye, x))).rounds[0]!;
    expect(withBye.byes).toEqual([x]);
    expect(withBye.tableOf.get(bye)).toBe(1);
    expect(withBye.tableOf.has(x)).toBe(false);

    expect(en(thenError(held, swap(x, t1!.players[1]), 'invalid-command').problem)).toMatch(/same table/);
    expect(en(thenError(held, swap(x, 'zz'), 'invalid-command').problem)).toMatch(/not paired in round 1: zz/);
    thenError(run(held, publish(1)), swap(x, y), 'round-not-held');
  });

  it('an elimination round follows the seeds: it is held and published, never swapped', () => {
    const bracket = open(
      run(
        given(
          created({ kind: 'single-elimination' }),
          registered('a'),
          registered('b'),
          registered('c'),
          registered('d'),
        ),
        pair(1),
      ),
    );
    const [m1, m2] = bracket.rounds[0]!.matches;
    expect(en(thenError(bracket, swap(m1!.players[0], m2!.players[0]), 'invalid-command').problem)).toMatch(
      /follows the seeds/,
    );
    expect(thenEvents(bracket, publish(1))[0]).toEqual({ type: 'RoundPublished', data: { round: 1 } });
  });
});

describe('announcements', () => {
  const playing = given(
    ...five,
    swissRound(
      1,
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      'e',
    ),
  );

  it('go to everyone or to one table of the round the players see, numbered, with who posted them', () => {
    expect(thenEvents(playing, announce({ text: { ja: '14時に次の回戦', en: 'next round at 14:00' } }))).toEqual([
      {
        type: 'Announced',
        data: {
          id: 1,
          text: { ja: '14時に次の回戦', en: 'next round at 14:00' },
          round: null,
          table: null,
          by: { id: 'judge', role: 'judge' },
        },
      },
    ]);
    const s = run(run(playing, announce({ text: { en: ' all ' } })), announce({ text: { ja: '2卓へ' }, table: 2 }));
    const t = open(s);
    const round = t.rounds[0];
    expect(announcementsFor(t, round, 'c').map((a) => a.text)).toEqual([{ ja: '2卓へ' }, { en: 'all' }]);
    expect(announcementsFor(t, round, 'a').map((a) => a.id)).toEqual([1]);
    expect(announcementsFor(t, round, null).map((a) => a.id)).toEqual([1]);
  });

  it('a table names one of the round players see: a held round does not count', () => {
    const held = run(
      given(
        ...five,
        swissRound(
          1,
          [
            ['a', 'b'],
            ['c', 'd'],
          ],
          'e',
        ),
        reported(1, 1, ['a', 'a']),
        reported(1, 2, ['c', 'c']),
        ended(1),
      ),
      pair(2),
    );
    const table = thenEvents(held, announce({ text: { en: 'x' }, table: 2 }))[0];
    expect(table).toMatchObject({ data: { round: 1, table: 2 } });
    thenError(held, announce({ text: { en: 'x' }, table: 3 }), 'table-not-found');
    expect(en(thenError(given(...five), announce({ text: { en: 'x' }, table: 1 }), 'invalid-command').problem)).toMatch(
      /no round has been published/,
    );
  });

  it('refuse an empty, a too long or a control-character text, naming the field', () => {
    expect(thenError(playing, announce({ text: {} }), 'invalid-command').field).toBe('text');
    expect(thenError(playing, announce({ text: { ja: '  ' } }), 'invalid-command').field).toBe('text.ja');
    const long = thenError(playing, announce({ text: { en: 'x'.repeat(ANNOUNCEMENT_CHARS + 1) } }), 'invalid-command');
    expect(long.field).toBe('text.en');
    expect(en(long.problem)).toContain(`at most ${ANNOUNCEMENT_CHARS} characters`);
    expect(thenEvents(playing, announce({ text: { ja: '字'.repeat(ANNOUNCEMENT_CHARS) } }))).toHaveLength(1);
    expect(thenError(playing, announce({ text: { en: 'a\u0007b' } }), 'invalid-command').field).toBe('text.en');
    thenError(playing, announce({ text: { en: 'x' }, table: 0 }), 'invalid-command');
    thenError(
      playing,
      { ...announce({ text: { en: 'x' } }), meta: { at: at(1), actor: { id: 'a', role: 'player' } } },
      'role-required',
    );
  });
});
