import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCardFile } from '../../src/adapters/deck/card-files.js';
import { editDistance, limitSuggestions, lookupCardName, normalizeName } from '../../src/core/deck/card-names.js';
import { buildCatalogue, type Card } from '../../src/core/deck/catalogue.js';
import { sharedDataDir, sharedDataPresent } from '../support/services.js';
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
    const card = (passcode: number): Card => ({
      passcode,
      nameJa: null,
      nameEn: 'Twin',
      category: 'monster',
      zone: 'main',
      ocg: true,
      altPasscodes: [],
    });
    const found = lookupCardName(buildCatalogue([card(1), card(2)]).catalogue, 'twin');
    expect(found.kind === 'ambiguous' && found.cards.map((c) => c.passcode)).toEqual([1, 2]);
  });

  it('computes edit distances and gives up past the maximum', () => {
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('stops suggesting once the searches allowed for one list are used, still saying the name is unknown', () => {
    const [first, second] = limitSuggestions(1, () => [
      lookupCardName(catalogue, 'Stardust Dragn'),
      lookupCardName(catalogue, 'Stardust Dragn'),
    ]);
    expect(first?.kind === 'unknown' && first.closest[0]?.passcode).toBe(P.stardust);
    expect(second).toEqual({ kind: 'unknown', closest: [] });
    // Outside the limit, suggestions are back.
    const after = lookupCardName(catalogue, 'Stardust Dragn');
    expect(after.kind === 'unknown' && after.closest.length).toBeGreaterThan(0);
  });

  it('suggests nothing for a name longer than any card name, and for one sharing no two letters with any', () => {
    expect(lookupCardName(catalogue, 'x'.repeat(500))).toEqual({ kind: 'unknown', closest: [] });
    expect(lookupCardName(catalogue, 'qqqqqqqq')).toEqual({ kind: 'unknown', closest: [] });
  });
});

describe.skipIf(!sharedDataPresent())('card names in the real catalogue (14,222 cards)', () => {
  it('finds the closest names through the index', async () => {
    const read = await readCardFile(join(sharedDataDir, 'cards.jsonl'));
    if (!read.ok) throw new Error('cards.jsonl does not read');
    const real = buildCatalogue(read.value.cards).catalogue;
    const names = (name: string) => {
      const found = lookupCardName(real, name);
      return found.kind === 'unknown' ? found.closest.map((c) => c.nameEn) : [];
    };
    expect(names('Blue-Eyes White Dragonx')[0]).toBe('Blue-Eyes White Dragon');
    expect(names('Ash Blossom & Joyous Sprin')[0]).toBe('Ash Blossom & Joyous Spring');
    expect(names('Monster Rebron')).toContain('Monster Reborn');
    expect(names('灰流うららx')[0]).toBe('Ash Blossom & Joyous Spring');
  });
});
