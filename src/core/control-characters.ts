/**
 * Characters that never belong in a name or a reason a person typed: C0 and C1 controls
 * (NUL, BEL, ESC…) other than tab and line breaks, DEL, and the bidirectional embedding,
 * override and isolate marks that make "gpj.exe" display as "exe.jpg" in a printed list or a
 * spreadsheet. Every entry point refuses them, so none reaches the log, a CSV or a screen.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is what this pattern is for.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** The first forbidden character of `text` as `U+0007` and its 1-based position, or null. */
export function controlCharacter(text: string): { readonly codePoint: string; readonly position: number } | null {
  const match = FORBIDDEN.exec(text);
  if (!match) return null;
  const codePoint = `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return { codePoint, position: [...text.slice(0, match.index)].length + 1 };
}
