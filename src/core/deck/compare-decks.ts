import type { Catalogue } from './catalogue.js';
import { DECK_ZONES, type Deck, type DeckZone } from './deck.js';

/** One card whose count differs between the registered list and the presented deck: in one zone, or in the pool. */
export interface DeckDifference {
  /** The zone compared; comparing the pool, the zone the list holds the card in (else where it was found). */
  readonly zone: DeckZone;
  readonly passcode: number;
  readonly registered: number;
  readonly presented: number;
}

/** A zone whose card count differs from the list's (checked when comparing the pool). */
export interface ZoneSizeDifference {
  readonly zone: DeckZone;
  readonly registered: number;
  readonly presented: number;
}

/**
 * How the deck is compared. `zones`: zone by zone, as registered (duel 1, before any siding).
 * `pool`: after siding (duel 2 on), rule 3-B's 「デッキ（サイドデッキを含む）」 as one pool of
 * main, extra and side deck, card for card, with each zone's size still the list's: siding
 * swaps cards between the side deck and the deck, it never changes how many each holds.
 */
export type DeckComparisonKind = 'zones' | 'pool';

/**
 * The outcome of a deck check against the registered decklist (spec §3-B): no difference and
 * no size difference when the deck matches its list. Any is the pack's
 * `settings.deckFindings["differs-from-decklist"]` infraction.
 */
export interface DeckComparison {
  readonly kind: DeckComparisonKind;
  readonly differences: readonly DeckDifference[];
  readonly sizes: readonly ZoneSizeDifference[];
}

/** Whether the deck differs from its list: a card count, or (comparing the pool) a zone's size. */
export const differsFromList = (c: DeckComparison): boolean => c.differences.length > 0 || c.sizes.length > 0;

type Counts = Map<number, { registered: number; presented: number; zone: DeckZone }>;

/**
 * Compares a presented deck with its registered decklist, card by card: zone by zone, or the
 * pool (`kind`). The side deck counts too. With a catalogue, an alternate artwork is the same
 * card as its original (a list names cards, not printings) and passcodes are reported
 * canonical; without one they are compared as written. Differences come zone by zone in order
 * of first appearance.
 */
export function compareDecks(
  registered: Deck,
  presented: Deck,
  catalogue?: Catalogue,
  kind: DeckComparisonKind = 'zones',
): DeckComparison {
  const canonical = (p: number): number => catalogue?.byPasscode.get(p)?.passcode ?? p;
  const add = (counts: Counts, zone: DeckZone, cards: readonly number[], side: 'registered' | 'presented') => {
    for (const p of cards) {
      const key = canonical(p);
      const c = counts.get(key) ?? { registered: 0, presented: 0, zone };
      c[side]++;
      counts.set(key, c);
    }
  };
  const differing = (counts: Counts): DeckDifference[] =>
    [...counts]
      .filter(([, c]) => c.registered !== c.presented)
      .map(([passcode, c]) => ({ zone: c.zone, passcode, registered: c.registered, presented: c.presented }));
  if (kind === 'zones') {
    const differences = DECK_ZONES.flatMap((zone) => {
      const counts: Counts = new Map();
      add(counts, zone, registered[zone], 'registered');
      add(counts, zone, presented[zone], 'presented');
      return differing(counts);
    });
    return { kind, differences, sizes: [] };
  }
  const pool: Counts = new Map();
  for (const zone of DECK_ZONES) add(pool, zone, registered[zone], 'registered');
  for (const zone of DECK_ZONES) add(pool, zone, presented[zone], 'presented');
  const order = (d: DeckDifference) => DECK_ZONES.indexOf(d.zone);
  const differences = differing(pool).sort((a, b) => order(a) - order(b));
  const sizes = DECK_ZONES.filter((zone) => registered[zone].length !== presented[zone].length).map((zone) => ({
    zone,
    registered: registered[zone].length,
    presented: presented[zone].length,
  }));
  return { kind, differences, sizes };
}
