import type { Card, CardCategory, CardZone, SkippedCard } from './catalogue.js';
import { CARD_CATEGORIES, CARD_ZONES } from './catalogue.js';
import { formatError, textLines, type FormatError } from './format-error.js';
import { asArray, asChoice, asIsoDate, asObject, asPasscode, asString, FieldError } from './json-fields.js';

/**
 * Card catalogues as JSON lines, one card per line, in either of two shapes:
 * - shinpan's own compact rows: {"id", "ja", "en", "cat", "zone", "ocg", "alt"}
 *   (`ocg`: release date, `true` released with no date known, `false` no OCG release);
 * - the rows of the shared real-data `cards.jsonl` ({"passcode", "name_en", "name_ja", "kind",
 *   "extra_type", "card_type", "ocg_date", "alt_passcodes", ...}), read as they are.
 */
export type CardLine =
  | { readonly kind: 'card'; readonly card: Card }
  | { readonly kind: 'skip'; readonly skipped: SkippedCard }
  | { readonly kind: 'blank' }
  | { readonly kind: 'error'; readonly error: FormatError };

const NON_DECK_TYPES: Readonly<Record<string, { en: string; ja: string }>> = {
  token: { en: 'a token, not a deck card', ja: 'トークン（デッキに入らないカード）' },
  skill: { en: 'a Speed Duel skill, not an OCG card', ja: 'スピードデュエルのスキル（OCGのカードではない）' },
};

/** Reads line `line` (1-based) of a card JSON-lines file. */
export function parseCardJsonlLine(text: string, line: number): CardLine {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'blank' };
  let row: Record<string, unknown>;
  try {
    row = asObject(JSON.parse(trimmed), 'row');
  } catch (error) {
    if (error instanceof FieldError) return { kind: 'error', error: { line, message: error.text } };
    return { kind: 'error', error: formatError(line, 'not valid JSON', 'JSON として読めません') };
  }
  return cardRow(row, line);
}

function cardRow(row: Record<string, unknown>, line: number): CardLine {
  try {
    if ('passcode' in row) return sharedRow(row, line);
    if ('id' in row) return { kind: 'card', card: compactRow(row) };
    const en = 'a card row needs "id" (shinpan) or "passcode" (cards.jsonl)';
    return {
      kind: 'error',
      error: formatError(line, en, 'カードの行には "id"（shinpan形式）か "passcode"（cards.jsonl形式）が必要です'),
    };
  } catch (error) {
    if (error instanceof FieldError) return { kind: 'error', error: { line, message: error.text } };
    throw error;
  }
}

function compactRow(row: Record<string, unknown>): Card {
  const nameJa = asString(row.ja, 'ja', true);
  const nameEn = asString(row.en, 'en', true);
  if (nameJa === null && nameEn === null)
    throw new FieldError({ en: 'ja, en: a card needs a name', ja: 'ja, en: カード名が必要です' });
  const ocg = row.ocg === undefined || typeof row.ocg === 'boolean' ? (row.ocg ?? true) : asIsoDate(row.ocg, 'ocg');
  return {
    passcode: asPasscode(row.id, 'id'),
    nameJa,
    nameEn,
    category: row.cat === undefined || row.cat === null ? null : asChoice(row.cat, 'cat', CARD_CATEGORIES),
    zone: asChoice(row.zone ?? 'main', 'zone', CARD_ZONES),
    ocg,
    altPasscodes: row.alt === undefined ? [] : asArray(row.alt, 'alt').map((p, i) => asPasscode(p, `alt[${i}]`)),
  };
}

function sharedRow(row: Record<string, unknown>, line: number): CardLine {
  const passcode = asPasscode(row.passcode, 'passcode');
  const type = typeof row.card_type === 'string' ? row.card_type.toLowerCase() : null;
  const nonDeck = type === null ? undefined : NON_DECK_TYPES[type];
  if (nonDeck) return { kind: 'skip', skipped: { line, passcode, reason: nonDeck } };
  const nameJa = asString(row.name_ja, 'name_ja', true);
  const nameEn = asString(row.name_en, 'name_en', true);
  if (nameJa === null && nameEn === null)
    throw new FieldError({ en: 'name_en, name_ja: a card needs a name', ja: 'name_en, name_ja: カード名が必要です' });
  const kind = asChoice(row.kind ?? 'main', 'kind', ['main', 'extra'] as const);
  const zone: CardZone =
    kind === 'main' ? 'main' : asChoice(row.extra_type, 'extra_type', ['fusion', 'synchro', 'xyz', 'link'] as const);
  const category: CardCategory | null = type === null ? null : asChoice(type, 'card_type', CARD_CATEGORIES);
  const ocg = row.ocg_date === null || row.ocg_date === undefined ? false : asIsoDate(row.ocg_date, 'ocg_date');
  const alts =
    row.alt_passcodes === undefined || row.alt_passcodes === null ? [] : asArray(row.alt_passcodes, 'alt_passcodes');
  return {
    kind: 'card',
    card: {
      passcode,
      nameJa,
      nameEn,
      category,
      zone,
      ocg,
      altPasscodes: alts.map((p, i) => asPasscode(p, `alt_passcodes[${i}]`)),
    },
  };
}

/**
 * Reads a whole card JSON-lines text: the cards, the rows left out and why, and the broken lines.
 * The rows are parsed as one JSON array when they form one (14k separate JSON.parse calls cost
 * several times more, and the shipped database is read at every start); line by line otherwise,
 * so a broken line is reported with its number.
 */
export function parseCardJsonl(text: string): { cards: Card[]; skipped: SkippedCard[]; errors: FormatError[] } {
  const cards: Card[] = [];
  const skipped: SkippedCard[] = [];
  const errors: FormatError[] = [];
  const keep = (parsed: CardLine): void => {
    if (parsed.kind === 'card') cards.push(parsed.card);
    else if (parsed.kind === 'skip') skipped.push(parsed.skipped);
    else if (parsed.kind === 'error') errors.push(parsed.error);
  };
  const lines = textLines(text);
  const numbers: number[] = [];
  const rows: string[] = [];
  lines.forEach((content, i) => {
    if (content.trim() === '') return;
    numbers.push(i + 1);
    rows.push(content);
  });
  const whole = parseAsOneArray(rows);
  if (whole) whole.forEach((row, i) => void keep(cardRow(row, numbers[i] ?? 0)));
  else lines.forEach((content, i) => void keep(parseCardJsonlLine(content, i + 1)));
  return { cards, skipped, errors };
}

/** The rows as one array, or `undefined` unless every line is exactly one JSON object. */
function parseAsOneArray(rows: readonly string[]): Record<string, unknown>[] | undefined {
  let values: unknown;
  try {
    values = JSON.parse(`[${rows.join(',')}]`);
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length !== rows.length) return undefined;
  return values.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    ? (values as Record<string, unknown>[])
    : undefined;
}

/** Writes cards as shinpan's compact JSON lines (the shipped catalogue's format). */
export function writeCardJsonl(cards: readonly Card[]): string {
  return cards
    .map((card) => {
      const row: Record<string, unknown> = { id: card.passcode, ja: card.nameJa, en: card.nameEn };
      if (card.category) row.cat = card.category;
      row.zone = card.zone;
      row.ocg = card.ocg;
      if (card.altPasscodes.length > 0) row.alt = card.altPasscodes;
      return JSON.stringify(row);
    })
    .join('\n')
    .concat(cards.length > 0 ? '\n' : '');
}
