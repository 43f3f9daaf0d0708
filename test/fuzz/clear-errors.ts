import { expect } from 'vitest';
import type { Text } from '../../src/core/text.js';

/*
 * What "a clear error" means for the property tests: it says where (a line inside the input, or
 * a field path) and what, in Japanese and English, without JavaScript leaking into the words.
 */

// "NaN" is allowed: a message may name the value a JavaScript caller passed ("got NaN").
const LEAKS = /undefined|\[object Object\]|TypeError|ReferenceError|Cannot read propert|at [\w.]+ \(/;

/** A message a person can read, in both languages. */
export function expectReadable(message: Text): void {
  for (const lang of ['ja', 'en'] as const) {
    expect(typeof message[lang]).toBe('string');
    expect(message[lang].trim()).not.toBe('');
    expect(message[lang]).not.toMatch(LEAKS);
  }
}

/** A line number that points into `text` (1-based), or no line for a whole-file problem. */
export function expectLineIn(line: number | null, text: string): void {
  if (line === null) return;
  const lines = text.split(/\r\n|\r|\n/).length;
  expect(Number.isInteger(line)).toBe(true);
  expect(line).toBeGreaterThanOrEqual(1);
  expect(line).toBeLessThanOrEqual(lines);
}

/** Every error of a failed parse is readable and points into the input. */
export function expectFormatErrors(errors: readonly { line: number | null; message: Text }[], text: string): void {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expectLineIn(e.line, text);
    expectReadable(e.message);
  }
}

/** An English message naming a field path and what is wrong with it. */
export function expectFieldMessage(path: string, message: string): void {
  expect(path.trim()).not.toBe('');
  expect(message.trim()).not.toBe('');
  expect(message).not.toMatch(LEAKS);
}
