import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { canonicalDecklist, receiptHash } from '../../src/core/tournament/decklist-receipt.js';
import { duplicateWarnings, entryOf, receiptOf, waitingPlace } from '../../src/core/tournament/entry.js';
import type { EntryMode } from '../../src/core/tournament/events.js';
import { findPlayer } from '../../src/core/tournament/state-queries.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { at, created, given, meta, registered, run, swissRound, thenError, thenEvents } from './fixtures.js';

/*
 * Public entry (cap, closing time, waiting list, lottery), duplicates flagged, and the player's
 * own decklist: the deadline, replacement, findings confirmed, the receipt.
 */

const CLOSES = at(60);
const player = (id: string) => ({ id, role: 'player' as const });
const open = (cap: number, mode: EntryMode = 'first-come', closesAt = CLOSES): TournamentCommand => ({
  type: 'OpenEntry',
  data: { cap, closesAt, mode },
  meta: meta('organizer'),
});
const enter = (name: string, reading: string, extra: { cardGameId?: string; at?: string } = {}): TournamentCommand => ({
  type: 'Enter',
  data: { name, reading, ...(extra.cardGameId === undefined ? {} : { cardGameId: extra.cardGameId }) },
  meta: { at: extra.at ?? at(1), actor: player('public') },
});
const tournamentOf = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};
/** Runs the entries one after another; answers the state. */
const entries = (from: TournamentState, ...commands: TournamentCommand[]): Tournament =>
  tournamentOf(commands.reduce(run, from));
const ids = (t: Tournament) => t.players.map((p) => p.id);

describe('public entry', () => {
  it('takes entries up to the cap, gives each an id, keeps the reading and Card Game ID, then refuses', () => {
    const t = entries(
      given(created()),
      open(2),
      enter('佐藤 健太', 'サトウ ケンタ', { cardGameId: '0123456789' }),
      enter('Emily Clark', 'エミリー クラーク'),
    );
    expect(ids(t)).toEqual(['E0001', 'E0002']);
    expect(findPlayer(t, 'E0001')).toMatchObject({
      name: '佐藤 健太',
      reading: 'サトウ ケンタ',
      cardGameId: '0123456789',
    });
    expect(thenError(t, enter('渡辺 蓮', 'ワタナベ レン'), 'entry-full')).toEqual({ cap: 2 });
  });

  it('skips an id staff already gave', () => {
    const t = entries(given(created(), registered('E0001')), open(5), enter('佐藤 健太', 'サトウ ケンタ'));
    expect(ids(t)).toEqual(['E0001', 'E0002']);
  });

  it('refuses before opening, after the closing time, after closing by hand and after round 1 is paired', () => {
    thenError(given(created()), enter('佐藤', 'サトウ'), 'entry-not-open');
    const opened = entries(given(created()), open(10));
    expect(thenError(opened, enter('佐藤', 'サトウ', { at: CLOSES }), 'entry-closed')).toEqual({ closesAt: CLOSES });
    const closed = run(opened, { type: 'CloseEntry', data: {}, meta: meta('organizer') });
    thenError(closed, enter('佐藤', 'サトウ'), 'entry-not-open');
    thenError(
      given(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']])),
      open(10),
      'registration-closed',
    );
  });

  it('checks what the entrant typed, naming the field', () => {
    const opened = given(created(), { type: 'EntryOpened', data: { cap: 10, closesAt: CLOSES, mode: 'first-come' } });
    expect(thenError(opened, enter('佐藤', 'サトウ', { cardGameId: '12345' }), 'invalid-command').field).toBe(
      'cardGameId',
    );
    expect(thenError(opened, enter('佐藤', 'sato'), 'invalid-command').field).toBe('reading');
    expect(thenError(opened, enter('  ', 'サトウ'), 'invalid-command').field).toBe('name');
    expect(thenError(opened, enter('佐'.repeat(101), 'サトウ'), 'invalid-command').field).toBe('name');
    thenError(given(created()), open(0), 'invalid-command');
    thenError(given(created()), open(10, 'first-come', at(-5)), 'invalid-command');
    thenError(opened, open(10), 'entry-already-open');
  });

  it('flags duplicates to staff (same Card Game ID, or same name and reading), without refusing them', () => {
    const t = entries(
      given(created(), {
        type: 'PlayerRegistered',
        data: { player: { id: 'S1', name: '鈴木 翔', reading: 'スズキ ショウ', decklist: null }, entryRound: 1 },
      }),
      open(10),
      enter('佐藤 健太', 'サトウ ケンタ', { cardGameId: '0123456789' }),
    );
    const byId = thenEvents(t, enter('Kenta Sato', 'サトウ ケンタ', { cardGameId: '0123456789' }));
    expect(byId[0]).toMatchObject({ type: 'EntryReceived', data: { duplicateOf: ['E0001'] } });
    const byName = thenEvents(t, enter('鈴木  翔', 'スズキショウ'));
    expect(byName[0]).toMatchObject({ type: 'EntryReceived', data: { duplicateOf: ['S1'] } });
    const fresh = thenEvents(t, enter('渡辺 蓮', 'ワタナベ レン'));
    expect(fresh[0]).toMatchObject({ data: { duplicateOf: [] } });
  });

  it('shows staff each duplicate warning on both entries, the earlier one (or the player staff registered) too', () => {
    const t = entries(
      given(created(), {
        type: 'PlayerRegistered',
        data: { player: { id: 'S1', name: '鈴木 翔', reading: 'スズキ ショウ', decklist: null }, entryRound: 1 },
      }),
      open(10),
      enter('佐藤 健太', 'サトウ ケンタ', { cardGameId: '0123456789' }),
      enter('Kenta Sato', 'サトウ ケンタ', { cardGameId: '0123456789' }),
      enter('鈴木  翔', 'スズキショウ'),
      enter('佐藤健太', 'サトウ ケンタ'),
      enter('渡辺 蓮', 'ワタナベ レン'),
    );
    // As recorded, only the later entry names the earlier.
    expect([...entryOf(t).entrants].map((e) => e.duplicateOf)).toEqual([[], ['E0001'], ['S1'], ['E0001'], []]);
    const warnings = duplicateWarnings(t);
    expect(Object.fromEntries(warnings)).toEqual({
      E0001: ['E0002', 'E0004'],
      E0002: ['E0001'],
      E0003: ['S1'],
      S1: ['E0003'],
      E0004: ['E0001'],
    });
    expect(warnings.get('E0005')).toBeUndefined();
  });

  it('puts entries past the cap on a waiting list that moves up when a registered player withdraws', () => {
    let t = entries(
      given(created()),
      open(2, 'waiting-list'),
      enter('A', 'エー'),
      enter('B', 'ビー'),
      enter('C', 'シー'),
      enter('D', 'ディー'),
    );
    expect(ids(t)).toEqual(['E0001', 'E0002']);
    expect([waitingPlace(t, 'E0003'), waitingPlace(t, 'E0004')]).toEqual([1, 2]);
    const drop: TournamentCommand = { type: 'DropPlayer', data: { player: 'E0001' }, meta: meta('scorekeeper') };
    expect(thenEvents(t, drop).map((e) => e.type)).toEqual(['PlayerDropped', 'PlayerRegistered']);
    t = entries(t, drop);
    expect(ids(t)).toEqual(['E0001', 'E0002', 'E0003']);
    expect([waitingPlace(t, 'E0003'), waitingPlace(t, 'E0004')]).toEqual([null, 1]);
  });

  it('draws a lottery at closing with the organizer seed: the same seed draws the same players', () => {
    const applied = entries(
      given(created()),
      open(3, 'lottery'),
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((n) => enter(n, 'エー')),
    );
    expect(applied.players).toEqual([]);
    expect([...entryOf(applied).entrants].map((e) => e.status)).toEqual(Array(6).fill('applied'));
    const close = (seed: number): TournamentCommand => ({
      type: 'CloseEntry',
      data: { seed },
      meta: meta('organizer', { at: CLOSES }),
    });
    const first = thenEvents(applied, close(42));
    expect(first.map((e) => e.type)).toEqual([
      'EntryClosed',
      'LotteryDrawn',
      'PlayerRegistered',
      'PlayerRegistered',
      'PlayerRegistered',
    ]);
    expect(thenEvents(applied, close(42))).toEqual(first);
    const drawn = first[1]?.type === 'LotteryDrawn' ? first[1].data : null;
    expect(drawn?.seed).toBe(42);
    expect(new Set([...(drawn?.drawn ?? []), ...(drawn?.waiting ?? [])]).size).toBe(6);
    const other = thenEvents(applied, close(43))[1];
    expect(other?.type === 'LotteryDrawn' && other.data.drawn).not.toEqual(drawn?.drawn);
    const after = entries(applied, close(42));
    expect(ids(after)).toEqual(drawn?.drawn);
    expect(waitingPlace(after, drawn?.waiting[0] ?? '')).toBe(1);
    thenError(after, open(3, 'lottery', at(120)), 'lottery-drawn');
  });
});

const deck = (main: number[]) => ({ main, extra: [], side: [] });
const forty = Array.from({ length: 40 }, (_, i) => 10_000_000 + Math.floor(i / 3));
const submit = (
  id: string,
  list: number[],
  extra: { at?: string; findings?: number; confirmed?: boolean } = {},
): TournamentCommand => ({
  type: 'SubmitDecklist',
  data: {
    player: id,
    decklist: deck(list),
    ...(extra.findings === undefined ? {} : { findings: extra.findings }),
    ...(extra.confirmed === undefined ? {} : { confirmed: extra.confirmed }),
  },
  meta: { at: extra.at ?? at(5), actor: player(id) },
});

describe("the player's own decklist", () => {
  const base = given(created(undefined, { decklistsRequired: true }), registered('a'), registered('b'));

  it('gives a receipt that is the same for the same list in any order, different for another list', () => {
    expect(receiptHash(deck(forty))).toBe(receiptHash(deck([...forty].reverse())));
    expect(receiptHash(deck(forty))).not.toBe(receiptHash(deck([...forty.slice(1), 99])));
    expect(receiptHash(deck(forty))).toMatch(/^[0-9A-F]{8}$/);
    expect(canonicalDecklist({ main: [3, 1], extra: [2], side: [] })).toBe('main:1,3;extra:2;side:');
  });

  it('replaces the list before the deadline, keeping both in the log, and answers the receipt', () => {
    const first = thenEvents(base, submit('a', forty));
    expect(first).toEqual([
      {
        type: 'DecklistSubmitted',
        data: { player: 'a', decklist: deck(forty), receipt: receiptHash(deck(forty)), byPlayer: true },
      },
    ]);
    let t = tournamentOf(run(base, submit('a', forty)));
    const other = [...forty.slice(1), 99];
    t = tournamentOf(run(t, submit('a', other, { at: at(6) })));
    expect(findPlayer(t, 'a')?.decklist).toEqual(deck(other));
    expect(receiptOf(t, 'a')).toMatchObject({ at: at(6), hash: receiptHash(deck(other)), byPlayer: true });
    // The same list again stores nothing.
    expect(thenEvents(t, submit('a', [...other].reverse()))).toEqual([]);
  });

  it("refuses after the organizer's deadline with decklist-deadline-passed; staff may still change it before round 1", () => {
    const deadline = at(30);
    const set: TournamentCommand = { type: 'SetDecklistDeadline', data: { until: deadline }, meta: meta('organizer') };
    const t = run(base, set);
    thenEvents(t, submit('a', forty, { at: at(29) }));
    expect(thenError(t, submit('a', forty, { at: deadline }), 'decklist-deadline-passed')).toEqual({
      player: 'a',
      deadline,
    });
    const staff: TournamentCommand = {
      type: 'SubmitDecklist',
      data: { player: 'a', decklist: deck(forty) },
      meta: meta('scorekeeper', { at: at(40) }),
    };
    expect(thenEvents(t, staff)[0]).toMatchObject({
      type: 'DecklistSubmitted',
      data: { receipt: receiptHash(deck(forty)) },
    });
  });

  it('by default closes when round 1 is paired', () => {
    const paired = given(created(), registered('a'), registered('b'), swissRound(1, [['a', 'b']]));
    expect(thenError(paired, submit('a', forty), 'decklist-deadline-passed')).toEqual({ player: 'a', deadline: null });
  });

  it('takes a list with findings only when the player confirms it, and keeps the count for staff', () => {
    expect(thenError(base, submit('a', forty, { findings: 2 }), 'decklist-findings-unconfirmed')).toEqual({
      findings: 2,
    });
    const t = tournamentOf(run(base, submit('a', forty, { findings: 2, confirmed: true })));
    expect(receiptOf(t, 'a')?.findings).toBe(2);
  });

  it("refuses a player's list for another player, and more than the bounded number of changes", () => {
    const other: TournamentCommand = { ...submit('a', forty), meta: { at: at(5), actor: player('b') } };
    thenError(base, other, 'role-required');
    let t: TournamentState = base;
    for (let i = 0; i < 20; i += 1) t = run(t, submit('a', [...forty.slice(1), i]));
    thenError(t, submit('a', forty), 'too-many-decklists');
  });

  it('lets round 1 be paired once every player sent a list, and stops it while one is missing', () => {
    const pair: TournamentCommand = {
      type: 'PairRound',
      data: { round: 1 },
      meta: meta('scorekeeper', { seed: 7, at: at(60) }),
    };
    const one = run(base, submit('a', forty));
    expect(thenError(one, pair, 'decklists-missing')).toEqual({ players: ['b'] });
    const both = run(one, submit('b', forty));
    expect(thenEvents(both, pair).map((e) => e.type)).toEqual(['RoundPaired']);
    // Findings the player confirmed still stop round 1 unless fixed or accepted (the deck checker names them).
    thenError(both, { ...pair, data: { round: 1, decklistFindings: ['a'] } } as TournamentCommand, 'decklists-illegal');
  });
});

describe('decklist publication', () => {
  it('is chosen before entry opens and fixed after', () => {
    const choose: TournamentCommand = {
      type: 'SetDecklistPublication',
      data: { scope: { kind: 'top', top: 8 } },
      meta: meta('organizer'),
    };
    const t = tournamentOf(run(given(created()), choose));
    expect(t.decklists?.publication).toEqual({ kind: 'top', top: 8 });
    const opened = run(t, open(10));
    thenError(opened, { ...choose, data: { scope: { kind: 'all' } } } as TournamentCommand, 'publication-fixed');
    thenError(
      given(created()),
      { ...choose, data: { scope: { kind: 'top', top: 0 } } } as TournamentCommand,
      'invalid-command',
    );
    thenError(given(created()), { ...choose, meta: meta('scorekeeper') }, 'role-required');
  });
});
