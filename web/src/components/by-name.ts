/*
 * The one "by name" order of players for every list, print and the wall: by reading (フリガナ)
 * where one is given, else by the name as written, compared with the Japanese collation (kana
 * in 五十音 order, hiragana and katakana alike; Latin letters alphabetically, before kana).
 * A name written in kanji with no reading sorts by its characters, which is not 五十音: the
 * reading is what puts 山田 among the や. Equal keys fall back to the name, then the id, so
 * the order is the same on every device.
 */

export interface Named {
  readonly id: string;
  readonly name: string;
  /** The reading in kana, when the player has one. */
  readonly reading?: string | null;
}

const collator = new Intl.Collator('ja', { sensitivity: 'base', numeric: true });

/** The key a player is sorted by: the reading when given, else the name. */
export const sortKey = (p: Named): string => (p.reading?.trim() ? p.reading.trim() : p.name);

interface Keyed {
  readonly key: string;
  readonly name: string;
  readonly id: string;
}

const compareKeyed = (a: Keyed, b: Keyed): number =>
  collator.compare(a.key, b.key) || collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const keyed = (p: Named): Keyed => ({ key: sortKey(p), name: p.name, id: p.id });

/** Compares two players by name as described above. */
export function compareByName(a: Named, b: Named): number {
  return compareKeyed(keyed(a), keyed(b));
}

/** A copy of `players` in name order (each key worked out once: the wall sorts thousands on a phone). */
export function sortByName<T extends Named>(players: readonly T[]): T[] {
  return players
    .map((p) => ({ p, k: keyed(p) }))
    .sort((a, b) => compareKeyed(a.k, b.k))
    .map((x) => x.p);
}
