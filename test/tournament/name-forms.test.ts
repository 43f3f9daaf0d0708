import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlayersCsv } from '../../src/app/csv-players.js';
import { cardGameIdForm, nameKey } from '../../src/core/names/normal-form.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { entryOf } from '../../src/core/tournament/entry.js';
import type { EventDraft } from '../../src/core/tournament/events.js';
import { at, created, en, given, meta, run, thenError, thenEvents } from './fixtures.js';

/*
 * Names, readings and Card Game IDs in one compared form, whatever typed them (#37 Low 13):
 * the duplicate warning sees ヤマダ and やまだ, full-width and half-width, upper and lower case,
 * and names with characters that show nothing as the same; a name that shows nothing is
 * refused naming its field; a Card Game ID typed with dashes, spaces or full-width digits is
 * its ten digits.
 */

const opened: EventDraft = { type: 'EntryOpened', data: { cap: 100, closesAt: at(60), mode: 'first-come' } };
const enter = (name: string, reading: string, cardGameId?: string): TournamentCommand => ({
  type: 'Enter',
  data: { name, reading, ...(cardGameId === undefined ? {} : { cardGameId }) },
  meta: { at: at(1), actor: { id: 'public', role: 'player' } },
});
const staffRegistered = (id: string, name: string, reading?: string): EventDraft => ({
  type: 'PlayerRegistered',
  data: { player: { id, name, ...(reading === undefined ? {} : { reading }), decklist: null }, entryRound: 1 },
});
const duplicatesOf = (state: ReturnType<typeof given>, command: TournamentCommand): readonly string[] => {
  const received = thenEvents(state, command)[0];
  if (received?.type !== 'EntryReceived') throw new Error('expected EntryReceived');
  return received.data.duplicateOf;
};

/** Characters that show nothing, as pasted from a chat or a name generator. */
const INVISIBLE = ['\u200B', '\u2060', '\u00AD', '\u200F', '\u061C', '\uFE0F', '\u200D', '\uFEFF', '\u3164'];

describe('the duplicate warning compares names in one form', () => {
  const base = given(created(), staffRegistered('S1', '山田 太郎', 'ヤマダ タロウ'), opened);

  it('sees katakana and hiragana, full and half width, and upper and lower case as the same', () => {
    expect(duplicatesOf(base, enter('山田 太郎', 'やまだ たろう'))).toEqual(['S1']);
    expect(duplicatesOf(base, enter('山田太郎', 'ﾔﾏﾀﾞﾀﾛｳ'))).toEqual(['S1']);
    const latin = run(base, enter('Taro Yamada', 'ヤマダ タロウ'));
    expect(duplicatesOf(latin, enter('ＴＡＲＯ　ＹＡＭＡＤＡ', 'やまだ・たろう'))).toEqual(['E0001']);
  });

  it('passes over characters that show nothing, in the name and in the reading', () => {
    for (const c of INVISIBLE) {
      expect(
        duplicatesOf(base, enter(`山田${c} 太郎`, 'ヤマダ タロウ')),
        `U+${c.codePointAt(0)?.toString(16)}`,
      ).toEqual(['S1']);
      expect(duplicatesOf(base, enter(`山田 太郎${c}`, `やまだ${c}たろう`))).toEqual(['S1']);
    }
  });

  it('still tells different people apart', () => {
    expect(duplicatesOf(base, enter('山田 次郎', 'ヤマダ ジロウ'))).toEqual([]);
    expect(duplicatesOf(base, enter('山田 太郎', 'ヤマダ タロ'))).toEqual([]);
  });

  it('follows a name staff corrected: the new name is found, the old one no longer', () => {
    const renamed = run(base, {
      type: 'ChangePlayerDetails',
      data: { player: 'S1', name: '山田 一郎', reading: 'ヤマダ イチロウ' },
      meta: meta('organizer'),
    });
    expect(duplicatesOf(renamed, enter('山田 太郎', 'やまだ たろう'))).toEqual([]);
    expect(duplicatesOf(renamed, enter('山田 一郎', 'やまだ いちろう'))).toEqual(['S1']);
  });
});

describe('a name that shows nothing', () => {
  const blanks = ['\u3164', '\u2800', '\u200B', '\u3000\uFEFF', ' \u3164 \u2800 ', '\uFE0F\u200D'];

  it('is refused from public entry, naming the field and the character', () => {
    const state = given(created(), opened);
    for (const name of blanks) {
      const error = thenError(state, enter(name, 'ヤマダ'), 'invalid-command');
      expect(error.field, JSON.stringify(name)).toBe('name');
      expect(en(error.problem)).toMatch(/show nothing|non-empty/);
    }
    expect(en(thenError(state, enter('\u3164', 'ヤマダ'), 'invalid-command').problem)).toContain('U+3164');
  });

  it('is refused when staff register or rename a player, and in a CSV import, naming the line', () => {
    const state = given(created(), staffRegistered('S1', '山田'));
    const register: TournamentCommand = {
      type: 'RegisterPlayer',
      data: { player: { id: 'S2', name: '\u2800' } },
      meta: meta('organizer'),
    };
    expect(thenError(state, register, 'invalid-command').field).toBe('player.name');
    const rename: TournamentCommand = {
      type: 'ChangePlayerDetails',
      data: { player: 'S1', name: '\u3164\u3164' },
      meta: meta('organizer'),
    };
    expect(thenError(state, rename, 'invalid-command').field).toBe('name');
    const csv = parsePlayersCsv('id,name\n1,山田\n2,\u3164\n3,\u200B\u2800\n');
    expect(csv.ok).toBe(false);
    if (!csv.ok) {
      expect(csv.error.map((p) => p.line)).toEqual([3, 4]);
      expect(csv.error[0]?.message.en).toContain('U+3164');
    }
  });

  it('is no reading either', () => {
    const error = thenError(given(created(), opened), enter('山田', '\u3164'), 'invalid-command');
    expect(error.field).toBe('reading');
  });

  it('is not a name with something visible among the invisible', () => {
    expect(thenEvents(given(created(), opened), enter('\u3164山田\u200B', 'ヤマダ'))[0]?.type).toBe('EntryReceived');
  });
});

describe('a Card Game ID typed with dashes, spaces or full-width digits', () => {
  it('is kept as its ten digits and found against the same ID however typed', () => {
    const state = given(created(), staffRegistered('0999-888-777', '鈴木'), opened);
    const first = run(state, enter('佐藤', 'サトウ', '０１２３−４５６７−８９'));
    if (first.status === 'none') throw new Error('no tournament');
    expect(entryOf(first).entrants.latest('E0001')?.cardGameId).toBe('0123456789');
    expect(duplicatesOf(first, enter('Sato', 'サトウ ケン', '0123 4567 89'))).toEqual(['E0001']);
    expect(duplicatesOf(first, enter('Suzuki', 'スズキ', '0999888777'))).toEqual(['0999-888-777']);
  });

  it('is refused when it is not ten digits, naming the field', () => {
    const state = given(created(), opened);
    for (const typed of ['0123-4567-8', '0123-4567-890', 'A123456789', '12345'])
      expect(thenError(state, enter('佐藤', 'サトウ', typed), 'invalid-command').field).toBe('cardGameId');
  });
});

describe('the compared form (properties)', () => {
  const toKatakana = (s: string) =>
    [...s].map((c) => (c >= '\u3041' && c <= '\u3096' ? String.fromCodePoint(c.codePointAt(0)! + 0x60) : c)).join('');
  const toFullWidth = (s: string) =>
    [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');
  const hiragana = fc.integer({ min: 0x3041, max: 0x3093 }).map((c) => String.fromCodePoint(c));
  const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789山田太郎鈴木');
  const text = fc.array(fc.oneof(hiragana, letter), { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));
  /** `s` with characters that show nothing and spaces put in at the given places. */
  const sprinkled = (s: string, at: readonly [number, string][]) => {
    const chars = [...s];
    for (const [i, c] of at) chars.splice(i % (chars.length + 1), 0, c);
    return chars.join('');
  };
  const extras = fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLE, ' ', '\u3000')), { maxLength: 4 });

  it('is the same for a name typed in katakana, full width, upper case or with invisible characters', () => {
    fc.assert(
      fc.property(text, text, extras, extras, (name, reading, e1, e2) => {
        const typed = sprinkled(toFullWidth(name.toUpperCase()), e1);
        expect(nameKey(typed, sprinkled(toKatakana(reading), e2))).toBe(nameKey(name, reading));
      }),
    );
  });

  it('reads any ten digits back however they are typed, and nothing else', () => {
    const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 }).map((d) => d.join(''));
    const separator = fc.constantFrom('-', ' ', '－', '―', 'ー', '\u3000', '\u200B');
    fc.assert(
      fc.property(digits, fc.array(fc.tuple(fc.nat(), separator), { maxLength: 3 }), fc.boolean(), (id, seps, wide) => {
        const typed = sprinkled(wide ? toFullWidth(id) : id, seps);
        expect(cardGameIdForm(typed)).toBe(id);
        expect(cardGameIdForm(`${typed}1`)).toBeNull();
      }),
    );
  });
});
