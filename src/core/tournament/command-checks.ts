import { explain, type Problem } from './command-problems.js';
import { controlCharacter } from '../control-characters.js';
import { invisibleCharacter, showsSomething } from '../names/normal-form.js';
import { readingProblem } from '../names/reading.js';
import { domainError, type DomainError } from './domain-errors.js';
import { READING, TIME_ZONE_CHARACTERS, type IntRange, type TextBound } from './limits.js';

/*
 * Checks of command fields that the state does not decide. Adapters validate shapes first;
 * these keep the domain honest when a command comes from anywhere else.
 */

/**
 * An error naming `field` unless `value` has visible text and no control characters. A text
 * of spaces and characters that show nothing (U+3164, U+2800, U+200B…) prints as a blank
 * name on the pairings: it is refused, naming the first such character.
 */
export function checkText(field: string, value: unknown): DomainError | null {
  if (typeof value !== 'string' || !/\S/.test(value))
    return domainError('invalid-command', {
      field,
      problem: explain('text-required'),
    });
  if (!showsSomething(value))
    return domainError('invalid-command', {
      field,
      problem: explain('text-invisible', { codePoint: invisibleCharacter(value) as string }),
    });
  const control = controlCharacter(value);
  if (!control) return null;
  return domainError('invalid-command', {
    field,
    problem: explain('control-character', control),
  });
}

/**
 * What breaks `bound` in a text (trimmed, as every entry point stores it), or null: too many
 * characters, or an id's shape. Blank text and control characters are checkText's. The HTTP
 * schemas, the CLI's options and the CSV reader ask this same function.
 */
export function boundProblem(value: string, bound: TextBound): Problem | null {
  const text = value.trim();
  // Counted in code points (an emoji is one character), skipped while the UTF-16 length is within.
  const length = text.length <= bound.max ? text.length : [...text].length;
  if (length > bound.max) return explain('text-too-long', { max: bound.max, length });
  if (bound.shape && !bound.shape.pattern.test(text))
    return bound.shape.name === 'player-id' ? explain('player-id-shape') : explain('tournament-id-shape');
  return null;
}

/** An error naming `field` unless `value` is visible text without control characters, within `bound`. */
export function checkBounded(field: string, value: unknown, bound: TextBound): DomainError | null {
  const bad = checkText(field, value);
  if (bad) return bad;
  const problem = boundProblem(value as string, bound);
  return problem ? domainError('invalid-command', { field, problem }) : null;
}

/** checkBounded for a text that may be left out (undefined). */
export const checkOptionalBounded = (field: string, value: unknown, bound: TextBound): DomainError | null =>
  value === undefined ? null : checkBounded(field, value, bound);

/** An error naming `field` unless `value` is a reading in kana (the rule is in names/reading.ts). */
export function checkReading(field: string, value: unknown, bound: TextBound = READING): DomainError | null {
  const problem =
    typeof value === 'string' ? (readingProblem(value) ?? boundProblem(value, bound)) : explain('text-required');
  return problem ? domainError('invalid-command', { field, problem }) : null;
}

/** An error naming `field` unless `value` is an integer in the range (both ends included). */
export const checkInteger = (field: string, value: unknown, { min, max }: IntRange): DomainError | null =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? null
    : domainError('invalid-command', {
        field,
        problem: explain('whole-number-between', { min, max }),
      });

/** An error naming `field` unless `value` is a calendar date written YYYY-MM-DD. */
export function checkDate(field: string, value: unknown): DomainError | null {
  const problem = domainError('invalid-command', {
    field,
    problem: explain('date'),
  });
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return problem;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? null : problem;
}

/** An error naming `field` unless `value` is an ISO-8601 time with a zone. */
export const checkTime = (field: string, value: unknown): DomainError | null =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
  !Number.isNaN(Date.parse(value))
    ? null
    : domainError('invalid-command', {
        field,
        problem: explain('time'),
      });

/** An error naming `field` unless `value` is a time zone the runtime knows by its IANA name (Asia/Tokyo, UTC). */
export function checkTimeZone(field: string, value: unknown): DomainError | null {
  const problem = domainError('invalid-command', {
    field,
    problem: explain('time-zone', { max: TIME_ZONE_CHARACTERS }),
  });
  if (typeof value !== 'string' || value.length > TIME_ZONE_CHARACTERS || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value))
    return problem;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return null;
  } catch {
    return problem;
  }
}

/** The first error of several checks, or null. */
export const firstError = (...checks: (DomainError | null)[]): DomainError | null =>
  checks.find((c) => c !== null) ?? null;
