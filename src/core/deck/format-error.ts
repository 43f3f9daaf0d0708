import type { Text } from '../text.js';

/**
 * What is wrong with a line of a file (a decklist, a list, a catalogue): the 1-based line
 * number (`null` when the input has no lines, e.g. a ydke:// URL) and the reason in both
 * languages. Parsers return every error they find, not only the first.
 */
export interface FormatError {
  readonly line: number | null;
  readonly message: Text;
}

/** A FormatError at `line`. */
export const formatError = (line: number | null, en: string, ja: string): FormatError => ({
  line,
  message: { ja, en },
});

/** Lines of a text file: a leading BOM dropped, LF and CRLF endings both accepted. */
export function textLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r?\n/);
}
