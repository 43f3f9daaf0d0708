import type { Text } from '../text.js';

/*
 * What an uploaded card database or F/L list may hold. A tournament's pool is read for every
 * decklist and its names go out in every answer that shows a card, so each upload is bounded
 * before it is kept: a real cards.cdb holds some 13,000 official cards with names of at most
 * ~80 characters, and a list's name is a date or a short title. One home for every bound.
 */
export const UPLOAD_LIMITS = {
  /** Rows of a card database (a cards.cdb's datas or texts, a JSON file's cards). */
  cardRows: 50_000,
  /** Characters of one card name. */
  cardNameCharacters: 200,
  /** Characters of an F/L list's name (lflist.conf's `!NAME`, a JSON list's `name`, `listName`). */
  listNameCharacters: 100,
  /** Characters of the name an organizer gives an uploaded card database. */
  poolNameCharacters: 200,
  /** Milliseconds the server spends reading one uploaded card database before it refuses it. */
  readMs: 10_000,
} as const;

/** A database past the row bound, with the rows found. */
export const tooManyCardRows = (where: string, rows: number): Text => ({
  en: `${where} has ${rows} rows; at most ${UPLOAD_LIMITS.cardRows} are read`,
  ja: `${where} に ${rows} 行あります。読み込めるのは ${UPLOAD_LIMITS.cardRows} 行までです`,
});

/** A card name past the bound (`where` names the row), or null. */
export function cardNameProblem(where: string, name: string | null): Text | null {
  if (name === null || name.length <= UPLOAD_LIMITS.cardNameCharacters) return null;
  return {
    en: `${where}: the card name has ${name.length} characters; at most ${UPLOAD_LIMITS.cardNameCharacters}`,
    ja: `${where}: カード名が ${name.length} 文字あります。${UPLOAD_LIMITS.cardNameCharacters} 文字までです`,
  };
}

/** An F/L list name past the bound, or null. */
export function listNameProblem(name: string): Text | null {
  if (name.length <= UPLOAD_LIMITS.listNameCharacters) return null;
  return {
    en: `the list name has ${name.length} characters; at most ${UPLOAD_LIMITS.listNameCharacters}`,
    ja: `リスト名が ${name.length} 文字あります。${UPLOAD_LIMITS.listNameCharacters} 文字までです`,
  };
}
