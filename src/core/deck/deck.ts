/** The three parts of a deck a player registers and presents. */
export const DECK_ZONES = ['main', 'extra', 'side'] as const;
export type DeckZone = (typeof DECK_ZONES)[number];

/**
 * A deck as written in a decklist: passcodes, one entry per copy. Alternate artworks stay as
 * written; validation resolves them, so a registered list and a presented deck are compared
 * and reported in the player's own numbers.
 */
export interface Deck {
  readonly main: readonly number[];
  readonly extra: readonly number[];
  readonly side: readonly number[];
}

/** Deck sizes and the copy limit; the policy pack carries them as `settings.deckLimits`. */
export interface DeckLimits {
  readonly mainMin: number;
  readonly mainMax: number;
  readonly extraMax: number;
  readonly sideMax: number;
  readonly maxCopies: number;
}

/** Spec §5: main 40–60, extra 0–15, side 0–15, three copies of a card. */
export const DEFAULT_DECK_LIMITS: DeckLimits = { mainMin: 40, mainMax: 60, extraMax: 15, sideMax: 15, maxCopies: 3 };

/** An empty deck, the start of every parser. */
export function emptyDeck(): { main: number[]; extra: number[]; side: number[] } {
  return { main: [], extra: [], side: [] };
}
