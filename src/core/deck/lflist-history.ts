import type { Text } from '../text.js';
import { listDateFromName, type Banlist } from './banlist.js';

/**
 * The dated OCG Forbidden/Limited history: one list per first day. The list in force on a date
 * is the latest one starting on or before it. OCG lists change about every three months (every
 * six before 2013), and the history has holes, so an answer whose list started long before the
 * date says so instead of passing silently.
 */

/** A list found more than this many months before the date may have been replaced. */
export const GAP_MONTHS = 4;

/** The history's own name for a list: "2011.03.01 OCG", "(derived)" when rebuilt from a card-by-card record. */
export function historyListName(date: string, derived: boolean): string {
  return `${date.replaceAll('-', '.')} OCG${derived ? ' (derived)' : ''}`;
}

export interface ListInForce {
  readonly list: Banlist;
  /** Set when the list started more than GAP_MONTHS before the date: a newer list may apply. */
  readonly gap: Text | null;
}

/** The list in force on `date` (YYYY-MM-DD), or `null` when the history starts after it. */
export function listInForce(history: readonly Banlist[], date: string): ListInForce | null {
  let best: Banlist | undefined;
  for (const list of history) {
    if (list.date === null || list.date > date) continue;
    if (!best || (best.date ?? '') < list.date) best = list;
  }
  return best ? { list: best, gap: gapWarning(best, date) } : null;
}

/** The warning for a list that started more than GAP_MONTHS before `date`, else `null`. */
export function gapWarning(list: { readonly name: string; readonly date: string | null }, date: string): Text | null {
  if (list.date === null || list.date >= monthsBefore(date, GAP_MONTHS)) return null;
  return {
    en: `the list used, ${list.name}, started on ${list.date}, more than ${GAP_MONTHS} months before ${date}: a newer list may apply (check the official list in force)`,
    ja: `使用したリスト ${list.name} の適用開始日は ${list.date} で、${date} より${GAP_MONTHS}か月以上前です。より新しいリストが適用される可能性があります（公式の最新リストを確認してください）`,
  };
}

/** The warning when no list of the history is in force on `date`: deck checks run without one. */
export function noListWarning(history: readonly Banlist[], date: string): Text {
  const first = history.reduce<string | null>(
    (min, l) => (l.date !== null && (min === null || l.date < min) ? l.date : min),
    null,
  );
  return {
    en: `no OCG list of the shipped history is in force on ${date} (it starts on ${first ?? '?'}): decks are checked without a Forbidden/Limited list`,
    ja: `${date} に有効なOCGリストが同梱の履歴にありません（履歴は ${first ?? '?'} から）: 禁止・制限リストなしでチェックします`,
  };
}

/**
 * A list of the history by name: its exact name (NFKC, case-insensitive), or any name that
 * starts with the same first day ("2011.3.1" finds "2011.03.01 OCG").
 */
export function findHistoryList(history: readonly Banlist[], name: string): Banlist | undefined {
  const key = (s: string): string => s.normalize('NFKC').trim().toLowerCase();
  const exact = history.find((l) => key(l.name) === key(name));
  if (exact) return exact;
  const day = listDateFromName(name);
  return day === null ? undefined : history.find((l) => l.date === day);
}

/** YYYY-MM-DD `months` months before `date`, the day clamped to the month's length. */
function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
