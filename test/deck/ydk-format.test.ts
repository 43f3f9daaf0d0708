import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseYdk, writeYdk } from '../../src/core/deck/ydk-format.js';

describe('parseYdk', () => {
  it('reads the three sections, one copy per line', () => {
    const deck = parseYdk(
      '#created by someone\n#main\n44508094\n63977008\n63977008\n#extra\n44508094\n!side\n5318639\n',
    );
    expect(deck).toEqual({
      ok: true,
      value: { main: [44508094, 63977008, 63977008], extra: [44508094], side: [5318639] },
    });
  });

  it('accepts a BOM, CRLF endings, blank lines, zero-padded passcodes and a missing !side', () => {
    const deck = parseYdk('\uFEFF#created by ygopro\r\n#main\r\n08131171\r\n\r\n  05318639  \r\n#extra\r\n');
    expect(deck).toEqual({ ok: true, value: { main: [8131171, 5318639], extra: [], side: [] } });
  });

  it('reports every bad line with its number and keeps no partial deck', () => {
    const deck = parseYdk('#main\n44508094\nStardust Dragon\n#extra\n12x\n!sideboard\n');
    expect(deck.ok).toBe(false);
    if (deck.ok) return;
    expect(deck.error.map((e) => e.line)).toEqual([3, 5, 6]);
    expect(deck.error[0]?.message.en).toBe('not a passcode or a section (#main, #extra, !side): "Stardust Dragon"');
    expect(deck.error[0]?.message.ja).toContain('「Stardust Dragon」');
  });

  it('refuses a passcode before #main, passcode 0, and a file without #main', () => {
    const before = parseYdk('44508094\n#main\n');
    expect(before.ok ? [] : before.error.map((e) => [e.line, e.message.en])).toEqual([
      [1, 'passcode 44508094 comes before #main'],
    ]);
    const zero = parseYdk('#main\n0\n');
    expect(zero.ok ? [] : zero.error.map((e) => e.line)).toEqual([2]);
    const notYdk = parseYdk('# just a comment\n');
    expect(notYdk.ok ? [] : notYdk.error.map((e) => [e.line, e.message.en])).toEqual([
      [null, 'no #main line: this is not a .ydk decklist'],
    ]);
  });

  it('refuses a number of more than 9 digits instead of guessing', () => {
    const deck = parseYdk('#main\n1234567890\n');
    expect(deck.ok ? [] : deck.error.map((e) => e.line)).toEqual([2]);
  });
});

describe('writeYdk', () => {
  it('writes the format YGOPro reads', () => {
    expect(writeYdk({ main: [1, 2], extra: [3], side: [] }, 'test')).toBe(
      '#created by test\n#main\n1\n2\n#extra\n3\n!side\n',
    );
  });

  it('reads back what it writes, for any deck', () => {
    const zone = fc.array(fc.integer({ min: 1, max: 999_999_999 }), { maxLength: 70 });
    fc.assert(
      fc.property(zone, zone, zone, (main, extra, side) => {
        expect(parseYdk(writeYdk({ main, extra, side }))).toEqual({ ok: true, value: { main, extra, side } });
      }),
    );
  });
});
