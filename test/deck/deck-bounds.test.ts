import { describe, expect, it } from 'vitest';
import { DECK_BOUNDS } from '../../src/core/deck/deck-bounds.js';
import { parseDecklist } from '../../src/core/deck/decklist-format.js';
import { parseTextDecklist } from '../../src/core/deck/text-decklist-format.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import { parseYdke, writeYdke } from '../../src/core/deck/ydke-format.js';
import type { FormatError } from '../../src/core/deck/format-error.js';
import { P, shippedCatalogue } from './shipped.js';

/*
 * A parsed deck is bounded in every format, each refusal naming the bound: a short list must not
 * stand for tens of thousands of cards, and no number outside a passcode's range is a card.
 */
const catalogue = shippedCatalogue();
const messages = (r: { ok: boolean; error?: readonly FormatError[] }) =>
  r.ok ? '' : (r.error ?? []).map((e) => e.message.en).join('; ');

describe('the parsed deck is bounded in every decklist format', () => {
  it('a text list of "99 <passcode>" lines is refused at the first line, naming the copy bound', () => {
    const text = Array.from({ length: 40 }, () => `99 ${P.stardust}`).join('\n');
    const parsed = parseTextDecklist(text, catalogue);
    expect(parsed.ok).toBe(false);
    expect(messages(parsed)).toContain(`1 to ${DECK_BOUNDS.copies}`);
    expect(parsed.ok ? null : parsed.error[0]!.line).toBe(1);
  });

  it('a text list within each line but past the zone or copy bound in all is refused naming the bound', () => {
    const many = Array.from({ length: 4 }, () => `9 ${P.stardust}`).join('\n');
    expect(messages(parseTextDecklist(many, catalogue))).toContain(`at most ${DECK_BOUNDS.copies} of one card`);
    const ids = Object.values(P).slice(0, 12);
    const wide = ids.map((id) => `9 ${id}`).join('\n');
    expect(messages(parseTextDecklist(wide, catalogue))).toContain(`at most ${DECK_BOUNDS.cards.main} in this zone`);
  });

  it('a .ydk of thousands of lines is refused naming the zone bound', () => {
    const text = ['#main', ...Array.from({ length: 3_000 }, () => String(P.stardust))].join('\n');
    expect(messages(parseYdk(text))).toContain(`at most ${DECK_BOUNDS.cards.main} in this zone`);
  });

  it('a ydke:// URL of ~3,700 cards is refused before it is decoded; passcodes 0 and 2^32−1 are not cards', () => {
    const huge = writeYdke({ main: Array.from({ length: 3_700 }, () => P.stardust), extra: [], side: [] });
    expect(messages(parseYdke(huge))).toContain(`more than ${DECK_BOUNDS.cards.main} cards`);
    const zero = writeYdke({ main: [0, P.stardust], extra: [], side: [] });
    expect(messages(parseYdke(zero))).toContain(`outside 1–${DECK_BOUNDS.passcodeMax}`);
    const top = writeYdke({ main: [2 ** 32 - 1], extra: [], side: [] });
    expect(messages(parseDecklist(top, catalogue))).toContain(`passcode ${2 ** 32 - 1} is outside`);
  });

  it('a list within the bounds but breaking the deck rules still parses (its findings are for validation)', () => {
    const text = ['#main', ...Array.from({ length: 4 }, () => String(P.stardust)), '#extra', '!side'].join('\n');
    const parsed = parseYdk(text);
    expect(parsed.ok && parsed.value.main.length).toBe(4);
  });
});
