import { err, type Result } from '../result.js';
import type { Text } from '../text.js';
import { boundedDeck, DECK_BOUNDS } from './deck-bounds.js';
import type { Deck } from './deck.js';
import { formatError, type FormatError } from './format-error.js';

const PREFIX = 'ydke://';

/**
 * Reads a `ydke://MAIN!EXTRA!SIDE!` URL (EDOPro, Dueling Book, deck sites): each part is the
 * base64 of the passcodes as little-endian 32-bit numbers.
 */
export function parseYdke(url: string): Result<Deck, FormatError[]> {
  const text = url.trim();
  if (!text.toLowerCase().startsWith(PREFIX)) {
    return err([formatError(null, 'a ydke URL starts with "ydke://"', 'ydke の URL は「ydke://」で始まります')]);
  }
  const parts = text.slice(PREFIX.length).split('!');
  if (parts.length === 4 && parts[3] === '') parts.pop();
  if (parts.length !== 3) {
    return err([
      formatError(
        null,
        `expected 3 parts (main!extra!side!), got ${parts.length}`,
        `3つの部分（main!extra!side!）が必要ですが ${parts.length} つあります`,
      ),
    ]);
  }
  const names = ['main', 'extra', 'side'] as const;
  const zones: number[][] = [];
  const errors: FormatError[] = [];
  parts.forEach((part, i) => {
    const zone = names[i] ?? 'side';
    // Four bytes a card, in base64 four characters for three bytes: a longer part is refused undecoded.
    const most = DECK_BOUNDS.cards[zone];
    if (part.length > 4 * Math.ceil((most * 4) / 3)) {
      errors.push(
        formatError(
          null,
          `${zone}: more than ${most} cards; a decklist holds at most ${most} in this zone`,
          `${zone}: ${most} 枚を超えています。この区分は ${most} 枚までです`,
        ),
      );
      return;
    }
    const decoded = decodePart(part);
    if (Array.isArray(decoded)) zones.push(decoded);
    else errors.push(formatError(null, `${zone}: ${decoded.en}`, `${zone}: ${decoded.ja}`));
  });
  if (errors.length > 0) return err(errors);
  return boundedDeck({ main: zones[0] ?? [], extra: zones[1] ?? [], side: zones[2] ?? [] });
}

function decodePart(part: string): number[] | Text {
  let binary: string;
  try {
    binary = atob(part);
  } catch {
    return { en: 'not base64', ja: 'base64 として読めません' };
  }
  if (binary.length % 4 !== 0) return { en: 'byte count not a multiple of 4', ja: 'バイト数が4の倍数ではありません' };
  const passcodes: number[] = [];
  for (let i = 0; i < binary.length; i += 4) {
    passcodes.push(
      (binary.charCodeAt(i) |
        (binary.charCodeAt(i + 1) << 8) |
        (binary.charCodeAt(i + 2) << 16) |
        (binary.charCodeAt(i + 3) << 24)) >>>
        0,
    );
  }
  return passcodes;
}

/** Writes a deck as a ydke:// URL. */
export function writeYdke(deck: Deck): string {
  return `${PREFIX}${encodePart(deck.main)}!${encodePart(deck.extra)}!${encodePart(deck.side)}!`;
}

function encodePart(passcodes: readonly number[]): string {
  let binary = '';
  for (const p of passcodes)
    binary += String.fromCharCode(p & 0xff, (p >>> 8) & 0xff, (p >>> 16) & 0xff, (p >>> 24) & 0xff);
  return btoa(binary);
}
