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

/**
 * The names of a catalogue, indexed once: exact keys, and for the closest-name search every
 * key's two-letter pieces (bigrams) with the keys holding each, so a lookup visits only names
 * that share a piece with what was typed instead of the whole catalogue (a scan of every
 * name for each name looked up grows with the catalogue; figures in docs/performance.md).
 */
interface NameIndex {
  readonly byKey: ReadonlyMap<string, readonly Card[]>;
  readonly keys: readonly string[];
  /** Bigram (or, for one-letter names and queries, the letter) → ids of the keys holding it, ascending. */
  readonly postings: ReadonlyMap<string, Int32Array>;
  /** Distinct bigrams of each key: a key whose every bigram the query holds may lie inside the query. */
  readonly gramCounts: Uint16Array;
  /** Scratch for one lookup (lookups are synchronous): bigrams shared per key, and the keys touched. */
  readonly shared: Uint16Array;
  readonly touched: Int32Array;
}

// Built on the first name lookup only: checking .ydk files never needs names.
const indexes = new WeakMap<Catalogue, NameIndex>();

/** The distinct bigrams of a key; a one-letter key is its own piece. */
function grams(key: string): string[] {
  if (key.length === 1) return [key];
  const found = new Set<string>();
  for (let i = 0; i + 1 < key.length; i++) found.add(key.slice(i, i + 2));
  return [...found];
}

function nameIndex(catalogue: Catalogue): NameIndex {
  const known = indexes.get(catalogue);
  if (known) return known;
  const byKey = new Map<string, Card[]>();
  for (const card of catalogue.cards) {
    for (const name of [card.nameJa, card.nameEn]) {
      if (!name) continue;
      const key = normalizeName(name);
      if (key === '') continue;
      const cards = byKey.get(key);
      if (!cards) byKey.set(key, [card]);
      else if (!cards.includes(card)) cards.push(card);
    }
  }
  const keys = [...byKey.keys()];
  const postings = new Map<string, number[]>();
  const gramCounts = new Uint16Array(keys.length);
  keys.forEach((key, id) => {
    const pieces = grams(key);
    gramCounts[id] = pieces.length;
    // One-letter queries look for names containing the letter: index every letter once too.
    const letters = key.length === 1 ? [] : [...new Set(key.split(''))];
    for (const piece of [...pieces, ...letters]) {
      const list = postings.get(piece);
      if (!list) postings.set(piece, [id]);
      else list.push(id);
    }
  });
  const packed = new Map<string, Int32Array>();
  for (const [piece, ids] of postings) packed.set(piece, Int32Array.from(ids));
  const index = {
    byKey,
    keys,
    postings: packed,
    gramCounts,
    shared: new Uint16Array(keys.length),
    touched: new Int32Array(keys.length),
  };
  indexes.set(catalogue, index);
  return index;
}

export type NameLookup =
  | { readonly kind: 'found'; readonly card: Card }
  | { readonly kind: 'ambiguous'; readonly cards: readonly Card[] }
  | { readonly kind: 'unknown'; readonly closest: readonly Card[] };

// How many closest-name searches may still run (see limitSuggestions); lookups are synchronous.
let searchesLeft = Infinity;

/**
 * Runs `read` (a parser that looks names up) allowing at most `searches` closest-name
 * searches: an uploaded list of thousands of misspelt lines costs the same as one of
 * `searches`, and the names past it are still reported unknown, only without suggestions.
 */
export function limitSuggestions<T>(searches: number, read: () => T): T {
  const outer = searchesLeft;
  searchesLeft = Math.min(outer, searches);
  try {
    return read();
  } finally {
    searchesLeft = outer;
  }
}

/** The card a Japanese or English name means; when none, the closest names (at most `suggestions`). */
export function lookupCardName(catalogue: Catalogue, name: string, suggestions = 3): NameLookup {
  const index = nameIndex(catalogue);
  const key = normalizeName(name);
  const cards = index.byKey.get(key);
  if (cards && cards.length === 1 && cards[0]) return { kind: 'found', card: cards[0] };
  if (cards && cards.length > 1) return { kind: 'ambiguous', cards };
  if (suggestions <= 0 || searchesLeft <= 0) return { kind: 'unknown', closest: [] };
  searchesLeft--;
  return { kind: 'unknown', closest: closestCards(index, key, suggestions) };
}

/** Longer than any card name: a query past this gets no suggestions rather than unbounded work. */
export const MAX_SUGGESTED_NAME = 120;
/** How many of the names sharing the most bigrams get an edit distance computed. */
const EDIT_CANDIDATES = 64;

/**
 * Names that start with what was typed come first, then names that contain it (shortest first
 * in each: "stardust" → Stardust Dragon), then the smallest edit distances, as long as fewer
 * than half the letters differ. Only names sharing a bigram with the query are visited, and
 * only the EDIT_CANDIDATES sharing the most get an edit distance: a name sharing no two
 * letters in a row with what was typed is not suggested.
 */
function closestCards(index: NameIndex, key: string, limit: number): Card[] {
  if (key === '' || key.length > MAX_SUGGESTED_NAME) return [];
  const pieces = grams(key);
  const { shared, touched } = index;
  let touchedCount = 0;
  for (const piece of pieces) {
    const ids = index.postings.get(piece);
    if (!ids) continue;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (shared[id] === 0) touched[touchedCount++] = id;
      shared[id]! += 1;
    }
  }
  const scored: { key: string; score: number }[] = [];
  const maxDistance = Math.max(2, Math.floor(key.length / 2));
  // Keys within the length bound, bucketed by how many bigrams they share (no sort of thousands).
  const near: number[][] = Array.from({ length: pieces.length + 1 }, () => []);
  for (let t = 0; t < touchedCount; t++) {
    const id = touched[t]!;
    const count = shared[id]!;
    shared[id] = 0;
    const candidate = index.keys[id]!;
    const mayContainKey = count === pieces.length;
    const mayBeInsideKey = count === index.gramCounts[id] && candidate.length >= 3;
    if ((mayContainKey && candidate.includes(key)) || (mayBeInsideKey && key.includes(candidate))) {
      const lengthGap = Math.abs(candidate.length - key.length);
      scored.push({ key: candidate, score: candidate.startsWith(key) ? lengthGap / 1000 : lengthGap / 100 });
      continue;
    }
    if (Math.abs(candidate.length - key.length) <= maxDistance) near[Math.min(count, pieces.length)]!.push(id);
  }
  let budget = EDIT_CANDIDATES;
  for (let count = pieces.length; count > 0 && budget > 0; count--) {
    const ids = near[count]!.sort((a, b) => a - b).slice(0, budget);
    budget -= ids.length;
    for (const id of ids) {
      const candidate = index.keys[id]!;
      const distance = editDistance(key, candidate, maxDistance);
      if (distance <= maxDistance) scored.push({ key: candidate, score: distance });
    }
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
