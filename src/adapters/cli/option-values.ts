import type { Lang } from '../../core/text.js';
import { controlCharacter } from '../../core/control-characters.js';
import { boundProblem, checkDate, checkTime } from '../../core/tournament/command-checks.js';
import { explain } from '../../core/tournament/command-problems.js';
import type { IntRange, TextBound } from '../../core/tournament/limits.js';
import { CliError } from './cli-error.js';
import { optionValuesMessages as M } from './messages/option-values.js';

/*
 * Option values checked where they are typed, so an error names the option rather than a field
 * of a command. The bounds are the core's (limits.ts, command-checks.ts), the ones the HTTP
 * schemas are built from, and a refused value ends with the code HTTP answers for it.
 */

/** The code of a value refused before it reaches the core, as HTTP's schemas answer it. */
export const INVALID_INPUT = 'invalid-request';

/** Bad input named by its option: exit 2, with the code. */
export const inputError = (message: string): CliError => new CliError(`${message} [${INVALID_INPUT}]`);

/** A whole number option in [min, max]. */
export function intOption(name: string, value: string, min: number, max: number, lang: Lang): number {
  const n = /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw inputError(M.say(lang, 'expected-whole-number-from-got', { name, min, max, value }));
  }
  return n;
}

/** An optional whole number option. */
export const optionalInt = (
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  lang: Lang,
): number | undefined => (value === undefined ? undefined : intOption(name, value, min, max, lang));

/** An optional whole number option within one of the core's ranges (limits.ts). */
export const optionalIn = (name: string, value: string | undefined, range: IntRange, lang: Lang): number | undefined =>
  optionalInt(name, value, range.min, range.max, lang);

/** How help texts write a range: "1-240". */
export const rangeText = (range: IntRange): string => `${range.min}-${range.max}`;

/** A calendar date YYYY-MM-DD. */
export function dateOption(name: string, value: string, lang: Lang): string {
  if (checkDate(name, value) === null) return value;
  throw inputError(M.say(lang, 'expected-date-yyyy-mm-dd', { name, value }));
}

/** An ISO time with a zone. */
export function timeOption(name: string, value: string, lang: Lang): string {
  if (checkTime(name, value) === null) return value;
  throw inputError(M.say(lang, 'expected-iso-time-like-2011', { name, value }));
}

/** Text that must not be blank, trimmed, within `bound` when it has one (a player id's shape, a name's length). */
export function textOption(name: string, value: string, lang: Lang, bound?: TextBound): string {
  if (!/\S/.test(value)) throw inputError(M.say(lang, 'must-not-be-empty', { name }));
  const control = controlCharacter(value);
  if (control) throw inputError(`${name}: ${explain('control-character', control)[lang]}`);
  const problem = bound === undefined ? null : boundProblem(value, bound);
  if (problem) throw inputError(`${name}: ${problem[lang]}`);
  return value.trim();
}

/** Words that may be left out or blank (a call's note): undefined then, else as textOption. */
export const optionalTextOption = (
  name: string,
  value: string | undefined,
  lang: Lang,
  bound: TextBound,
): string | undefined => (value === undefined || !/\S/.test(value) ? undefined : textOption(name, value, lang, bound));

/** One of a fixed set of words. */
export function choiceOption<T extends string>(name: string, value: string, choices: readonly T[], lang: Lang): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw inputError(M.say(lang, 'expected-one-got', { name, choices: choices.join(', '), value }));
}

/** Commander's collector for a repeatable option. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
