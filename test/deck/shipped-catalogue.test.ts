import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCardJsonl } from '../../src/core/deck/card-jsonl-format.js';
import { buildCatalogue } from '../../src/core/deck/catalogue.js';
import { parseTextDecklist } from '../../src/core/deck/text-decklist-format.js';
import { validateDeck } from '../../src/core/deck/validate-deck.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import { sampleCataloguePath } from '../../src/adapters/deck/shipped-data.js';
import { P, sampleDeck, sampleLists, shippedCatalogue } from './shipped.js';
/** The shipped pack says which infraction each finding is. */
const infractions = loadDefaultPack().settings.deckFindings;
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';

describe('the shipped catalogue', () => {
  it('reads cleanly: a few hundred cards, no row skipped, no passcode twice', () => {
    const parsed = parseCardJsonl(readFileSync(sampleCataloguePath(), 'utf8'));
    expect([parsed.errors, parsed.skipped]).toEqual([[], []]);
    const built = buildCatalogue(parsed.cards);
    expect(built.skipped).toEqual([]);
    expect(built.catalogue.cards).toHaveLength(308);
    expect(built.catalogue.byPasscode.size - built.catalogue.cards.length).toBe(50);
  });

  it('covers every zone, both languages, alternate artworks, later and TCG-only cards', () => {
    const catalogue = shippedCatalogue();
    const zones = new Set(catalogue.cards.map((c) => c.zone));
    expect([...zones].sort()).toEqual(['fusion', 'link', 'main', 'synchro', 'xyz']);
    expect(catalogue.cards.filter((c) => c.nameEn === null || c.nameJa === null)).toEqual([]);
    expect(catalogue.byPasscode.get(46986421)?.passcode).toBe(P.darkMagician);
    expect(catalogue.byPasscode.get(P.decodeTalker)?.ocg).toBe('2017-03-25');
    expect(catalogue.byPasscode.get(P.tyler)?.ocg).toBe(false);
  });

  it('ships a sample file of two dated OCG lists', () => {
    const [l2011, l2010] = sampleLists();
    expect([l2011?.name, l2011?.date, l2011?.limits.size, l2010?.name, l2010?.date, l2010?.limits.size]).toEqual([
      '2011.3.1 OCG sample',
      '2011-03-01',
      33,
      '2010.9.1 OCG sample',
      '2010-09-01',
      27,
    ]);
  });

  it('builds two legal 40-card decks for a tournament on 2011-06-01', () => {
    const catalogue = shippedCatalogue();
    const banlist = sampleLists()[0] ?? null;
    const quickdraw = parseYdk(readFileSync(sampleDeck('quickdraw-synchro.ydk'), 'utf8'));
    const blackwing = parseTextDecklist(readFileSync(sampleDeck('blackwing.txt'), 'utf8'), catalogue);
    for (const deck of [quickdraw, blackwing]) {
      expect(deck.ok).toBe(true);
      if (!deck.ok) continue;
      expect([deck.value.main.length, deck.value.extra.length]).toEqual([40, 15]);
      expect(validateDeck(deck.value, { catalogue, banlist, date: '2011-06-01', infractions })).toEqual([]);
    }
  });
});
