import { explain, type Problem } from '../tournament/command-problems.js';
import { searchForm, withoutInvisible } from './normal-form.js';

// The console and the table finder read the compared form through this module too.
export { foldKana, searchForm } from './normal-form.js';

/*
 * A player's reading (フリガナ): how a Japanese name is read, written in kana. It is what "by
 * name" lists sort on and what the table finder matches, so hiragana, katakana and half-width
 * katakana count as the same letters (ヤマダ, やまだ and ﾔﾏﾀﾞ are one reading).
 */

/** Kana (after NFKC, so half-width katakana counts), the prolonged sound mark, ・ and spaces. */
const KANA = /^[\u3041-\u3096\u3099-\u309F\u30A1-\u30FF\u31F0-\u31FF\s]$/u;

/**
 * What is wrong with `reading` as a reading, or null when it is kana only (and has some).
 * Characters that show nothing are passed over, as every comparison passes over them.
 */
export function readingProblem(reading: string): Problem | null {
  const chars = [...reading.normalize('NFKC')];
  const shown = (c: string) => withoutInvisible(c) !== '';
  if (!chars.some((c) => shown(c) && /\S/u.test(c))) return explain('reading-empty');
  const at = chars.findIndex((c) => shown(c) && !KANA.test(c));
  if (at === -1) return null;
  return explain('reading-not-kana', { char: chars[at] as string, position: at + 1 });
}

/** Whether a player matches what was typed: the query (folded) inside the name or the reading. */
export function nameMatches(
  query: string,
  player: { readonly name: string; readonly reading?: string | null },
): boolean {
  const q = searchForm(query);
  if (q === '') return false;
  return searchForm(player.name).includes(q) || (player.reading != null && searchForm(player.reading).includes(q));
}
