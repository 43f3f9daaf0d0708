import { receiptHash } from '../../src/core/tournament/decklist-receipt.js';
import { describe, expect, it } from 'vitest';
import { matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import {
  PACK,
  T0,
  created,
  en,
  given,
  meta,
  registered,
  run,
  settings,
  swissRound,
  thenError,
  thenEvents,
  tournament,
} from './fixtures.js';

const deck = { main: Array.from({ length: 40 }, () => 89631139), extra: [], side: [] };

describe('CreateTournament', () => {
  it('records the settings and the whole policy pack', () => {
    const events = thenEvents(given(), {
      type: 'CreateTournament',
      data: { tournamentId: 't1', settings: settings(), pack: PACK },
      meta: meta('organizer'),
    });
    expect(events).toEqual([
      { type: 'TournamentCreated', data: { tournamentId: 't1', settings: settings(), pack: PACK } },
    ]);
    expect(
      events[0]?.type === 'TournamentCreated' && events[0].data.pack.content.timing['duel-loss']['in-duel'].propose,
    ).toBe('current-duel');
  });

  it('refuses a second creation, a bad date, an unknown top-cut size and a non-organizer', () => {
    const create = (s = settings(), role: 'organizer' | 'judge' = 'organizer') =>
      ({ type: 'CreateTournament', data: { tournamentId: 't1', settings: s, pack: PACK }, meta: meta(role) }) as const;
    thenError(given(created()), create(), 'tournament-exists');
    expect(thenError(given(), create({ ...settings(), date: '2009-02-30' }), 'invalid-command')).toEqual({
      field: 'settings.date',
      problem: { ja: '2009-03-01 の形式の日付が必要です', en: 'expected a date like 2009-03-01' },
    });
    expect(
      thenError(given(), create(settings({ kind: 'swiss', rounds: 3, topCut: 6 as 8 })), 'invalid-command').field,
    ).toBe('settings.structure.topCut');
    expect(thenError(given(), create(settings(), 'judge'), 'role-required')).toEqual({
      roles: ['organizer'],
      actual: 'judge',
    });
  });

  it('refuses every other command before the tournament exists', () => {
    thenError(
      given(),
      { type: 'RegisterPlayer', data: { player: { id: '1', name: 'A' } }, meta: meta('organizer') },
      'tournament-not-found',
    );
  });
});

describe('RegisterPlayer', () => {
  const register = (id: string, name = '遊城十代') =>
    ({ type: 'RegisterPlayer', data: { player: { id, name } }, meta: meta('scorekeeper') }) as const;

  it('registers a player with a Japanese name, entering at round 1', () => {
    expect(thenEvents(given(created()), register('0012345678', '遊城十代'))).toEqual([
      {
        type: 'PlayerRegistered',
        data: { player: { id: '0012345678', name: '遊城十代', decklist: null }, entryRound: 1 },
      },
    ]);
  });

  it('refuses control characters in a name, whichever entry point (CLI, CSV import, HTTP) sent it', () => {
    for (const name of ['遊城\u0000十代', 'Bell\u0007', 'abc\u202Etxt.exe', 'esc\u001b[31m', 'c1\u0085']) {
      const problem = thenError(given(created()), register('3', name), 'invalid-command');
      expect(problem.field).toBe('player.name');
      expect((problem.problem as { en: string }).en).toMatch(
        /^control character U\+[0-9A-F]{4} at character \d+ \(remove it\)$/,
      );
    }
    // Tabs and line breaks are layout, not controls: a reason may span lines.
    expect(thenEvents(given(created()), register('4', '十代 (Jaden)'))).toHaveLength(1);
  });

  it('refuses a duplicate id and a blank name', () => {
    thenError(given(created(), registered('1')), register('1'), 'duplicate-player');
    expect(thenError(given(created()), register('2', '  '), 'invalid-command').field).toBe('player.name');
    expect(thenError(given(created()), register('draw'), 'invalid-command').field).toBe('player.id');
  });

  it('takes a late entry while only round 1 is paired; round 1 then counts as a missed round', () => {
    const state = given(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']]));
    const events = thenEvents(state, register('c'));
    expect(events).toEqual([
      { type: 'PlayerRegistered', data: { player: { id: 'c', name: '遊城十代', decklist: null }, entryRound: 2 } },
    ]);
    const t = tournament(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']]), ...events);
    expect(standingsPlayers(t).find((p) => p.id === 'c')).toEqual({
      id: 'c',
      name: '遊城十代',
      dropped: false,
      rankWithdrawn: false,
      missedRounds: 1,
    });
    expect(standingsPlayers(t).find((p) => p.id === 'a')).toEqual({
      id: 'a',
      name: 'Player a',
      dropped: false,
      rankWithdrawn: false,
    });
    const row = computeStandings(standingsPlayers(t), matchRecords(t)).find((r) => r.player === 'c');
    expect(row).toMatchObject({ points: 0, matchesPlayed: 1, losses: 1 });
  });

  it('closes registration once round 2 is paired, and for single elimination once round 1 is', () => {
    const swiss = given(
      created(),
      registered('a'),
      registered('b'),
      swissRound(1, [['a', 'b']]),
      swissRound(2, [['a', 'b']]),
    );
    expect(en(thenError(swiss, register('c'), 'registration-closed').reason)).toBe('round 2 has been paired');
    const elimination = given(created({ kind: 'single-elimination' }), registered('a'), registered('b'), {
      type: 'RoundPaired',
      data: {
        round: 1,
        stage: 'top-cut',
        seatTime: T0,
        seed: 1,
        matches: [{ table: 1, players: ['a', 'b'] }],
        byes: [],
        bracket: [{ kind: 'match', table: 1 }],
      },
    });
    thenError(elimination, register('c'), 'registration-closed');
  });

  it('needs a decklist from a late entry when decklists are required', () => {
    const state = given(
      created(undefined, { decklistsRequired: true }),
      registered('a'),
      registered('b'),
      swissRound(1, [['a', 'b']]),
    );
    expect(thenError(state, register('c'), 'decklists-missing')).toEqual({ players: ['c'] });
  });
});

describe('SubmitDecklist', () => {
  const submit = (player: string) =>
    ({ type: 'SubmitDecklist', data: { player, decklist: deck }, meta: meta('scorekeeper') }) as const;

  it('records the decklist before the player first plays', () => {
    expect(thenEvents(given(created(), registered('a')), submit('a'))).toEqual([
      { type: 'DecklistSubmitted', data: { player: 'a', decklist: deck, receipt: receiptHash(deck) } },
    ]);
  });

  it('refuses an unknown player and a player who has started playing', () => {
    thenError(given(created()), submit('zz'), 'player-not-found');
    thenError(
      given(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']])),
      submit('a'),
      'decklist-locked',
    );
  });
});

describe('CorrectDecklist', () => {
  const correct = (
    player: string,
    role: 'head-judge' | 'scorekeeper' | 'organizer' = 'head-judge',
    reason = '禁止カードを差し替え',
  ) => ({ type: 'CorrectDecklist', data: { player, decklist: deck, reason }, meta: meta(role) }) as const;
  const played = () => given(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']]));

  it('after round 1: the head judge registers the corrected list with the reason, and it becomes the registered list', () => {
    const [event] = thenEvents(played(), correct('a'));
    expect(event).toMatchObject({
      type: 'DecklistCorrected',
      data: { player: 'a', decklist: deck, reason: '禁止カードを差し替え', afterRound: 1, by: { role: 'head-judge' } },
    });
    const after = run(played(), correct('a'));
    expect(after.status !== 'none' && after.players.find((p) => p.id === 'a')?.decklist).toEqual(deck);
  });

  it("is the head judge's alone, needs a reason, and is not for a list that may still be replaced", () => {
    thenError(played(), correct('a', 'scorekeeper'), 'role-required');
    thenError(played(), correct('a', 'organizer'), 'role-required');
    thenError(played(), correct('a', 'head-judge', '  '), 'invalid-command');
    thenError(given(created(), registered('a')), correct('a'), 'decklist-not-locked');
    thenError(played(), correct('zz'), 'player-not-found');
  });
});

describe('DropPlayer', () => {
  const drop = (player: string) =>
    ({ type: 'DropPlayer', data: { player, reason: '体調不良' }, meta: meta('scorekeeper') }) as const;

  it('drops a registered player after the latest round', () => {
    const state = given(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']]));
    expect(thenEvents(state, drop('a'))).toEqual([
      { type: 'PlayerDropped', data: { player: 'a', afterRound: 1, reason: '体調不良' } },
    ]);
  });

  it('refuses a second drop, an unknown player, and re-entry after a drop', () => {
    const state = given(created(), registered('a'), {
      type: 'PlayerDropped',
      data: { player: 'a', afterRound: 0, reason: null },
    });
    thenError(state, drop('a'), 'player-dropped');
    thenError(state, drop('x'), 'player-not-found');
    thenError(
      state,
      { type: 'RegisterPlayer', data: { player: { id: 'a', name: 'again' } }, meta: meta('organizer') },
      'player-dropped',
    );
  });
});
