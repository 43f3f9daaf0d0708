import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../src/app/csv.js';
import { parsePlayersCsv } from '../../src/app/csv-players.js';
import { expectFormatErrors, expectLineIn } from './clear-errors.js';
import { anyText, mutatedText, RUNS } from './mutate.js';

/*
 * The player list a scorekeeper imports from a spreadsheet: random and damaged CSV gives rows or
 * problems naming lines of the file, never an exception.
 */

/** A cell as spreadsheets hold it: commas, quotes, line breaks, Japanese names, blanks. */
const cell = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.constantFrom('山田 太郎', 'Yūsei Fudō', 'a,b', 'say "hi"', 'two\nlines', ' padded ', '=SUM(A1)', ''),
);
const headers = fc.constantFrom(
  ['id', 'name'],
  ['name', 'id', 'decklist'],
  ['プレイヤーID', '氏名', 'デッキリスト'],
  ['Player ID', 'Player Name'],
);
const playerCsv = headers.chain((header) =>
  fc.array(fc.tuple(fc.stringMatching(/^\d{6,10}$/), cell, cell), { minLength: 1, maxLength: 12 }).map((rows) =>
    toCsv(
      header,
      rows.map(([id, name, deck]) => [id, name, deck].slice(0, header.length)),
    ),
  ),
);

describe('CSV', () => {
  it('reads random and damaged text into records on lines of the file, or a clear error', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(), mutatedText(playerCsv)), (text) => {
        const parsed = parseCsv(text);
        if (!parsed.ok) return expectFormatErrors([parsed.error], text);
        let previous = 0;
        for (const record of parsed.value) {
          expectLineIn(record.line, text);
          expect(record.line).toBeGreaterThan(previous);
          previous = record.line;
        }
      }),
      RUNS,
    );
  });

  it('reads back the cells it writes (cells a spreadsheet cannot take as formulas)', () => {
    const safeCell = cell.filter((c) => !/^[=+\-@\t\r]/.test(c));
    fc.assert(
      fc.property(
        fc.array(fc.array(safeCell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const parsed = parseCsv(toCsv(['a', 'b'], rows));
          if (!parsed.ok) throw new Error(parsed.error.message.en);
          // Two columns: even a row of empty cells is a line (","), so none is skipped as blank.
          expect(parsed.value.map((r) => r.fields)).toEqual([['a', 'b'], ...rows]);
        },
      ),
      RUNS,
    );
  });
});

describe('player import', () => {
  it('reads random and damaged player lists into players or problems naming lines, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(), mutatedText(playerCsv)), (text) => {
        const parsed = parsePlayersCsv(text);
        if (!parsed.ok) return expectFormatErrors(parsed.error, text);
        const ids = parsed.value.map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const player of parsed.value) {
          expectLineIn(player.line, text);
          expect(player.id.trim()).toBe(player.id);
          expect(player.id).not.toBe('');
          expect(player.name).not.toBe('');
        }
      }),
      RUNS,
    );
  });
});
