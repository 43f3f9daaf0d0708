import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchInfractions, type Searchable } from '../../web/src/penalty/infraction-search.js';

// The real default pack: the console searches what the server serves.
const pack = JSON.parse(readFileSync(new URL('../../policy/ocg-5ds.json', import.meta.url), 'utf8')) as { infractions: Searchable[] };
const ids = (query: string) => searchInfractions(pack.infractions, query).map((i) => i.id);

describe('finding an infraction in either language', () => {
  it('finds tardiness by its Japanese or English name', () => {
    expect(ids('遅刻')).toEqual(['tardiness']);
    expect(ids('tardiness')).toEqual(['tardiness']);
  });

  it('needs every word, and puts name matches before description matches', () => {
    expect(ids('extra draw')).toEqual(['extra-draw']);
    expect(ids('デッキリスト')).toEqual(['decklist-mismatch']);
  });

  it('reads full-width input as half-width', () => {
    expect(ids('ＴＡＲＤＩＮＥＳＳ')).toEqual(['tardiness']);
  });

  it('answers every infraction for an empty query and none for nonsense', () => {
    expect(ids('  ')).toHaveLength(pack.infractions.length);
    expect(ids('zzzz-no-such-thing')).toEqual([]);
  });
});
