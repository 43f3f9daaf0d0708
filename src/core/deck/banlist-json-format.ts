import { err, ok, type Result } from '../result.js';
import { listDateFromName, type Banlist } from './banlist.js';
import type { FormatError } from './format-error.js';
import { asArray, asIsoDate, asObject, asPasscode, asString, FieldError } from './json-fields.js';
import { listNameProblem } from './upload-limits.js';

const GROUPS = [
  ['forbidden', 0],
  ['limited', 1],
  ['semiLimited', 2],
  ['allowed', 3],
] as const;

/**
 * The simple JSON form of F/L lists, for organisers who write their own: one list, an array
 * of lists, or `{"lists": [...]}`; a list is
 * `{"name", "date"?, "whitelist"?, "forbidden": [passcodes], "limited": [...], "semiLimited": [...], "allowed": [...]}`.
 * Without `date` the date is read from the name as in lflist.conf.
 */
export function parseBanlistJson(text: string): Result<Banlist[], FormatError[]> {
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return err([{ line: null, message: { en: 'not valid JSON', ja: 'JSON として読めません' } }]);
  }
  try {
    if (Array.isArray(doc)) return ok(doc.map((row, i) => jsonList(row, `[${i}].`)));
    const top = asObject(doc, 'document');
    if ('lists' in top) return ok(asArray(top.lists, 'lists').map((row, i) => jsonList(row, `lists[${i}].`)));
    return ok([jsonList(top, '')]);
  } catch (error) {
    if (error instanceof FieldError) return err([{ line: null, message: error.text }]);
    throw error;
  }
}

function jsonList(row: unknown, path: string): Banlist {
  const list = asObject(row, path === '' ? 'list' : path.slice(0, -1));
  const name = asString(list.name, `${path}name`);
  const long = listNameProblem(name);
  if (long) throw new FieldError({ en: `${path}name: ${long.en}`, ja: `${path}name: ${long.ja}` });
  const limits = new Map<number, number>();
  for (const [key, count] of GROUPS) {
    if (list[key] === undefined) continue;
    asArray(list[key], `${path}${key}`).forEach((p, i) => {
      const passcode = asPasscode(p, `${path}${key}[${i}]`);
      if (limits.has(passcode)) {
        throw new FieldError({
          en: `${path}${key}[${i}]: ${passcode} is already in another group of the list`,
          ja: `${path}${key}[${i}]: ${passcode} はリストの別の区分にすでにあります`,
        });
      }
      limits.set(passcode, count);
    });
  }
  const whitelist = list.whitelist === undefined ? false : list.whitelist;
  if (typeof whitelist !== 'boolean')
    throw new FieldError({
      en: `${path}whitelist: expected true or false`,
      ja: `${path}whitelist: true か false が必要です`,
    });
  const date =
    list.date === undefined || list.date === null ? listDateFromName(name) : asIsoDate(list.date, `${path}date`);
  return { name, date, whitelist, limits };
}

/** Writes lists in the simple JSON form. */
export function writeBanlistJson(lists: readonly Banlist[]): string {
  const rows = lists.map((list) => {
    const row: Record<string, unknown> = { name: list.name, date: list.date };
    if (list.whitelist) row.whitelist = true;
    for (const [key, count] of GROUPS) {
      const passcodes = [...list.limits].filter(([, c]) => c === count).map(([p]) => p);
      if (passcodes.length > 0) row[key] = passcodes;
    }
    return row;
  });
  return `${JSON.stringify({ lists: rows }, null, 2)}\n`;
}
