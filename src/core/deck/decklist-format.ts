import type { Result } from '../result.js';
import type { Catalogue } from './catalogue.js';
import type { Deck } from './deck.js';
import type { FormatError } from './format-error.js';
import { parseTextDecklist } from './text-decklist-format.js';
import { parseYdk } from './ydk-format.js';
import { parseYdke } from './ydke-format.js';

/**
 * Reads a decklist in whichever form it comes (an upload, a pasted text): a ydke:// URL, a .ydk
 * (a `#main` line, or `hint: 'ydk'`), else a plain-text list looked up in the catalogue.
 */
export function parseDecklist(
  text: string,
  catalogue: Catalogue,
  hint: 'ydk' | 'text' | 'auto' = 'auto',
): Result<Deck, FormatError[]> {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.toLowerCase().startsWith('ydke://')) return parseYdke(trimmed);
  if (hint === 'ydk' || (hint === 'auto' && /^\s*#main\s*$/im.test(text))) return parseYdk(text);
  return parseTextDecklist(text, catalogue);
}
