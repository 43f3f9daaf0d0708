import type { Card, Catalogue } from './catalogue.js';

/**
 * The form names are compared in: NFKC (full-width letters and digits become ASCII), lower
 * case, without spaces and the punctuation that decklists write in different ways
 * (・ vs ·, － vs -, quotes). "ＢＦ－疾風のゲイル" and "bf疾風のゲイル" meet.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s・·\-‐‑‒–—―'’‘"“”,.:;!?&/()「」『』〈〉《》【】[\]]/g, '');
}

interface NameIndex {
  readonly byKey: ReadonlyMap<string, readonly Card[]>;
  readonly keys: readonly string[];
}

// Built on the first name lookup only: checking .ydk files never needs names.
const indexes = new WeakMap<Catalogue, NameIndex>();

function nameIndex(catalogue: Catalogue): NameIndex {
  const known = indexes.get(catalogue);
  if (known) return known;
  const byKey = new Map<string, Card[]>();
  for (const card of catalogue.cards) {
    for (const name of [card.nameJa, card.nameEn]) {
      if (!name) continue;
      const key = normalizeName(name);
      const cards = byKey.get(key);
      if (!cards) byKey.set(key, [card]);
      else if (!cards.includes(card)) cards.push(card);
    }
  }
  const index = { byKey, keys: [...byKey.keys()] };
  indexes.set(catalogue, index);
  return index;
}

export type NameLookup =
  | { readonly kind: 'found'; readonly card: Card }
  | { readonly kind: 'ambiguous'; readonly cards: readonly Card[] }
  | { readonly kind: 'unknown'; readonly closest: readonly Card[] };

/** The card a Japanese or English name means; when none, the closest names (at most `suggestions`). */
export function lookupCardName(catalogue: Catalogue, name: string, suggestions = 3): NameLookup {
  const index = nameIndex(catalogue);
  const key = normalizeName(name);
  const cards = index.byKey.get(key);
  if (cards && cards.length === 1 && cards[0]) return { kind: 'found', card: cards[0] };
  if (cards && cards.length > 1) return { kind: 'ambiguous', cards };
  return { kind: 'unknown', closest: suggestions > 0 ? closestCards(index, key, suggestions) : [] };
}

/**
 * Names that start with what was typed come first, then names that contain it (shortest first
 * in each: "stardust" → Stardust Dragon), then the smallest edit distances, as long as fewer
 * than half the letters differ.
 */
function closestCards(index: NameIndex, key: string, limit: number): Card[] {
  if (key === '') return [];
  const scored: { key: string; score: number }[] = [];
  const maxDistance = Math.max(2, Math.floor(key.length / 2));
  for (const candidate of index.keys) {
    if (candidate.includes(key) || (candidate.length >= 3 && key.includes(candidate))) {
      const lengthGap = Math.abs(candidate.length - key.length);
      scored.push({ key: candidate, score: candidate.startsWith(key) ? lengthGap / 1000 : lengthGap / 100 });
      continue;
    }
    if (Math.abs(candidate.length - key.length) > maxDistance) continue;
    const distance = editDistance(key, candidate, maxDistance);
    if (distance <= maxDistance) scored.push({ key: candidate, score: distance });
  }
  scored.sort((a, b) => a.score - b.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const result: Card[] = [];
  for (const { key: found } of scored) {
    for (const card of index.byKey.get(found) ?? []) {
      if (!result.includes(card)) result.push(card);
    }
    if (result.length >= limit) break;
  }
  return result.slice(0, limit);
}

/** Levenshtein distance, giving up (returning max + 1) once every path costs more than `max`. */
export function editDistance(a: string, b: string, max: number): number {
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? max + 1;
}
