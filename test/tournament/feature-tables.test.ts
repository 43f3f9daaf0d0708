import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { featureTables, filmingConsent } from '../../src/core/tournament/feature-tables.js';
import { MAX_FEATURE_TABLES } from '../../src/core/tournament/limits.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { at, created, ended, en, given, meta, registered, run, swissRound, thenError, thenEvents } from './fixtures.js';

/*
 * Issue 43: a player's consent to being filmed (asked at entry, at registration and at the
 * desk; not asked counts as no) and the round's feature tables, which never hold a player who
 * did not say yes.
 */

const consent = (player: string, yes: boolean, role: 'judge' | 'scorekeeper' = 'scorekeeper'): TournamentCommand => ({
  type: 'SetFilmingConsent',
  data: { player, consent: yes },
  meta: meta(role, { at: at(1) }),
});
const feature = (round: number, tables: number[], role: 'organizer' | 'judge' = 'organizer'): TournamentCommand => ({
  type: 'MarkFeatureTables',
  data: { round, tables },
  meta: meta(role, { at: at(2) }),
});
const open = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};
/** a–b at table 1, c–d at table 2 in round 1; a, b and c said yes, d was never asked. */
const field = () =>
  [consent('a', true), consent('b', true), consent('c', true)].reduce(
    run,
    given(
      created(),
      registered('a'),
      registered('b'),
      registered('c'),
      registered('d'),
      swissRound(1, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ),
  );

describe("a player's consent to being filmed", () => {
  it('is not asked until answered, which counts as no; the latest answer counts', () => {
    const t = open(given(created(), registered('a')));
    expect(filmingConsent(t, 'a')).toBe('not-asked');
    expect(thenEvents(t, consent('a', true))).toEqual([
      { type: 'FilmingConsentRecorded', data: { player: 'a', consent: true } },
    ]);
    const yes = open(run(t, consent('a', true)));
    expect(filmingConsent(yes, 'a')).toBe('yes');
    expect(filmingConsent(open(run(yes, consent('a', false))), 'a')).toBe('no');
  });

  it('is asked at the public entry and at staff registration, and recorded with them', () => {
    const opened = run(given(created()), {
      type: 'OpenEntry',
      data: { cap: 8, closesAt: at(60), mode: 'first-come' },
      meta: meta('organizer'),
    });
    const entered = thenEvents(opened, {
      type: 'Enter',
      data: { name: '佐藤 健太', reading: 'サトウ ケンタ', filming: true },
      meta: { at: at(1), actor: { id: 'public', role: 'player' } },
    });
    expect(entered.map((e) => e.type)).toEqual(['EntryReceived', 'PlayerRegistered', 'FilmingConsentRecorded']);
    expect(entered[2]).toEqual({ type: 'FilmingConsentRecorded', data: { player: 'E0001', consent: true } });
    const registeredNo = thenEvents(given(created()), {
      type: 'RegisterPlayer',
      data: { player: { id: 'x', name: 'X' }, filming: false },
      meta: meta('scorekeeper'),
    });
    expect(registeredNo.at(-1)).toEqual({ type: 'FilmingConsentRecorded', data: { player: 'x', consent: false } });
    // Not asked: nothing recorded.
    const plain = thenEvents(given(created()), {
      type: 'RegisterPlayer',
      data: { player: { id: 'x', name: 'X' } },
      meta: meta('scorekeeper'),
    });
    expect(plain.map((e) => e.type)).toEqual(['PlayerRegistered']);
  });

  it('refuses an answer that is not true or false, and an unknown player', () => {
    const t = given(created(), registered('a'));
    const bad = thenError(
      t,
      { type: 'SetFilmingConsent', data: { player: 'a', consent: 'yes' as never }, meta: meta('judge') },
      'invalid-command',
    );
    expect(bad.field).toBe('consent');
    expect(thenError(t, consent('zz', true), 'player-not-found')).toEqual({ player: 'zz' });
    const entry = thenError(
      given(created()),
      {
        type: 'RegisterPlayer',
        data: { player: { id: 'x', name: 'X' }, filming: 1 as never },
        meta: meta('organizer'),
      },
      'invalid-command',
    );
    expect(entry.field).toBe('filming');
  });

  it('is recorded by staff at the desk (judges too), never by a player for themselves', () => {
    const t = given(created(), registered('a'));
    expect(thenEvents(t, consent('a', true, 'judge'))).toHaveLength(1);
    thenError(
      t,
      {
        type: 'SetFilmingConsent',
        data: { player: 'a', consent: true },
        meta: { at: at(1), actor: { id: 'a', role: 'player' } },
      },
      'role-required',
    );
  });
});

describe('feature tables', () => {
  it('are marked for a table whose two players said yes', () => {
    const t = field();
    expect(thenEvents(t, feature(1, [1]))).toEqual([{ type: 'FeatureTablesMarked', data: { round: 1, tables: [1] } }]);
    expect(featureTables(open(run(t, feature(1, [1]))), 1)).toEqual([1]);
  });

  it('refuse a table with a player never asked, naming the player and why', () => {
    const details = thenError(field(), feature(1, [1, 2]), 'filming-consent-missing');
    expect(details).toEqual({ round: 1, table: 2, player: 'd', name: 'Player d', answer: 'not-asked' });
  });

  it('refuse a table with a player who declined', () => {
    const t = run(field(), consent('d', false));
    const details = thenError(t, feature(1, [2]), 'filming-consent-missing');
    expect(details).toMatchObject({ player: 'd', answer: 'no' });
    const decided = thenError(t, feature(1, [2]), 'filming-consent-missing');
    expect(decided.table).toBe(2);
  });

  it('leave a table as soon as one of its players says no', () => {
    const marked = run(field(), feature(1, [1]));
    expect(thenEvents(marked, consent('b', false))).toEqual([
      { type: 'FilmingConsentRecorded', data: { player: 'b', consent: false } },
      { type: 'FeatureTablesMarked', data: { round: 1, tables: [] } },
    ]);
    expect(featureTables(open(run(marked, consent('b', false))), 1)).toEqual([]);
    // A no from a player at no feature table changes only the answer.
    expect(thenEvents(marked, consent('c', false))).toHaveLength(1);
  });

  it('refuse a swap of a held round that seats a player who did not say yes at a feature table', () => {
    const held = given(created(), registered('a'), registered('b'), registered('c'), registered('d'), {
      type: 'RoundPaired',
      data: {
        round: 1,
        stage: 'swiss',
        seatTime: null,
        seed: 1,
        matches: [
          { table: 1, players: ['a', 'b'] },
          { table: 2, players: ['c', 'd'] },
        ],
        byes: [],
        bracket: null,
        held: true,
      },
    });
    const marked = run([consent('a', true), consent('b', true)].reduce(run, held), feature(1, [1]));
    const swap: TournamentCommand = {
      type: 'FixPairing',
      data: { round: 1, swap: ['b', 'd'] },
      meta: meta('organizer'),
    };
    expect(thenError(marked, swap, 'filming-consent-missing')).toMatchObject({ table: 1, player: 'd' });
    const fine = run(marked, consent('d', true));
    expect(thenEvents(fine, swap)).toEqual([{ type: 'PairingFixed', data: { round: 1, swap: ['b', 'd'] } }]);
  });

  it('name only tables of the round, each once, a bounded number, in a round not ended', () => {
    const t = field();
    expect(thenError(t, feature(1, [3]), 'table-not-found')).toEqual({ round: 1, table: 3 });
    expect(en(thenError(t, feature(1, [1, 1]), 'invalid-command').problem)).toContain('given twice');
    const many = Array.from({ length: MAX_FEATURE_TABLES + 1 }, (_, i) => i + 1);
    expect(thenError(t, feature(1, many), 'invalid-command').field).toBe('tables');
    expect(thenError(t, feature(2, [1]), 'round-not-found')).toEqual({ round: 2 });
    expect(thenError(run(t, { ...feature(1, []) }), feature(1, [1], 'judge'), 'role-required')).toBeDefined();
    const over = given(
      created(),
      registered('a'),
      registered('b'),
      swissRound(1, [['a', 'b']]),
      { type: 'ResultReported', data: { round: 1, table: 1, duels: ['a', 'a'], penaltyDuels: [] } },
      ended(1),
    );
    expect(thenError(over, feature(1, []), 'round-already-ended')).toEqual({ round: 1 });
  });
});
