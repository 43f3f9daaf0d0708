import type { Text } from '../text.js';
import { isPasscode } from './deck-bounds.js';

/**
 * Small readers for fields of parsed JSON, each failing with the field path and what was
 * expected in both languages (zod's own messages are English only).
 */
export class FieldError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
  }
}

type Json = Record<string, unknown>;

/** The value as an object, or a FieldError naming `path`. */
export function asObject(value: unknown, path: string): Json {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json;
  throw new FieldError({ en: `${path}: expected an object`, ja: `${path}: オブジェクトが必要です` });
}

/** The value as an array, or a FieldError naming `path`. */
export function asArray(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw new FieldError({ en: `${path}: expected an array`, ja: `${path}: 配列が必要です` });
}

/** A passcode: a whole number from 1 to 999,999,999 (a number or a string of digits). */
export function asPasscode(value: unknown, path: string): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && isPasscode(n)) return n;
  throw new FieldError({
    en: `${path}: expected a passcode (a whole number of up to 9 digits), got ${show(value)}`,
    ja: `${path}: パスコード（9桁までの整数）が必要です（値: ${show(value)}）`,
  });
}

/** A string, `null`/missing allowed when `optional`. */
export function asString(value: unknown, path: string, optional: true): string | null;
export function asString(value: unknown, path: string, optional?: false): string;
export function asString(value: unknown, path: string, optional = false): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (optional && (value === null || value === undefined)) return null;
  throw new FieldError({
    en: `${path}: expected text, got ${show(value)}`,
    ja: `${path}: 文字列が必要です（値: ${show(value)}）`,
  });
}

/** An ISO calendar date YYYY-MM-DD that exists. */
export function asIsoDate(value: unknown, path: string): string {
  if (typeof value === 'string' && isIsoDate(value)) return value;
  throw new FieldError({
    en: `${path}: expected a date YYYY-MM-DD, got ${show(value)}`,
    ja: `${path}: 日付（YYYY-MM-DD）が必要です（値: ${show(value)}）`,
  });
}

// Card databases repeat a few thousand release dates over 14k rows: each is checked once.
const checkedDates = new Map<string, boolean>();

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  let known = checkedDates.get(text);
  if (known === undefined) {
    known = checkIsoDate(text);
    if (checkedDates.size < 100_000) checkedDates.set(text, known);
  }
  return known;
}

function checkIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** One of `choices`. */
export function asChoice<T extends string>(value: unknown, path: string, choices: readonly T[]): T {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  const list = choices.join(', ');
  throw new FieldError({
    en: `${path}: expected one of ${list}, got ${show(value)}`,
    ja: `${path}: ${list} のいずれかが必要です（値: ${show(value)}）`,
  });
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
