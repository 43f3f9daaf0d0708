import { describe, expect, it } from 'vitest';
import { parseTextDecklist, writeTextDecklist } from '../../src/core/deck/text-decklist-format.js';
import { P, shippedCatalogue } from './shipped.js';

const catalogue = shippedCatalogue();

describe('parseTextDecklist', () => {
  it('reads Japanese and English names in the usual count forms, under section headings', () => {
    const text = [
      'Main Deck (6)',
      '3 クイック・シンクロン',
      '2x Junk Synchron',
      'Mystical Space Typhoon x1',
      '',
      '【エクストラデッキ】',
      'スターダスト・ドラゴン ×1',
      '## Side:',
      '死者蘇生 1枚',
    ].join('\n');
    expect(parseTextDecklist(text, catalogue)).toEqual({
      ok: true,
      value: {
        main: [P.quickdraw, P.quickdraw, P.quickdraw, P.junkSynchron, P.junkSynchron, P.mst],
        extra: [P.stardust],
        side: [P.monsterReborn],
      },
    });
  });

  it('matches names across full-width letters, spacing and punctuation, and takes passcodes', () => {
    const text = '1 ｸｲｯｸ・ｼﾝｸﾛﾝ\n1 quickdraw synchron\n1 Ｎｏ．３９ 希望皇ホープ\n1 44508095\n';
    const deck = parseTextDecklist(text, catalogue);
    expect(deck).toEqual({
      ok: true,
      value: { main: [P.quickdraw, P.quickdraw, 84013237, P.stardustAlt], extra: [], side: [] },
    });
  });

  it('puts monster / spell / trap headings in the main deck and skips comments', () => {
    const text = '# my deck\nMonsters\n1 Sangan\nSpells:\n1 Monster Reborn\n罠カード（1枚）\n1 Mirror Force\n// end\n';
    const deck = parseTextDecklist(text, catalogue);
    expect(deck.ok && deck.value).toEqual({ main: [P.sangan, P.monsterReborn, 44095762], extra: [], side: [] });
  });

  it('gives the line and the closest names for an unknown card, and drops nothing silently', () => {
    const text = '3 Quickdraw Synchron\n2 Stardust Dragn\n1 スターダスト\n';
    const deck = parseTextDecklist(text, catalogue);
    expect(deck.ok).toBe(false);
    if (deck.ok) return;
    expect(deck.error.map((e) => e.line)).toEqual([2, 3]);
    expect(deck.error[0]?.message.en).toMatch(/^no card named "Stardust Dragn"; closest: Stardust Dragon \(44508094\)/);
    expect(deck.error[1]?.message.ja).toMatch(
      /^「スターダスト」という名前のカードはありません。近い名前: スターダスト・ドラゴン \(44508094\)/,
    );
  });

  it('refuses a line without a count and a count of 0', () => {
    const deck = parseTextDecklist('Sangan\n0 Sangan\nwhat is this\n', catalogue);
    expect(deck.ok ? [] : deck.error.map((e) => [e.line, e.message.en])).toEqual([
      [1, 'no count for "Sangan" (write "3 Sangan" or "3x Sangan")'],
      [2, 'count 0 for "Sangan": 1 to 10'],
      [3, 'not a card line: "what is this" (write "3 Card Name")'],
    ]);
  });
});

describe('writeTextDecklist', () => {
  it('writes counts in order of first appearance and reads back to the same deck, in both languages', () => {
    const deck = {
      main: [P.quickdraw, P.sangan, P.quickdraw, P.monsterRebornAlt],
      extra: [P.stardust],
      side: [99999999],
    };
    const en = writeTextDecklist(deck, catalogue, 'en');
    expect(en).toBe(
      'Main Deck (4)\n2 Quickdraw Synchron\n1 Sangan\n1 83764719\n\nExtra Deck (1)\n1 Stardust Dragon\n\nSide Deck (1)\n1 99999999\n',
    );
    const back = (lang: 'ja' | 'en') => parseTextDecklist(writeTextDecklist(deck, catalogue, lang), catalogue);
    const sorted = {
      main: [P.quickdraw, P.quickdraw, P.sangan, P.monsterRebornAlt],
      extra: [P.stardust],
      side: [99999999],
    };
    expect(back('en')).toEqual({ ok: true, value: sorted });
    expect(back('ja')).toEqual({ ok: true, value: sorted });
  });
});
