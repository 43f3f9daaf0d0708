import { cardName, findCard } from '../../../core/deck/catalogue.js';
import type { Deck } from '../../../core/deck/deck.js';

/** A list as cards per zone with counts and names in both languages, for reading and publishing. */
export function cardsOf(deck: Deck, catalogue: Parameters<typeof findCard>[0]) {
  const zone = (cards: readonly number[]) => {
    const counts = new Map<number, number>();
    for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
    return [...counts].map(([passcode, count]) => {
      const card = findCard(catalogue, passcode);
      return { passcode, count, name: card ? { ja: cardName(card, 'ja'), en: cardName(card, 'en') } : null };
    });
  };
  return { main: zone(deck.main), extra: zone(deck.extra), side: zone(deck.side) };
}
