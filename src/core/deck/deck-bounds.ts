import { err, ok, type Result } from '../result.js';
import { DECK_ZONES, type Deck, type DeckZone } from './deck.js';
import { formatError, type FormatError } from './format-error.js';

/*
 * What a parsed deck may hold before anything keeps it, whatever form it came in (.ydk, ydke://,
 * a text list, passcodes in JSON): one home for the bounds. They sit well above the deck rules
 * (main 40–60, extra and side 15, three copies) so a list that breaks the rules still parses and
 * its findings are shown; they stop a short list from standing for tens of thousands of cards
 * (a `99 <passcode>` line, a long ydke:// part) that every staff stream would then carry.
 */
export const DECK_BOUNDS = {
  /** Cards per zone. */
  cards: { main: 100, extra: 30, side: 30 } as Readonly<Record<DeckZone, number>>,
  /** Copies of one passcode in the whole deck. */
  copies: 10,
  /** Passcodes are whole numbers of 1 to 9 digits: card databases (cards.cdb, JSON) hold no others. */
  passcodeMin: 1,
  passcodeMax: 999_999_999,
} as const;

/** Whether `n` can be a card's passcode. */
export function isPasscode(n: number): boolean {
  return Number.isInteger(n) && n >= DECK_BOUNDS.passcodeMin && n <= DECK_BOUNDS.passcodeMax;
}

/** Every way `deck` is past DECK_BOUNDS, each naming the bound; empty when it is within them. */
export function deckBoundErrors(deck: Deck): FormatError[] {
  const errors: FormatError[] = [];
  for (const zone of DECK_ZONES) {
    const max = DECK_BOUNDS.cards[zone];
    if (deck[zone].length > max)
      errors.push(
        formatError(
          null,
          `${zone}: ${deck[zone].length} cards; a decklist holds at most ${max} in this zone`,
          `${zone}: ${deck[zone].length} 枚あります。この区分は ${max} 枚までです`,
        ),
      );
  }
  const copies = new Map<number, number>();
  for (const zone of DECK_ZONES) for (const p of deck[zone]) copies.set(p, (copies.get(p) ?? 0) + 1);
  for (const [passcode, count] of copies) {
    if (!isPasscode(passcode))
      errors.push(
        formatError(
          null,
          `passcode ${passcode} is outside ${DECK_BOUNDS.passcodeMin}–${DECK_BOUNDS.passcodeMax}`,
          `パスコード ${passcode} は ${DECK_BOUNDS.passcodeMin}〜${DECK_BOUNDS.passcodeMax} の範囲外です`,
        ),
      );
    if (count > DECK_BOUNDS.copies)
      errors.push(
        formatError(
          null,
          `passcode ${passcode}: ${count} copies; a decklist holds at most ${DECK_BOUNDS.copies} of one card`,
          `パスコード ${passcode}: ${count} 枚あります。同じカードは ${DECK_BOUNDS.copies} 枚までです`,
        ),
      );
  }
  return errors;
}

/** `deck` when it is within DECK_BOUNDS, else the errors: the last step of every decklist parser. */
export function boundedDeck(deck: Deck): Result<Deck, FormatError[]> {
  const errors = deckBoundErrors(deck);
  return errors.length > 0 ? err(errors) : ok(deck);
}
