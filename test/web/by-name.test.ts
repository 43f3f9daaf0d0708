import { describe, expect, it } from 'vitest';
import { sortByName } from '../../src/core/names/by-name.js';
import { pages, screenShare } from '../../web/src/screens/wall-pages.js';

describe('the one by-name order of players', () => {
  it('sorts by reading in 五十音 order where given, else by the name, hiragana and katakana alike', () => {
    const players = [
      { id: '1', name: '山田 太郎', reading: 'やまだ たろう' },
      { id: '2', name: 'いのうえ' },
      { id: '3', name: '青木 翔', reading: 'アオキ ショウ' },
      { id: '4', name: 'かとう' },
      { id: '5', name: 'Smith' },
    ];
    // Latin before kana; 青木 among the あ by its reading, 山田 among the や.
    expect(sortByName(players, (p) => p).map((p) => p.id)).toEqual(['5', '3', '2', '4', '1']);
  });

  it('falls back to the name, then the id, so equal readings keep one order on every device', () => {
    const players = [
      { id: 'b', name: '佐藤', reading: 'さとう' },
      { id: 'a', name: '佐藤', reading: 'さとう' },
      { id: 'c', name: '左藤', reading: 'さとう' },
    ];
    expect(sortByName(players, (p) => p).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(
      sortByName(
        [
          { id: 'x', name: 'え', reading: '  ' },
          { id: 'y', name: 'あ' },
        ],
        (p) => p,
      ).map((p) => p.id),
    ).toEqual(['y', 'x']);
  });
});

describe('the wall pages and screens', () => {
  const lines = Array.from({ length: 10 }, (_, i) => i);
  it('pages a list and keeps one empty page for none', () => {
    expect(pages(lines, 4)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(pages([], 4)).toEqual([[]]);
  });
  it('gives each of several screens a contiguous share, everything when the screen is out of range', () => {
    expect(screenShare(lines, 1, 3)).toEqual([0, 1, 2, 3]);
    expect(screenShare(lines, 3, 3)).toEqual([8, 9]);
    expect(screenShare(lines, 4, 3)).toEqual(lines);
    expect(screenShare(lines, 0, 0)).toEqual(lines);
  });
});
