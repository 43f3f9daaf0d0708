import type { Catalogue } from './catalogue.js';
import { DECK_ZONES, type Deck, type DeckZone } from './deck.js';

/** One card whose count in one zone differs between the registered list and the presented deck. */
export interface DeckDifference {
  readonly zone: DeckZone;
  readonly passcode: number;
  readonly registered: number;
  readonly presented: number;
}

/**
 * The outcome of a deck check against the registered decklist (spec §3-B): empty when the deck
 * matches its list card for card. Any difference is the pack's
 * `settings.deckFindings["differs-from-decklist"]` infraction.
 */
export interface DeckComparison {
  readonly differences: readonly DeckDifference[];
}

/**
 * Compares a presented deck with its registered decklist, zone by zone and card by card; the
 * side deck counts too. With a catalogue, an alternate artwork is the same card as its original
 * (a list names cards, not printings) and passcodes are reported canonical; without one they
 * are compared as written. Differences come zone by zone in order of first appearance.
 */
export function compareDecks(registered: Deck, presented: Deck, catalogue?: Catalogue): DeckComparison {
  const canonical = (p: number): number => catalogue?.byPasscode.get(p)?.passcode ?? p;
  const differences: DeckDifference[] = [];
  for (const zone of DECK_ZONES) {
    const counts = new Map<number, { registered: number; presented: number }>();
    for (const p of registered[zone]) {
      const key = canonical(p);
      const c = counts.get(key) ?? { registered: 0, presented: 0 };
      c.registered++;
      counts.set(key, c);
    }
    for (const p of presented[zone]) {
      const key = canonical(p);
      const c = counts.get(key) ?? { registered: 0, presented: 0 };
      c.presented++;
      counts.set(key, c);
    }
    for (const [passcode, c] of counts) {
      if (c.registered !== c.presented)
        differences.push({ zone, passcode, registered: c.registered, presented: c.presented });
    }
  }
  return { differences };
}
