import { describe, expect, it } from 'vitest';
import { editDistance, lookupCardName, normalizeName } from '../../src/core/deck/card-names.js';
import { buildCatalogue, type Card } from '../../src/core/deck/catalogue.js';
import { P, shippedCatalogue } from './shipped.js';

const catalogue = shippedCatalogue();

describe('card names', () => {
  it('normalises width, case, spaces and punctuation', () => {
    expect(normalizeName('ＢＦ－疾風のゲイル')).toBe('bf疾風のゲイル');
    expect(normalizeName('Blackwing - Gale the Whirlwind')).toBe('blackwinggalethewhirlwind');
    expect(normalizeName('Maxx "C"')).toBe('maxxc');
  });

  it('finds a card by either name', () => {
    const ja = lookupCardName(catalogue, 'bf-疾風のゲイル');
    const en = lookupCardName(catalogue, 'BLACKWING – GALE THE WHIRLWIND');
    expect(ja.kind === 'found' && ja.card.passcode).toBe(2009101);
    expect(en.kind === 'found' && en.card.passcode).toBe(2009101);
  });

  it('suggests names containing what was typed first, then near misspellings', () => {
    const found = lookupCardName(catalogue, 'Stardust');
    expect(found.kind).toBe('unknown');
    if (found.kind !== 'unknown') return;
    expect(found.closest.map((c) => c.passcode)).toEqual([P.stardust, 83994433, 61257789]);
    const typo = lookupCardName(catalogue, 'Monster Rebron');
    expect(typo.kind === 'unknown' && typo.closest[0]?.passcode).toBe(P.monsterReborn);
  });

  it('says when a name belongs to several cards', () => {
    const card = (passcode: number): Card => ({ passcode, nameJa: null, nameEn: 'Twin', category: 'monster', zone: 'main', ocg: true, altPasscodes: [] });
    const found = lookupCardName(buildCatalogue([card(1), card(2)]).catalogue, 'twin');
    expect(found.kind === 'ambiguous' && found.cards.map((c) => c.passcode)).toEqual([1, 2]);
  });

  it('computes edit distances and gives up past the maximum', () => {
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
