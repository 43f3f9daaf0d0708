import { explain, type Problem } from '../tournament/command-problems.js';

/*
 * A player's reading (フリガナ): how a Japanese name is read, written in kana. It is what "by
 * name" lists sort on and what the table finder matches, so hiragana, katakana and half-width
 * katakana count as the same letters (ヤマダ, やまだ and ﾔﾏﾀﾞ are one reading).
 */

/** Kana (after NFKC, so half-width katakana counts), the prolonged sound mark, ・ and spaces. */
const KANA = /^[\u3041-\u3096\u3099-\u309F\u30A1-\u30FF\u31F0-\u31FF\s]$/u;

/** What is wrong with `reading` as a reading, or null when it is kana only (and has some). */
export function readingProblem(reading: string): Problem | null {
  const chars = [...reading.normalize('NFKC')];
  if (!chars.some((c) => /\S/u.test(c))) return explain('reading-empty');
  const at = chars.findIndex((c) => !KANA.test(c));
  if (at === -1) return null;
  return explain('reading-not-kana', { char: chars[at] as string, position: at + 1 });
}

/**
 * The form names and readings are compared in: NFKC (half-width katakana to full width,
 * full-width Latin to ASCII), lower case, katakana turned into hiragana.
 */
export function foldKana(text: string): string {
  let out = '';
  for (const c of text.normalize('NFKC').toLowerCase()) {
    const code = c.codePointAt(0) as number;
    // ァ…ヶ and ヽヾ sit exactly 0x60 above ぁ…ゖ and ゝゞ.
    out +=
      (code >= 0x30a1 && code <= 0x30f6) || code === 0x30fd || code === 0x30fe ? String.fromCodePoint(code - 0x60) : c;
  }
  return out;
}

/** Folded and without spaces: what a search typed on a phone is compared in ("やまだ たろう" finds ヤマダタロウ). */
export const searchForm = (text: string): string => foldKana(text).replace(/[\s・]/gu, '');

/** Whether a player matches what was typed: the query (folded) inside the name or the reading. */
export function nameMatches(
  query: string,
  player: { readonly name: string; readonly reading?: string | null },
): boolean {
  const q = searchForm(query);
  if (q === '') return false;
  return searchForm(player.name).includes(q) || (player.reading != null && searchForm(player.reading).includes(q));
}
