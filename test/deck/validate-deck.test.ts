import { describe, expect, it } from 'vitest';
import { listDateFromName, type Banlist } from '../../src/core/deck/banlist.js';
import { DEFAULT_DECK_LIMITS, type Deck } from '../../src/core/deck/deck.js';
import { validateDeck, type DeckFinding } from '../../src/core/deck/validate-deck.js';
import { P, sampleLists, shippedCatalogue } from './shipped.js';
/** The shipped pack says which infraction each finding is. */
const infractions = loadDefaultPack().settings.deckFindings;
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';

const catalogue = shippedCatalogue();
const [list2011, list2010] = sampleLists();
const date = '2011-06-01';

/** 70 different legal main-deck cards of the shipped catalogue, none on the sample lists nor named in P. */
const named = new Set<number>(Object.values(P));
const filler = catalogue.cards
  .filter((c) => c.zone === 'main' && typeof c.ocg === 'string' && c.ocg <= '2010-01-01' && !named.has(c.passcode))
  .filter((c) => !list2011?.limits.has(c.passcode) && !list2010?.limits.has(c.passcode))
  .slice(0, 70)
  .map((c) => c.passcode);
const mainOf = (n: number, ...extraCards: number[]): number[] => [
  ...extraCards,
  ...filler.slice(0, n - extraCards.length),
];
const check = (deck: Partial<Deck>, banlist: Banlist | null = list2011 ?? null, on = date) =>
  validateDeck(
    { main: deck.main ?? mainOf(40), extra: deck.extra ?? [], side: deck.side ?? [] },
    { catalogue, banlist, date: on, infractions },
  );
const brief = (findings: DeckFinding[]) =>
  findings.map((f) => [f.infraction, f.reason, f.passcode, f.zone, f.count, f.limit]);

describe('validateDeck: sizes', () => {
  it('accepts 40 to 60 main, up to 15 extra and 15 side', () => {
    expect(filler.length).toBe(70);
    expect(check({ main: mainOf(40) })).toEqual([]);
    expect(check({ main: mainOf(60) })).toEqual([]);
  });

  it('maps a short main deck to deck-under-40, and oversized zones to deck-unusable-card, with no passcode', () => {
    const extra = [
      P.stardust,
      60800381,
      73580471,
      50091196,
      24696097,
      2322421,
      18013090,
      46195773,
      3429238,
      74860293,
      70902743,
      76774528,
      25862681,
      2403771,
      29071332,
      27315304,
    ];
    const side = filler.slice(40, 56);
    expect(brief(check({ main: mainOf(39), extra, side }))).toEqual([
      ['deck-under-40', 'main-under-min', null, 'main', 39, 40],
      ['deck-unusable-card', 'extra-over-max', null, 'extra', 16, 15],
      ['deck-unusable-card', 'side-over-max', null, 'side', 16, 15],
    ]);
    expect(brief(check({ main: mainOf(61) }))).toEqual([['deck-unusable-card', 'main-over-max', null, 'main', 61, 60]]);
  });

  it('finds no size over the maximum where the pack says it is no infraction (null; 3-A names no maximum)', () => {
    const none = { ...infractions, 'main-over-max': null, 'extra-over-max': null, 'side-over-max': null };
    const deck = { main: mainOf(61), extra: [], side: filler.slice(40, 56) };
    const under = { ...deck, main: mainOf(39) };
    expect(brief(validateDeck(deck, { catalogue, banlist: null, date, infractions: none }))).toEqual([]);
    expect(brief(validateDeck(under, { catalogue, banlist: null, date, infractions: none }))).toEqual([
      ['deck-under-40', 'main-under-min', null, 'main', 39, 40],
    ]);
    // The shipped pack (ours) files both under 3-A.
    expect(brief(validateDeck(deck, { catalogue, banlist: null, date, infractions }))).toEqual([
      ['deck-unusable-card', 'main-over-max', null, 'main', 61, 60],
      ['deck-unusable-card', 'side-over-max', null, 'side', 16, 15],
    ]);
  });

  it('takes the sizes and copy limit from the policy settings', () => {
    const limits = { ...DEFAULT_DECK_LIMITS, mainMin: 20, maxCopies: 2 };
    const deck = { main: mainOf(20, P.quickdraw, P.quickdraw, P.quickdraw), extra: [], side: [] };
    expect(brief(validateDeck(deck, { catalogue, banlist: null, date, limits, infractions }))).toEqual([
      ['deck-over-3-copies', 'over-copies', P.quickdraw, 'main', 3, 2],
    ]);
  });
});

describe('validateDeck: copies and lists', () => {
  it('counts copies across main, extra and side', () => {
    const findings = check({ main: mainOf(40, P.quickdraw, P.quickdraw, P.quickdraw), side: [P.quickdraw] });
    expect(findings).toEqual([
      {
        infraction: 'deck-over-3-copies',
        reason: 'over-copies',
        passcode: P.quickdraw,
        zone: 'main',
        count: 4,
        limit: 3,
        copies: { main: 3, extra: 0, side: 1 },
      },
    ]);
  });

  it('counts an alternate artwork as the same card, and reports the canonical passcode', () => {
    const findings = check({ main: mainOf(40, P.monsterRebornAlt), side: [P.monsterReborn] });
    expect(brief(findings)).toEqual([['deck-over-limit', 'over-list-limit', P.monsterReborn, 'main', 2, 1]]);
    const darkMagicians = check({ main: mainOf(40, 46986414, 46986415, 46986416, 36996508) });
    expect(brief(darkMagicians)).toEqual([['deck-over-3-copies', 'over-copies', P.darkMagician, 'main', 4, 3]]);
  });

  it('applies Forbidden (0), Limited (1) and Semi-Limited (2) counts, side deck included', () => {
    const findings = check({
      main: mainOf(40, P.cardTrooper, P.cardTrooper, P.sangan),
      side: [P.heavyStorm, P.cardTrooper],
    });
    expect(brief(findings)).toEqual([
      ['deck-over-limit', 'over-list-limit', P.cardTrooper, 'main', 3, 2],
      ['deck-over-limit', 'over-list-limit', P.heavyStorm, 'side', 1, 0],
    ]);
  });

  it('reports a limited card with 4 copies once, as over the list limit', () => {
    expect(brief(check({ main: mainOf(40, P.sangan, P.sangan, P.sangan, P.sangan) }))).toEqual([
      ['deck-over-limit', 'over-list-limit', P.sangan, 'main', 4, 1],
    ]);
  });

  it('follows the list of the date: the same deck is legal in 2011 and over the limit in 2010', () => {
    const deck = { main: mainOf(40, P.cardTrooper, P.cardTrooper) };
    expect(check(deck, list2011 ?? null)).toEqual([]);
    expect(brief(check(deck, list2010 ?? null, '2010-12-01'))).toEqual([
      ['deck-over-limit', 'over-list-limit', P.cardTrooper, 'main', 2, 1],
    ]);
  });

  it('resolves an alternate passcode written in the list to its card, the stricter count winning', () => {
    const list: Banlist = {
      name: 'x',
      date: null,
      whitelist: false,
      limits: new Map([
        [P.monsterRebornAlt, 0],
        [P.monsterReborn, 1],
      ]),
    };
    expect(brief(check({ main: mainOf(40, P.monsterReborn) }, list))).toEqual([
      ['deck-over-limit', 'over-list-limit', P.monsterReborn, 'main', 1, 0],
    ]);
  });

  it('checks no list counts without a list', () => {
    expect(check({ main: mainOf(40, P.heavyStorm) }, null)).toEqual([]);
  });

  it('excludes every card a whitelist does not name', () => {
    const whitelist: Banlist = {
      name: 'Only these',
      date: listDateFromName('2011.3.1'),
      whitelist: true,
      limits: new Map(filler.slice(0, 39).map((p) => [p, 3])),
    };
    expect(brief(check({ main: mainOf(40, P.sangan) }, whitelist))).toEqual([
      ['deck-unusable-card', 'not-on-whitelist', P.sangan, 'main', 1, 0],
    ]);
  });
});

describe('validateDeck: unusable cards', () => {
  it('flags a passcode the catalogue lacks, as written', () => {
    expect(brief(check({ main: mainOf(40, 511000072, 511000072) }))).toEqual([
      ['deck-unusable-card', 'not-in-catalogue', 511000072, 'main', 2, 0],
    ]);
  });

  it('flags cards released in the OCG after the tournament date, and cards never released in the OCG', () => {
    expect(brief(check({ main: mainOf(40, P.maxxC, P.tyler), extra: [P.decodeTalker] }))).toEqual([
      ['deck-unusable-card', 'not-yet-released', P.maxxC, 'main', 1, 0],
      ['deck-unusable-card', 'no-ocg-release', P.tyler, 'main', 1, 0],
      ['deck-unusable-card', 'not-yet-released', P.decodeTalker, 'extra', 1, 0],
    ]);
    expect(check({ main: mainOf(40, P.maxxC) }, list2011 ?? null, '2011-09-17')).toEqual([]);
  });

  it('flags extra deck monsters in the main deck and main deck cards in the extra deck, not in the side deck', () => {
    const findings = check({ main: mainOf(40, P.stardustAlt), extra: [P.sangan], side: [P.stardust, P.quickdraw] });
    expect(findings).toEqual([
      {
        infraction: 'deck-unusable-card',
        reason: 'extra-deck-card-in-main',
        passcode: P.stardust,
        zone: 'main',
        count: 1,
        limit: 0,
      },
      {
        infraction: 'deck-unusable-card',
        reason: 'main-deck-card-in-extra',
        passcode: P.sangan,
        zone: 'extra',
        count: 1,
        limit: 0,
      },
    ]);
  });
});
