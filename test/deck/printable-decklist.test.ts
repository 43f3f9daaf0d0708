import { describe, expect, it } from 'vitest';
import { printableDecklist } from '../../src/core/deck/printable-decklist.js';
import { P, shippedCatalogue } from './shipped.js';

const catalogue = shippedCatalogue();
const deck = {
  main: [P.quickdraw, P.quickdraw, P.monsterReborn, P.monsterRebornAlt, 44095762, 99999999],
  extra: [P.stardust, P.stardustAlt],
  side: [],
};

describe('printableDecklist', () => {
  it('prints the Japanese registration sheet by card type, alternate artworks under their card', () => {
    expect(
      printableDecklist(deck, catalogue, 'ja', { player: '遊星', event: 'シティリーグ', date: '2011-06-01' }),
    ).toBe(
      [
        'デッキリスト（登録用）',
        '',
        '大会名: シティリーグ',
        '日付: 2011-06-01',
        '氏名: 遊星',
        'プレイヤーID: ______________________',
        '',
        'メインデッキ (6枚)',
        '  モンスターカード (2枚)',
        '     2  クイック・シンクロン',
        '  魔法カード (2枚)',
        '     2  死者蘇生',
        '  罠カード (1枚)',
        '     1  聖なるバリア －ミラーフォース－',
        '  種類不明のカード (1枚)',
        '     1  不明なカード（99999999）',
        '',
        'エクストラデッキ (2枚)',
        '   2  スターダスト・ドラゴン',
        '',
        'サイドデッキ (0枚)',
        '  （なし）',
        '',
        '署名: ______________________',
        '',
      ].join('\n'),
    );
  });

  it('prints the English sheet with blank fields to fill in', () => {
    const sheet = printableDecklist({ main: [P.sangan], extra: [], side: [P.heavyStorm] }, catalogue, 'en');
    expect(sheet.split('\n').slice(0, 14)).toEqual([
      'Decklist (registration)',
      '',
      'Event: ______________________',
      'Date: ______________________',
      'Name: ______________________',
      'Player ID: ______________________',
      '',
      'Main Deck (1 card)',
      '  Monster cards (1 card)',
      '     1  Sangan',
      '  Spell cards (0 cards)',
      '    (none)',
      '  Trap cards (0 cards)',
      '    (none)',
    ]);
    expect(sheet).toContain('Side Deck (1 card)\n   1  Heavy Storm\n');
  });
});
