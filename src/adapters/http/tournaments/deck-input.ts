import { z } from 'zod';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import type { Deck } from '../../../core/deck/deck.js';
import { parseDecklist } from '../../../core/deck/decklist-format.js';
import type { FormatError } from '../../../core/deck/format-error.js';
import { parseYdke } from '../../../core/deck/ydke-format.js';
import type { Result } from '../../../core/result.js';
import { shippedCards } from '../../deck/ocg-data.js';
import { HttpError } from '../errors.js';

const passcode = z.number().int().min(1).max(999_999_999);

/** A deck as the API takes it: passcodes per zone, or the text of a .ydk, a ydke:// URL or a plain-text list. */
export const deckInput = z.union([
  z.strictObject({ main: z.array(passcode).max(200), extra: z.array(passcode).max(100), side: z.array(passcode).max(100) }),
  z.strictObject({ format: z.enum(['ydk', 'ydke', 'text']), text: z.string().min(1).max(200_000) }),
]);
export type DeckInput = z.output<typeof deckInput>;

/** The shipped OCG card database, read once per process (plain-text lists name cards; deck checks need card data). */
export async function shippedCatalogue(): Promise<Catalogue> {
  return shippedCards().catalogue;
}

/** The deck an input describes (card names read with `catalogue`, default the shipped one); a list that does not parse is a 400 naming the line. */
export async function readDeckInput(input: DeckInput, path: string, catalogue?: Catalogue): Promise<Deck> {
  if ('main' in input) return input;
  const parsed: Result<Deck, FormatError[]> =
    input.format === 'ydke' ? parseYdke(input.text.trim()) : parseDecklist(input.text, catalogue ?? (await shippedCatalogue()), input.format === 'ydk' ? 'ydk' : 'text');
  if (parsed.ok) return parsed.value;
  const first = parsed.error[0];
  const line = first?.line === null || first === undefined ? '' : `line ${first.line}: `;
  const lineJa = first?.line === null || first === undefined ? '' : `${first.line} 行目: `;
  const more = parsed.error.length > 1 ? { en: ` (and ${parsed.error.length - 1} more)`, ja: `（ほか ${parsed.error.length - 1} 件）` } : { en: '', ja: '' };
  throw new HttpError(
    400,
    'invalid-decklist',
    { en: `${path}.text: ${line}${first?.message.en ?? 'unreadable'}${more.en}`, ja: `${path}.text: ${lineJa}${first?.message.ja ?? '読めません'}${more.ja}` },
    `${path}.text`,
  );
}
