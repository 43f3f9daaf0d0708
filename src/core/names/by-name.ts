import { foldKana } from './reading.js';

/*
 * The one "by name" order of every list and print (pairings by name, the table finder, the
 * wall display): by reading in 五十音 order, and by the name itself where no reading is given.
 * Japanese collation (Intl.Collator 'ja') puts Latin names (A–Z) first, then kana in 五十音
 * order, then names in kanji that have no reading. Readings are folded first (katakana and
 * half-width katakana compare as hiragana), so ヤマダ and やまだ sort together; ties go by
 * the name, then by the player id, so the order never depends on registration order.
 */

const collator = new Intl.Collator('ja', { numeric: true });

export interface Named {
  readonly id?: string;
  readonly name: string;
  readonly reading?: string | null;
}

/** The text a player sorts on: the reading where given, else the name, folded. */
export const nameSortKey = (p: Named): string => foldKana(p.reading?.trim() || p.name);

/** A player with its sort key made once (`nameSortKey`), for sorts that compare names only on ties. */
export interface NameKeyed {
  readonly key: string;
  readonly p: Named;
}

export const compareKeyed = (a: NameKeyed, b: NameKeyed): number =>
  collator.compare(a.key, b.key) ||
  collator.compare(a.p.name, b.p.name) ||
  collator.compare(a.p.id ?? '', b.p.id ?? '');

export const compareByName = (a: Named, b: Named): number =>
  compareKeyed({ key: nameSortKey(a), p: a }, { key: nameSortKey(b), p: b });

/** A sorted copy; `named` picks the player out of each item (a table line, a standing…). Keys are folded once per item. */
export function sortByName<T>(items: readonly T[], named: (item: T) => Named): T[] {
  const keyed = items.map((item) => {
    const p = named(item);
    return { item, p, key: nameSortKey(p) };
  });
  return keyed.sort(compareKeyed).map((k) => k.item);
}
