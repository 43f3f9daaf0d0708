/*
 * Finding an infraction by what a judge types, in either language: no imports, so the
 * project's node tests check it against the real policy pack.
 */

interface Bilingual {
  readonly ja: string;
  readonly en: string;
}

export interface Searchable {
  readonly id: string;
  readonly section: string;
  readonly name: Bilingual;
  readonly description: Bilingual;
  /** The pack's floor words for it (スロープレイ, sleeves…). */
  readonly searchWords?: Bilingual;
}

/** Full-width letters and digits as half-width, lower case: "ＤＱ" and "dq" match alike. */
const normalise = (s: string): string => s.normalize('NFKC').toLowerCase();

/**
 * The infractions whose id, section, name, the pack's search words or description (Japanese
 * and English together) contains every word of `query`, names and search words matching
 * first; all of them for an empty query.
 */
export function searchInfractions<T extends Searchable>(infractions: readonly T[], query: string): T[] {
  const words = normalise(query)
    .split(/[\s　]+/)
    .filter(Boolean);
  if (words.length === 0) return [...infractions];
  const scored: { item: T; score: number; index: number }[] = [];
  infractions.forEach((item, index) => {
    const said = item.searchWords ? `${item.searchWords.ja} ${item.searchWords.en}` : '';
    const name = normalise(`${item.id} ${item.name.ja} ${item.name.en} ${said}`);
    const all = normalise(`${name} §${item.section} ${item.description.ja} ${item.description.en}`);
    if (!words.every((w) => all.includes(w))) return;
    scored.push({ item, score: words.filter((w) => name.includes(w)).length, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.item);
}
