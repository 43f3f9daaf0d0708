import { CARD_GAME_ID_DIGITS, CARD_GAME_ID_TYPED_MAX } from '../tournament/limits.js';

/*
 * The one form names, readings and Card Game IDs are compared in, whichever way they came in
 * (the public entry page, the CLI, a CSV import, the console's forms): the duplicate warning,
 * the "by name" order and the table finder all read it from here. A phone's keyboard types
 * ヤマダ or やまだ, full-width ＡＢＣ or half-width ｶﾅ, and a name pasted from a chat may carry
 * characters that show nothing (a zero-width space, a direction mark, an emoji's variation
 * selector): none of that makes another person.
 */

/**
 * Characters that show nothing: format characters (zero-width space U+200B, word joiner
 * U+2060, soft hyphen U+00AD, the direction marks U+200F and U+061C…), the other
 * default-ignorable code points (variation selectors such as U+FE0F, the Hangul fillers
 * U+3164 and U+FFA0), and the braille blank U+2800, which fonts draw empty.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;

/** `text` without the characters that show nothing. */
export const withoutInvisible = (text: string): string => text.replace(INVISIBLE, '');

/** Whether `text` shows something: a character other than spaces and characters that show nothing. */
export const showsSomething = (text: string): boolean => /\S/u.test(withoutInvisible(text));

/** The first character of `text` that shows nothing and is no space, as `U+3164`, or null. */
export function invisibleCharacter(text: string): string | null {
  const found = text.match(INVISIBLE)?.[0];
  return found === undefined ? null : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The form names and readings sort and compare in: NFKC (half-width katakana to full width,
 * full-width Latin to ASCII), without the characters that show nothing, lower case, katakana
 * turned into hiragana.
 */
export function foldKana(text: string): string {
  let out = '';
  for (const c of text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase()) {
    const code = c.codePointAt(0) as number;
    // ァ…ヶ and ヽヾ sit exactly 0x60 above ぁ…ゖ and ゝゞ.
    out +=
      (code >= 0x30a1 && code <= 0x30f6) || code === 0x30fd || code === 0x30fe ? String.fromCodePoint(code - 0x60) : c;
  }
  return out;
}

/** Folded and without spaces and ・: what a search typed on a phone is compared in ("やまだ たろう" finds ヤマダタロウ). */
export const searchForm = (text: string): string => foldKana(text).replace(/[\s・]/gu, '');

/** The key two entries are the same person's by: the name and the reading, each in `searchForm`. */
export const nameKey = (name: string, reading: string): string => `${searchForm(name)}|${searchForm(reading)}`;

/** Spaces, dashes and the like typed between a Card Game ID's digits (after NFKC: full-width ones are ASCII then). */
const ID_SEPARATORS = /[\s\-_.‐‑‒–—―−ー]/gu;
const ID_DIGITS = new RegExp(`^\\d{${CARD_GAME_ID_DIGITS}}$`);

/**
 * A KONAMI Card Game ID as its ten ASCII digits, however it was typed (full-width digits,
 * "0123-4567-89", spaces), or null when it is not ten digits: the form it is stored and
 * compared in.
 */
export function cardGameIdForm(typed: string): string | null {
  if (typed.length > CARD_GAME_ID_TYPED_MAX) return null;
  const digits = typed.normalize('NFKC').replace(INVISIBLE, '').replace(ID_SEPARATORS, '');
  return ID_DIGITS.test(digits) ? digits : null;
}
