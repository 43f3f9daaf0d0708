import { err, ok, type Result } from '../result.js';
import type { Text } from '../text.js';
import { isIsoDate } from './json-fields.js';

/**
 * A Forbidden/Limited list: passcode → copies allowed (0 forbidden, 1 limited, 2 semi-limited,
 * 3 listed as allowed). In a whitelist every card it does not name is excluded.
 */
export interface Banlist {
  readonly name: string;
  /** When the list takes effect, read from its name ("2011.3.1" → 2011-03-01) or given in JSON. */
  readonly date: string | null;
  readonly whitelist: boolean;
  readonly limits: ReadonlyMap<number, number>;
}

/**
 * The date a list's name starts with: "2011.3.1", "2013.9.1 (OCG)", "2026.07 OCG", full-width
 * "２０１１．９．１"; a name with year and month only starts on the 1st. `null` when there is none.
 */
export function listDateFromName(name: string): string | null {
  const m = /^\s*(\d{4})[./-](\d{1,2})(?:[./-](\d{1,2}))?(?!\d)/.exec(name.normalize('NFKC'));
  if (!m) return null;
  const date = `${m[1]}-${(m[2] ?? '').padStart(2, '0')}-${(m[3] ?? '1').padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

/**
 * Lists that `--date` may pick: an OCG list whose name is a date alone or a date marked OCG.
 * TCG, Traditional, Speed Duel or custom lists in the same file are chosen by name only.
 */
export function isDatedOcgList(list: Banlist): boolean {
  if (list.date === null) return false;
  const rest = list.name
    .normalize('NFKC')
    .replace(/^\s*\d{4}[./-]\d{1,2}(?:[./-]\d{1,2})?/, '')
    .trim();
  return rest === '' || (/\bocg\b/i.test(rest) && !/tcg/i.test(rest));
}

export type BanlistChoiceError =
  | { readonly kind: 'no-lists'; readonly message: Text }
  | { readonly kind: 'unknown-name'; readonly names: readonly string[]; readonly message: Text }
  | { readonly kind: 'none-in-force'; readonly names: readonly string[]; readonly message: Text };

/** Names compare after NFKC, trimmed and case-insensitive, so "!２０１１．３．１" answers to "2011.3.1". */
const nameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

/**
 * The list a tournament uses: the one named `name`; else the only list of the file; else the
 * dated OCG list in force on `date` (the latest that starts on or before it).
 */
export function selectBanlist(
  lists: readonly Banlist[],
  choice: { readonly name?: string; readonly date: string },
): Result<Banlist, BanlistChoiceError> {
  const names = lists.map((l) => l.name);
  if (lists.length === 0)
    return err({ kind: 'no-lists', message: { en: 'the file holds no list', ja: 'ファイルにリストがありません' } });
  if (choice.name !== undefined) {
    const wanted = nameKey(choice.name);
    const found = lists.find((l) => nameKey(l.name) === wanted);
    if (found) return ok(found);
    const known = names.join(', ');
    return err({
      kind: 'unknown-name',
      names,
      message: {
        en: `no list named "${choice.name}"; the file holds: ${known}`,
        ja: `「${choice.name}」という名前のリストはありません。ファイル内のリスト: ${known}`,
      },
    });
  }
  if (lists.length === 1 && lists[0]) return ok(lists[0]);
  let best: Banlist | undefined;
  for (const list of lists) {
    if (!isDatedOcgList(list) || list.date === null || list.date > choice.date) continue;
    if (!best || (best.date !== null && list.date > best.date)) best = list;
  }
  if (best) return ok(best);
  const known = names.join(', ');
  return err({
    kind: 'none-in-force',
    names,
    message: {
      en: `no dated OCG list of the file is in force on ${choice.date}; name one with --list-name (the file holds: ${known})`,
      ja: `${choice.date} に有効な日付付きOCGリストがありません。--list-name で指定してください（ファイル内のリスト: ${known}）`,
    },
  });
}
