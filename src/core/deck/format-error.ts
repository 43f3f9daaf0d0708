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

/** " (and 3 more)" after the errors shown, or nothing when all were shown. */
export const andMore = (more: number): Text =>
  more > 0 ? { en: ` (and ${more} more)`, ja: `（ほか ${more} 件）` } : { en: '', ja: '' };

/** The first few errors of a file with their lines, and how many more there are. */
export function formatErrorsText(errors: readonly FormatError[], most = 5): Text {
  const shown = errors.slice(0, most);
  const more = andMore(errors.length - shown.length);
  const at = (line: number | null): Text =>
    line === null ? { ja: '', en: '' } : { ja: `${line} 行目: `, en: `line ${line}: ` };
  return {
    en: shown.map((e) => `${at(e.line).en}${e.message.en}`).join('; ') + more.en,
    ja: shown.map((e) => `${at(e.line).ja}${e.message.ja}`).join('、') + more.ja,
  };
}

/** Lines of a text file: a leading BOM dropped, LF and CRLF endings both accepted. */
export function textLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r?\n/);
}
