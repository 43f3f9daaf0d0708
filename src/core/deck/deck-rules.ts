import type { Banlist } from './banlist.js';

/**
 * The card pool and Forbidden/Limited list a tournament checks decks with, as its events record
 * them. The list is recorded whole (a few hundred entries), like the policy pack, so a replay
 * years later checks with the same list whatever the shipped history has become; the card pool
 * (14k cards) is recorded by name and content hash and found again when a deck is checked.
 */
export const DECK_DATA_SOURCES = ['shipped', 'file', 'imported'] as const;
export type DeckDataSource = (typeof DECK_DATA_SOURCES)[number];

export interface RecordedCardPool {
  /** `shipped`: the database in catalogue/; `file`: a file on the scorekeeper's machine (`name` is its path); `imported`: uploaded by the organizer. */
  readonly source: DeckDataSource;
  readonly name: string;
  /** sha256 of the file's bytes, hex. */
  readonly hash: string;
  readonly cards: number;
}

export interface RecordedBanlist {
  readonly source: DeckDataSource;
  readonly name: string;
  /** The list's first day. */
  readonly date: string | null;
  /** sha256 of the list's canonical text (see `canonicalBanlistText`), hex. */
  readonly hash: string;
  readonly whitelist: boolean;
  /** [passcode, copies allowed], ascending by passcode. */
  readonly entries: readonly (readonly [number, number])[];
}

/** What a tournament records: its card pool, and its list (`null`: checked without one). */
export interface DeckRules {
  readonly cardPool: RecordedCardPool;
  readonly banlist: RecordedBanlist | null;
}

/** The list as the canonical text its hash is taken over: name, first day, whitelist flag, sorted entries. */
export function canonicalBanlistText(list: Banlist): string {
  const entries = [...list.limits].sort((a, b) => a[0] - b[0]);
  return [
    `!${list.name}`,
    `date ${list.date ?? '-'}`,
    list.whitelist ? '$whitelist' : '',
    ...entries.map(([p, c]) => `${p} ${c}`),
  ].join('\n');
}

/** A list as recorded, given its source and the hash of `canonicalBanlistText(list)`. */
export function recordBanlist(list: Banlist, source: DeckDataSource, hash: string): RecordedBanlist {
  const entries = [...list.limits].sort((a, b) => a[0] - b[0]).map(([p, c]) => [p, c] as const);
  return { source, name: list.name, date: list.date, hash, whitelist: list.whitelist, entries };
}

/** The recorded list back as a Banlist the validator reads. */
export function banlistOfRecord(recorded: RecordedBanlist): Banlist {
  return {
    name: recorded.name,
    date: recorded.date,
    whitelist: recorded.whitelist,
    limits: new Map(recorded.entries.map(([p, c]) => [p, c])),
  };
}
