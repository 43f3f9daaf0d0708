import { z } from 'zod';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import type { Deck } from '../../../core/deck/deck.js';
import { boundedDeck, DECK_BOUNDS } from '../../../core/deck/deck-bounds.js';
import type { FormatError } from '../../../core/deck/format-error.js';
import { andMore, textLines } from '../../../core/deck/format-error.js';
import { limitSuggestions } from '../../../core/deck/card-names.js';
import { parseDecklist } from '../../../core/deck/decklist-format.js';
import { parseYdke } from '../../../core/deck/ydke-format.js';
import type { Result } from '../../../core/result.js';
import { shippedCards } from '../../deck/ocg-data.js';
import { HttpError } from '../errors.js';
import { parseInWorker } from './deck-parser.js';
import { M } from '../messages/tournaments.js';
import type { Text } from '../../../core/text.js';

/**
 * What one decklist may hold: a real list has at most 90 cards on ~100 lines; these leave room
 * for comments and headings, and bound the work an anonymous upload can ask for.
 */
export const DECKLIST_LIMITS = { characters: 20_000, lines: 500, suggestedNames: 20 } as const;

const passcode = z.number().int().min(DECK_BOUNDS.passcodeMin).max(DECK_BOUNDS.passcodeMax);

/** A deck as the API takes it: passcodes per zone, or the text of a .ydk, a ydke:// URL or a plain-text list. */
export const deckInput = z.union([
  z.strictObject({
    main: z.array(passcode).max(DECK_BOUNDS.cards.main),
    extra: z.array(passcode).max(DECK_BOUNDS.cards.extra),
    side: z.array(passcode).max(DECK_BOUNDS.cards.side),
  }),
  z.strictObject({ format: z.enum(['ydk', 'ydke', 'text']), text: z.string().min(1) }),
]);
export type DeckInput = z.output<typeof deckInput>;

/** The shipped OCG card database, read once per process (plain-text lists name cards; deck checks need card data). */
export async function shippedCatalogue(): Promise<Catalogue> {
  return shippedCards().catalogue;
}

/**
 * The deck an input describes (card names read with `catalogue`, default the shipped one); a
 * list that does not parse is a 400 naming the line, one past DECKLIST_LIMITS a 413. Lists read
 * with the shipped database go to the decklist worker; a tournament's own uploaded card pool is
 * read here, with the same caps on lines and name suggestions bounding the work.
 */
export async function readDeckInput(input: DeckInput, path: string, catalogue?: Catalogue): Promise<Deck> {
  if ('main' in input) {
    const bounded = boundedDeck(input);
    if (!bounded.ok) throw unreadable(bounded.error, path, path);
    return input;
  }
  tooLarge(input.text, `${path}.text`);
  const parsed: Result<Deck, FormatError[]> =
    input.format === 'ydke'
      ? parseYdke(input.text.trim())
      : catalogue === undefined || catalogue === shippedCards().catalogue
        ? await parseInWorker(input.text, input.format === 'ydk' ? 'ydk' : 'text', DECKLIST_LIMITS.suggestedNames)
        : limitSuggestions(DECKLIST_LIMITS.suggestedNames, () =>
            parseDecklist(input.text, catalogue, input.format === 'ydk' ? 'ydk' : 'text'),
          );
  if (parsed.ok) return parsed.value;
  throw unreadable(parsed.error, path, `${path}.text`);
}

function unreadable(errors: readonly FormatError[], path: string, at: string): HttpError {
  const first = errors[0];
  const line = M.text('decklist-line', { line: first?.line ?? null });
  const more = andMore(errors.length - 1);
  return new HttpError(
    400,
    'invalid-decklist',
    M.text('decklist-unreadable', { path, line, problem: first?.message ?? M.text('decklist-no-problem'), more }),
    at,
  );
}

function tooLarge(text: string, path: string): void {
  const refuse = (text: Text) => new HttpError(413, 'decklist-too-large', text, path);
  const lines = textLines(text).length;
  if (lines > DECKLIST_LIMITS.lines) {
    throw refuse(M.text('decklist-too-many-lines', { path, lines, max: DECKLIST_LIMITS.lines }));
  }
  if (text.length > DECKLIST_LIMITS.characters) {
    throw refuse(
      M.text('decklist-too-many-characters', { path, characters: text.length, max: DECKLIST_LIMITS.characters }),
    );
  }
}
