import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK_BOUNDS } from '../../src/core/deck/deck-bounds.js';
import { parseYdke, writeYdke } from '../../src/core/deck/ydke-format.js';

describe('ydke:// URLs', () => {
  it('encodes each zone as base64 of little-endian 32-bit passcodes', () => {
    // 44508094 = 0x02A723BE → bytes BE 23 A7 02 → "viOnAg=="
    expect(writeYdke({ main: [44508094], extra: [], side: [] })).toBe('ydke://viOnAg==!!!');
    expect(parseYdke('ydke://viOnAg==!!!')).toEqual({ ok: true, value: { main: [44508094], extra: [], side: [] } });
  });

  it('accepts the URL without the trailing "!" and with surrounding spaces', () => {
    expect(parseYdke('  ydke://viOnAg==!viOnAg==!  ')).toEqual({
      ok: true,
      value: { main: [44508094], extra: [44508094], side: [] },
    });
  });

  it('reads back what it writes, for any deck within the bounds', () => {
    // Distinct passcodes: a deck past the copy bound is refused (deck-bounds.test.ts).
    const zone = (most: number) => fc.uniqueArray(fc.integer({ min: 1, max: 999_999_999 }), { maxLength: most });
    fc.assert(
      fc.property(
        zone(DECK_BOUNDS.cards.main),
        zone(DECK_BOUNDS.cards.extra),
        zone(DECK_BOUNDS.cards.side),
        (main, extra, side) => {
          expect(parseYdke(writeYdke({ main, extra, side }))).toEqual({ ok: true, value: { main, extra, side } });
        },
      ),
    );
  });

  it('names what is wrong with a broken URL', () => {
    const messages = (url: string) => {
      const r = parseYdke(url);
      return r.ok ? [] : r.error.map((e) => e.message.en);
    };
    expect(messages('https://example.com/deck')).toEqual(['a ydke URL starts with "ydke://"']);
    expect(messages('ydke://viOnAg==!')).toEqual(['expected 3 parts (main!extra!side!), got 2']);
    expect(messages('ydke://fiWn!%%%!!')).toEqual(['main: byte count not a multiple of 4', 'extra: not base64']);
  });
});
