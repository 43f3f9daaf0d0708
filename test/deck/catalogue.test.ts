import { describe, expect, it } from 'vitest';
import { parseCardJsonl, writeCardJsonl } from '../../src/core/deck/card-jsonl-format.js';
import { buildCatalogue, mergeCards, type Card } from '../../src/core/deck/catalogue.js';
import { parseYgoprodeckJson } from '../../src/core/deck/ygoprodeck-format.js';

const stardust: Card = {
  passcode: 44508094,
  nameJa: 'スターダスト・ドラゴン',
  nameEn: 'Stardust Dragon',
  category: 'monster',
  zone: 'synchro',
  ocg: '2008-04-19',
  altPasscodes: [44508095],
};

describe('card JSON lines', () => {
  it('reads the shared cards.jsonl rows as they are', () => {
    const row =
      '{"passcode": 44508094, "name_en": "Stardust Dragon", "name_ja": "スターダスト・ドラゴン", "kind": "extra", "card_type": "Monster", "type": "Dragon / Synchro / Effect", "extra_type": "synchro", "konami_id": 7734, "ocg_date": "2008-04-19", "tcg_date": "2008-08-19", "alt_passcodes": [44508095], "limit_current": {"tcg": "Unlimited", "ocg": "Unlimited"}, "sources": ["yaml-yugi", "ygojson"]}';
    const tcgOnly =
      '{"passcode": 68811206, "name_en": "Tyler the Great Warrior", "name_ja": null, "kind": "main", "card_type": "Monster", "extra_type": null, "ocg_date": null, "alt_passcodes": []}';
    expect(parseCardJsonl(`${row}\n${tcgOnly}\n`)).toEqual({
      cards: [
        stardust,
        {
          passcode: 68811206,
          nameJa: null,
          nameEn: 'Tyler the Great Warrior',
          category: 'monster',
          zone: 'main',
          ocg: false,
          altPasscodes: [],
        },
      ],
      skipped: [],
      errors: [],
    });
  });

  it("reads and writes shinpan's compact rows", () => {
    const text = writeCardJsonl([stardust]);
    expect(text).toBe(
      '{"id":44508094,"ja":"スターダスト・ドラゴン","en":"Stardust Dragon","cat":"monster","zone":"synchro","ocg":"2008-04-19","alt":[44508095]}\n',
    );
    expect(parseCardJsonl(text).cards).toEqual([stardust]);
  });

  it('skips tokens with the reason, and reports broken lines by number', () => {
    const text = [
      '{"passcode": 904186, "name_en": "Mecha Phantom Beast Token", "name_ja": "幻獣機トークン", "card_type": "token"}',
      '{"id": "abc", "en": "x"}',
      '{"id": 1, "zone": "pendulum", "en": "x"}',
      'not json',
      '',
      '{"id": 2}',
      '{"passcode": 3, "name_en": "x", "kind": "extra", "extra_type": null}',
      '{"name": "no id"}',
    ].join('\n');
    const parsed = parseCardJsonl(text);
    expect(parsed.cards).toEqual([]);
    expect(parsed.skipped).toEqual([
      {
        line: 1,
        passcode: 904186,
        reason: { en: 'a token, not a deck card', ja: 'トークン（デッキに入らないカード）' },
      },
    ]);
    expect(parsed.errors.map((e) => [e.line, e.message.en])).toEqual([
      [2, 'id: expected a passcode (a whole number of up to 9 digits), got "abc"'],
      [3, 'zone: expected one of main, fusion, synchro, xyz, link, got "pendulum"'],
      [4, 'not valid JSON'],
      [6, 'ja, en: a card needs a name'],
      [7, 'extra_type: expected one of fusion, synchro, xyz, link, got null'],
      [8, 'a card row needs "id" (shinpan) or "passcode" (cards.jsonl)'],
    ]);
  });
});

describe('YGOPRODeck card JSON', () => {
  const dump = JSON.stringify({
    data: [
      {
        id: 44508094,
        name: 'Stardust Dragon',
        type: 'Synchro Monster',
        frameType: 'synchro',
        card_images: [{ id: 44508094 }, { id: 44508095 }],
        misc_info: [{ ocg_date: '2008-04-19', formats: ['OCG', 'TCG'] }],
      },
      {
        id: 68811206,
        name: 'Tyler the Great Warrior',
        type: 'Effect Monster',
        frameType: 'effect',
        misc_info: [{ tcg_date: '2005-08-05', formats: ['TCG'] }],
      },
      {
        id: 5318639,
        name: 'Mystical Space Typhoon',
        type: 'Spell Card',
        frameType: 'spell',
        card_images: [{ id: 5318639 }],
      },
      {
        id: 1861629,
        name: 'Decode Talker',
        type: 'Link Monster',
        frameType: 'link',
        misc_info: [{ formats: ['OCG', 'TCG'] }],
      },
      { id: 904186, name: 'Mecha Phantom Beast Token', type: 'Token', frameType: 'token' },
      { id: 300102004, name: 'Destiny Board', type: 'Skill Card', frameType: 'skill' },
    ],
  });

  it('reads cards, alternate artworks and OCG dates, and skips tokens and skills', () => {
    const parsed = parseYgoprodeckJson(dump);
    expect(parsed.errors).toEqual([]);
    expect(parsed.cards.map((c) => [c.passcode, c.nameEn, c.category, c.zone, c.ocg, c.altPasscodes])).toEqual([
      [44508094, 'Stardust Dragon', 'monster', 'synchro', '2008-04-19', [44508095]],
      [68811206, 'Tyler the Great Warrior', 'monster', 'main', false, []],
      [5318639, 'Mystical Space Typhoon', 'spell', 'main', true, []],
      [1861629, 'Decode Talker', 'monster', 'link', true, []],
    ]);
    expect(parsed.skipped.map((s) => [s.passcode, s.reason.en])).toEqual([
      [904186, 'a token, not a deck card'],
      [300102004, 'a Speed Duel skill, not an OCG card'],
    ]);
  });

  it('names the broken field by its path, and reports progress', () => {
    const seen: number[] = [];
    const parsed = parseYgoprodeckJson(
      '[{"id": 1, "name": "x", "frameType": "effect"}, {"id": 2, "frameType": "effect"}]',
      (done) => seen.push(done),
    );
    expect(parsed.errors.map((e) => e.message.en)).toEqual(['data[1].name: expected text, got nothing']);
    expect(seen).toEqual([2]);
    expect(parseYgoprodeckJson('{"cards": []}').errors.map((e) => e.message.en)).toEqual(['data: expected an array']);
  });
});

describe('buildCatalogue', () => {
  it('indexes alternate passcodes to their card', () => {
    const { catalogue, skipped } = buildCatalogue([stardust]);
    expect(catalogue.byPasscode.get(44508095)).toBe(catalogue.byPasscode.get(44508094));
    expect(skipped).toEqual([]);
  });

  it('keeps the first card of a passcode and never lets an alias shadow a card', () => {
    const other: Card = { ...stardust, passcode: 1, nameEn: 'Other', altPasscodes: [44508094] };
    const dup: Card = { ...stardust, nameEn: 'Duplicate' };
    const { catalogue, skipped } = buildCatalogue([stardust, other, dup]);
    expect(catalogue.cards.map((c) => [c.passcode, c.altPasscodes])).toEqual([
      [44508094, [44508095]],
      [1, []],
    ]);
    expect(catalogue.byPasscode.get(44508094)?.nameEn).toBe('Stardust Dragon');
    expect(skipped.map((s) => s.reason.en)).toEqual([
      'passcode already used by 44508094 Stardust Dragon',
      'alternate passcode of 1 Other already used by 44508094 Stardust Dragon',
    ]);
  });
});

describe('mergeCards', () => {
  it('fills what the first source lacks from later ones', () => {
    const fromCdb: Card = { ...stardust, nameJa: null, ocg: true, altPasscodes: [] };
    const fromJsonl: Card = { ...stardust, nameEn: 'ignored', altPasscodes: [44508095] };
    expect(mergeCards([[fromCdb], [fromJsonl]])).toEqual([{ ...stardust }]);
  });
});
