import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Banlist } from '../../src/core/deck/banlist.js';
import { parseBanlistJson, writeBanlistJson } from '../../src/core/deck/banlist-json-format.js';
import { parseCardJsonl, writeCardJsonl } from '../../src/core/deck/card-jsonl-format.js';
import type { Deck } from '../../src/core/deck/deck.js';
import { parseLflist, writeLflist } from '../../src/core/deck/lflist-format.js';
import { parseTextDecklist, writeTextDecklist } from '../../src/core/deck/text-decklist-format.js';
import { parseYdk, writeYdk } from '../../src/core/deck/ydk-format.js';
import { parseYdke, writeYdke } from '../../src/core/deck/ydke-format.js';
import { parseYgoprodeckJson } from '../../src/core/deck/ygoprodeck-format.js';
import { shippedCatalogue } from '../deck/shipped.js';
import { sharedDataDir, sharedDataPresent } from '../support/services.js';
import { expectFormatErrors, expectLineIn, expectReadable } from './clear-errors.js';
import { anyText, mutatedText, mutatedValue, RUNS } from './mutate.js';

/*
 * Every decklist, list and catalogue format, fed random text and damaged valid files: a parser
 * answers a value or errors that point at a line of the input, in both languages; it never throws.
 */

const catalogue = shippedCatalogue();
const cataloguePasscodes = catalogue.cards.map((c) => c.passcode);

const passcode = fc.integer({ min: 1, max: 999_999_999 });
const deckOf = (code: fc.Arbitrary<number>): fc.Arbitrary<Deck> =>
  fc.record({
    main: fc.array(code, { maxLength: 60 }),
    extra: fc.array(code, { maxLength: 15 }),
    side: fc.array(code, { maxLength: 15 }),
  });
const anyDeck = deckOf(passcode);

/** Without ../shared (a plain clone) the fuzzing runs on generated and shipped inputs only. */
const shared = sharedDataPresent();

/** A sample of the real files of ../shared/data (decklists, split F/L lists), as text. */
function sharedSample(folder: string, suffix: string, count: number): string[] {
  if (!shared) return [];
  const dir = join(sharedDataDir, folder);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort();
  const step = Math.max(1, Math.floor(files.length / count));
  return files
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

const realYdk = sharedSample('decks', '.ydk', 24);
const realLflists = sharedSample(join('banlists', 'split'), '.lflist.conf', 12);
const realCardLines = (
  shared ? readFileSync(join(sharedDataDir, 'cards.jsonl'), 'utf8') : writeCardJsonl(catalogue.cards)
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .slice(0, 400);

/** Damaged copies of real texts, or nothing to draw from when there are none. */
const realTexts = (texts: string[]): fc.Arbitrary<string>[] =>
  texts.length > 0 ? [mutatedText(fc.constantFrom(...texts))] : [];

const banlist: fc.Arbitrary<Banlist> = fc.record({
  name: fc.oneof(
    fc.constantFrom('2011.3.1', '2026.07 OCG', '２０１１．９．１', 'Custom'),
    fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !/[\r\n]/.test(s)),
  ),
  date: fc.constant(null),
  whitelist: fc.boolean(),
  limits: fc
    .array(fc.tuple(passcode, fc.integer({ min: 0, max: 3 })), { maxLength: 30 })
    .map((entries) => new Map(entries)),
});

function expectDeckShape(deck: Deck): void {
  for (const zone of [deck.main, deck.extra, deck.side]) {
    for (const code of zone) expect(Number.isSafeInteger(code) && code >= 0).toBe(true);
  }
}

describe('.ydk', () => {
  const inputs = fc.oneof(anyText(), mutatedText(anyDeck.map((d) => writeYdk(d))), ...realTexts(realYdk));

  it('reads random and damaged files into a deck or errors naming lines, never throwing', () => {
    fc.assert(
      fc.property(inputs, (text) => {
        const parsed = parseYdk(text);
        if (parsed.ok) expectDeckShape(parsed.value);
        else expectFormatErrors(parsed.error, text);
      }),
      RUNS,
    );
  });

  it('reads back every deck it writes', () => {
    fc.assert(
      fc.property(anyDeck, (deck) => {
        expect(parseYdk(writeYdk(deck))).toEqual({ ok: true, value: deck });
      }),
      RUNS,
    );
  });
});

describe('ydke://', () => {
  const inputs = fc.oneof(
    anyText(),
    fc.string().map((s) => `ydke://${s}`),
    mutatedText(
      anyDeck.map((d) => writeYdke(d)),
      3,
    ),
  );

  it('reads random and damaged links into a deck or a clear error, never throwing', () => {
    fc.assert(
      fc.property(inputs, (url) => {
        const parsed = parseYdke(url);
        if (parsed.ok) expectDeckShape(parsed.value);
        else expectFormatErrors(parsed.error, url);
      }),
      RUNS,
    );
  });

  it('reads back every deck it writes', () => {
    fc.assert(
      fc.property(anyDeck, (deck) => {
        expect(parseYdke(writeYdke(deck))).toEqual({ ok: true, value: deck });
      }),
      RUNS,
    );
  });
});

describe('text decklists', () => {
  const catalogueDeck = deckOf(fc.constantFrom(...cataloguePasscodes));
  const written = fc
    .tuple(catalogueDeck, fc.constantFrom('ja' as const, 'en' as const))
    .map(([deck, lang]) => writeTextDecklist(deck, catalogue, lang));
  const inputs = fc.oneof(anyText(), mutatedText(written));

  it('reads random and damaged lists into a deck or errors naming lines, never throwing', () => {
    fc.assert(
      fc.property(inputs, (text) => {
        const parsed = parseTextDecklist(text, catalogue);
        if (parsed.ok) expectDeckShape(parsed.value);
        else expectFormatErrors(parsed.error, text);
      }),
      RUNS,
    );
  });
});

describe('lflist.conf', () => {
  const inputs = fc.oneof(
    anyText(),
    mutatedText(fc.array(banlist, { minLength: 1, maxLength: 3 }).map((lists) => writeLflist(lists))),
    ...realTexts(realLflists),
  );

  it('reads random and damaged files into lists or errors naming lines, never throwing', () => {
    fc.assert(
      fc.property(inputs, (text) => {
        const parsed = parseLflist(text);
        if (!parsed.ok) return expectFormatErrors(parsed.error, text);
        expect(parsed.value.length).toBeGreaterThan(0);
        for (const list of parsed.value) {
          expect(list.name.trim()).not.toBe('');
          for (const [code, count] of list.limits) {
            expect(Number.isSafeInteger(code)).toBe(true);
            expect([0, 1, 2, 3]).toContain(count);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('F/L lists as JSON', () => {
  const valid = fc.array(banlist, { minLength: 1, maxLength: 3 }).map((lists) => writeBanlistJson(lists));
  const inputs = fc.oneof(
    anyText(),
    mutatedText(valid),
    mutatedValue(valid.map((text) => JSON.parse(text) as unknown)).map((v) => JSON.stringify(v) ?? ''),
  );

  it('reads random and damaged documents into lists or a clear error, never throwing', () => {
    fc.assert(
      fc.property(inputs, (text) => {
        const parsed = parseBanlistJson(text);
        if (!parsed.ok) return expectFormatErrors(parsed.error, text);
        for (const list of parsed.value) expect(typeof list.name).toBe('string');
      }),
      RUNS,
    );
  });
});

describe('card catalogues', () => {
  const realLines = fc
    .array(fc.constantFrom(...realCardLines), { minLength: 1, maxLength: 20 })
    .map((lines) => lines.join('\n'));
  const shipped = fc
    .array(fc.constantFrom(...catalogue.cards), { minLength: 1, maxLength: 20 })
    .map((cards) => writeCardJsonl(cards));
  const lineValue = fc.constantFrom(...realCardLines.slice(0, 50)).map((line) => JSON.parse(line) as unknown);

  it('reads random and damaged JSON lines into cards, skipped rows and errors naming lines, never throwing', () => {
    const inputs = fc.oneof(
      anyText(),
      mutatedText(realLines),
      mutatedText(shipped),
      mutatedValue(lineValue).map((v) => JSON.stringify(v) ?? ''),
    );
    fc.assert(
      fc.property(inputs, (text) => {
        const parsed = parseCardJsonl(text);
        for (const e of parsed.errors) {
          expectLineIn(e.line, text);
          expectReadable(e.message);
        }
        for (const s of parsed.skipped) expectReadable(s.reason);
        for (const card of parsed.cards) expect(Number.isSafeInteger(card.passcode) && card.passcode > 0).toBe(true);
      }),
      RUNS,
    );
  });

  it('reads random and damaged YGOPRODeck documents without throwing', () => {
    const document = fc.array(lineValue, { maxLength: 5 }).map((rows) => ({
      data: rows.map((r) => {
        const row = r as { passcode: number; name_en: string; type: string; alt_passcodes?: number[] };
        return {
          id: row.passcode,
          name: row.name_en,
          type: row.type,
          frameType: 'effect',
          card_images: [{ id: row.passcode }],
        };
      }),
    }));
    const inputs = fc.oneof(
      anyText(),
      mutatedValue(document).map((v) => JSON.stringify(v) ?? ''),
      mutatedText(document.map((d) => JSON.stringify(d))),
    );
    fc.assert(
      fc.property(inputs, (text) => {
        const parsed = parseYgoprodeckJson(text);
        for (const e of parsed.errors) expectReadable(e.message);
        for (const s of parsed.skipped) expectReadable(s.reason);
        for (const card of parsed.cards) expect(Number.isSafeInteger(card.passcode)).toBe(true);
      }),
      RUNS,
    );
  });
});
