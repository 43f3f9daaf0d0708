import { createHash } from 'node:crypto';
import type { Deck } from '../deck/deck.js';

/*
 * A submitted decklist's receipt: a short hash of the list in one canonical form, so the same
 * cards give the same receipt however the list was written (.ydk, ydke://, a text list in
 * Japanese or English) and in whatever order. Passcodes are kept as written: an alternate
 * artwork is a different line on the paper sheet too.
 */

/** Hex digits of the receipt: 32 bits, enough to tell one player's lists apart, short enough to read aloud. */
const RECEIPT_DIGITS = 8;

/** The list as one line: each zone's passcodes in ascending order. */
export function canonicalDecklist(deck: Deck): string {
  const zone = (cards: readonly number[]) => [...cards].sort((a, b) => a - b).join(',');
  return `main:${zone(deck.main)};extra:${zone(deck.extra)};side:${zone(deck.side)}`;
}

/** The receipt hash of a list: the first hex digits of the SHA-256 of its canonical form, upper case. */
export const receiptHash = (deck: Deck): string =>
  createHash('sha256').update(canonicalDecklist(deck)).digest('hex').slice(0, RECEIPT_DIGITS).toUpperCase();
