import type { Card, Catalogue } from './catalogue.js';
import { normalizeName } from './card-names.js';

/*
 * Cards found while a player types part of a name on the phone (the decklist builder): every
 * card whose Japanese or English name contains what was typed, names starting with it first.
 * Hiragana is read as katakana, so a reading typed in either kana finds a katakana name.
 */

/** Hiragana → katakana (the blocks are 0x60 apart), after the usual name normalization. */
export const searchKey = (text: string): string =>
  normalizeName(text).replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

// Built on the first search of a catalogue: each card's names in search form.
const keyed = new WeakMap<Catalogue, readonly { readonly card: Card; readonly keys: readonly string[] }[]>();

function keysOf(catalogue: Catalogue) {
  let known = keyed.get(catalogue);
  if (!known) {
    known = catalogue.cards.map((card) => ({
      card,
      keys: [card.nameJa, card.nameEn].filter((n): n is string => n !== null).map(searchKey),
    }));
    keyed.set(catalogue, known);
  }
  return known;
}

/** At most `limit` cards whose name contains `query`; those whose name starts with it first, then by name length. */
export function searchCards(catalogue: Catalogue, query: string, limit: number): Card[] {
  const key = searchKey(query);
  if (key === '') return [];
  const found: { card: Card; starts: boolean; length: number }[] = [];
  for (const { card, keys } of keysOf(catalogue)) {
    const hit = keys.find((k) => k.includes(key));
    if (hit !== undefined) found.push({ card, starts: keys.some((k) => k.startsWith(key)), length: hit.length });
  }
  found.sort((a, b) => Number(b.starts) - Number(a.starts) || a.length - b.length || a.card.passcode - b.card.passcode);
  return found.slice(0, limit).map((f) => f.card);
}
