import { describe, expect, it } from 'vitest';
import { parseDecklist } from '../../src/core/deck/decklist-format.js';
import { P, shippedCatalogue } from './shipped.js';

const catalogue = shippedCatalogue();

describe('parseDecklist', () => {
  it('tells the forms apart: ydke URL, .ydk, plain text', () => {
    const one = { main: [P.stardust], extra: [], side: [] };
    expect(parseDecklist('\uFEFF ydke://viOnAg==!!!\n', catalogue)).toEqual({ ok: true, value: one });
    expect(parseDecklist('#created by x\r\n#main\r\n44508094\r\n', catalogue)).toEqual({ ok: true, value: one });
    expect(parseDecklist('1 Stardust Dragon\n', catalogue)).toEqual({ ok: true, value: one });
  });

  it('follows the hint, so a .txt list is never read as .ydk and the other way round', () => {
    const asText = parseDecklist('#main\n1 Stardust Dragon\n', catalogue, 'text');
    expect(asText).toEqual({ ok: true, value: { main: [P.stardust], extra: [], side: [] } });
    const asYdk = parseDecklist('44508094\n', catalogue, 'ydk');
    expect(asYdk.ok ? [] : asYdk.error.map((e) => e.line)).toEqual([1]);
  });
});
