import type { Text } from '../text.js';

/** Where a card lives: the main deck, or the extra deck by its summoning kind. */
export const CARD_ZONES = ['main', 'fusion', 'synchro', 'xyz', 'link'] as const;
export type CardZone = (typeof CARD_ZONES)[number];

export const CARD_CATEGORIES = ['monster', 'spell', 'trap'] as const;
export type CardCategory = (typeof CARD_CATEGORIES)[number];

/**
 * One card of the catalogue. `ocg` says when the card came out in the OCG: an ISO date,
 * `true` when it is out but the source gives no date, `false` when no OCG release is on record.
 */
export interface Card {
  readonly passcode: number;
  readonly nameJa: string | null;
  readonly nameEn: string | null;
  readonly category: CardCategory | null;
  readonly zone: CardZone;
  readonly ocg: string | boolean;
  /** Alternate artworks and reprint passcodes: the same card for the 3-copy and list limits. */
  readonly altPasscodes: readonly number[];
}

/** Why a row of a card source was left out; imports report these, they never drop a row silently. */
export interface SkippedCard {
  readonly line: number | null;
  readonly passcode: number | null;
  readonly reason: Text;
}

/** The card catalogue, indexed once: every passcode (alternate artworks included) → its card. */
export interface Catalogue {
  readonly cards: readonly Card[];
  readonly byPasscode: ReadonlyMap<number, Card>;
}

/**
 * Indexes cards by passcode with the alternate passcodes pre-resolved, so validation does one
 * Map lookup per copy. A passcode seen twice keeps its first card; the later one is reported.
 */
export function buildCatalogue(cards: readonly Card[]): { catalogue: Catalogue; skipped: SkippedCard[] } {
  const byPasscode = new Map<number, Card>();
  const kept: Card[] = [];
  const skipped: SkippedCard[] = [];
  for (const card of cards) {
    const owner = byPasscode.get(card.passcode);
    if (owner) {
      skipped.push({
        line: null,
        passcode: card.passcode,
        reason: { en: `passcode already used by ${cardLabel(owner)}`, ja: `パスコードが ${cardLabel(owner)} と重複` },
      });
      continue;
    }
    byPasscode.set(card.passcode, card);
    kept.push(card);
  }
  // Aliases after all canonical passcodes, so an alias can never shadow a real card.
  const result: Card[] = [];
  for (const card of kept) {
    const alts: number[] = [];
    for (const alt of card.altPasscodes) {
      const owner = byPasscode.get(alt);
      if (owner === card) continue;
      if (owner) {
        skipped.push({
          line: null,
          passcode: alt,
          reason: {
            en: `alternate passcode of ${cardLabel(card)} already used by ${cardLabel(owner)}`,
            ja: `${cardLabel(card)} の別イラストのパスコードが ${cardLabel(owner)} と重複`,
          },
        });
        continue;
      }
      byPasscode.set(alt, card);
      alts.push(alt);
    }
    const indexed = alts.length === card.altPasscodes.length ? card : { ...card, altPasscodes: alts };
    if (indexed !== card) {
      byPasscode.set(card.passcode, indexed);
      for (const alt of alts) byPasscode.set(alt, indexed);
    }
    result.push(indexed);
  }
  return { catalogue: { cards: result, byPasscode }, skipped };
}

/** The card a passcode names, alternate artworks resolved. */
export function findCard(catalogue: Catalogue, passcode: number): Card | undefined {
  return catalogue.byPasscode.get(passcode);
}

/** The card's name in `lang`, falling back to the other language, then to the passcode. */
export function cardName(card: Card | undefined, lang: 'ja' | 'en', passcode?: number): string {
  if (!card) return String(passcode ?? '?');
  return (lang === 'ja' ? (card.nameJa ?? card.nameEn) : (card.nameEn ?? card.nameJa)) ?? String(card.passcode);
}

/**
 * Merges catalogues from several sources: the first source that knows a passcode gives the
 * card, later sources only fill what it lacks (a Japanese name, a date, alternate passcodes).
 */
export function mergeCards(sources: readonly (readonly Card[])[]): Card[] {
  const merged = new Map<number, Card>();
  for (const source of sources) {
    for (const card of source) {
      const known = merged.get(card.passcode);
      if (!known) {
        merged.set(card.passcode, card);
        continue;
      }
      merged.set(card.passcode, {
        ...known,
        nameJa: known.nameJa ?? card.nameJa,
        nameEn: known.nameEn ?? card.nameEn,
        category: known.category ?? card.category,
        // A date from any source beats a yes/no; between yes/no answers the first source wins.
        ocg: typeof known.ocg === 'string' ? known.ocg : typeof card.ocg === 'string' ? card.ocg : known.ocg,
        altPasscodes: [...new Set([...known.altPasscodes, ...card.altPasscodes])],
      });
    }
  }
  return [...merged.values()];
}

function cardLabel(card: Card): string {
  return `${card.passcode} ${card.nameEn ?? card.nameJa ?? ''}`.trim();
}
