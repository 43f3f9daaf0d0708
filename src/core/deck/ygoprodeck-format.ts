import type { Card, CardZone, SkippedCard } from './catalogue.js';
import { formatError, type FormatError } from './format-error.js';
import { asArray, asIsoDate, asObject, asPasscode, asString, FieldError } from './json-fields.js';

/**
 * Card JSON in the shape of the YGOPRODeck card database (`{"data": [...]}` or a bare array):
 * `id`, `name` (English), `frameType`, `card_images[].id` (alternate artworks) and, when the
 * dump was made with misc info, `misc_info[0].ocg_date` / `formats`. Without misc info the OCG
 * release is unknown and taken as released (`ocg: true`), so release checks need dated sources.
 */
export function parseYgoprodeckJson(
  text: string,
  onProgress?: (done: number, total: number) => void,
): { cards: Card[]; skipped: SkippedCard[]; errors: FormatError[] } {
  let rows: unknown[];
  try {
    const doc: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    rows = Array.isArray(doc) ? doc : asArray(asObject(doc, 'document').data, 'data');
  } catch (error) {
    const message = error instanceof FieldError ? error.text : { en: 'not valid JSON', ja: 'JSON として読めません' };
    return { cards: [], skipped: [], errors: [{ line: null, message }] };
  }
  const cards: Card[] = [];
  const skipped: SkippedCard[] = [];
  const errors: FormatError[] = [];
  rows.forEach((row, i) => {
    const path = `data[${i}]`;
    try {
      const result = ygoprodeckCard(asObject(row, path), path);
      if ('reason' in result) skipped.push(result);
      else cards.push(result);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      errors.push({ line: null, message: error.text });
    }
    if (onProgress && (i % 500 === 499 || i === rows.length - 1)) onProgress(i + 1, rows.length);
  });
  if (rows.length === 0) errors.push(formatError(null, 'data: no cards in the file', 'data: カードが1枚もありません'));
  return { cards, skipped, errors };
}

function ygoprodeckCard(row: Record<string, unknown>, path: string): Card | SkippedCard {
  const passcode = asPasscode(row.id, `${path}.id`);
  const frame = asString(row.frameType, `${path}.frameType`);
  if (frame === 'token')
    return {
      line: null,
      passcode,
      reason: { en: 'a token, not a deck card', ja: 'トークン（デッキに入らないカード）' },
    };
  if (frame === 'skill')
    return {
      line: null,
      passcode,
      reason: { en: 'a Speed Duel skill, not an OCG card', ja: 'スピードデュエルのスキル（OCGのカードではない）' },
    };
  const extra = /^(fusion|synchro|xyz|link)/.exec(frame)?.[1] as CardZone | undefined;
  const images = row.card_images === undefined ? [] : asArray(row.card_images, `${path}.card_images`);
  const alts = images
    .map((image, j) => asPasscode(asObject(image, `${path}.card_images[${j}]`).id, `${path}.card_images[${j}].id`))
    .filter((id) => id !== passcode);
  return {
    passcode,
    nameJa: null,
    nameEn: asString(row.name, `${path}.name`),
    category: frame === 'spell' ? 'spell' : frame === 'trap' ? 'trap' : 'monster',
    zone: extra ?? 'main',
    ocg: ocgRelease(row.misc_info, `${path}.misc_info`),
    altPasscodes: [...new Set(alts)],
  };
}

function ocgRelease(misc: unknown, path: string): string | boolean {
  if (misc === undefined || misc === null) return true;
  const info = asArray(misc, path)[0];
  if (info === undefined) return true;
  const fields = asObject(info, `${path}[0]`);
  if (fields.ocg_date !== undefined && fields.ocg_date !== null)
    return asIsoDate(fields.ocg_date, `${path}[0].ocg_date`);
  return Array.isArray(fields.formats) && fields.formats.includes('OCG');
}
