import { searchForm } from '../../../src/core/names/reading.js';
import type { StandingsRow } from '../api/types.js';

/** A standings row with the text the search looks in, built once per answer. */
export interface StandingsEntry {
  readonly row: StandingsRow;
  /** Name and player id, lower-cased. */
  readonly text: string;
  /** The reading in search form (core/names/reading.ts), as the players list searches it; '' without one. */
  readonly reading: string;
}

export const standingsIndex = (rows: readonly StandingsRow[]): StandingsEntry[] =>
  rows.map((row) => ({
    row,
    text: `${row.name}\n${row.player}`.toLowerCase(),
    reading: row.reading ? searchForm(row.reading) : '',
  }));

/** The rows whose name or id holds `words` (lower-cased), or whose reading does in either kana (hiragana typed finds a katakana reading). */
export function findStandings(index: readonly StandingsEntry[], words: string): StandingsRow[] {
  const typed = searchForm(words);
  return index.filter((x) => x.text.includes(words) || (typed !== '' && x.reading.includes(typed))).map((x) => x.row);
}
