import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchInfractions, type Searchable } from '../../web/src/penalty/infraction-search.js';

// The real default pack: the console searches what the server serves.
const pack = JSON.parse(readFileSync(new URL('../../policy/ocg-5ds.json', import.meta.url), 'utf8')) as {
  infractions: Searchable[];
};
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

  it("finds what judges call it on the floor, from the pack's search words", () => {
    expect(ids('スロープレイ')[0]).toBe('slow-play');
    expect(ids('遅延')[0]).toBe('stalling');
    for (const word of ['マーク', 'マークド', 'スリーブ', 'sleeves']) expect(ids(word)[0]).toBe('marked-cards');
  });

  it('reads full-width input as half-width', () => {
    expect(ids('ＴＡＲＤＩＮＥＳＳ')).toEqual(['tardiness']);
  });

  it('answers every infraction for an empty query and none for nonsense', () => {
    expect(ids('  ')).toHaveLength(pack.infractions.length);
    expect(ids('zzzz-no-such-thing')).toEqual([]);
  });
});
