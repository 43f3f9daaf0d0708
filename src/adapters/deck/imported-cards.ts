import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCardJsonl, writeCardJsonl } from '../../core/deck/card-jsonl-format.js';
import { buildCatalogue, type Card, type Catalogue, type SkippedCard } from '../../core/deck/catalogue.js';
import type { RecordedCardPool } from '../../core/deck/deck-rules.js';
import { formatErrorsText } from '../../core/deck/format-error.js';
import { parseYgoprodeckJson } from '../../core/deck/ygoprodeck-format.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Text } from '../../core/text.js';
import { readCdb } from './cdb-reader.js';
import { sha256 } from './ocg-data.js';

/*
 * Card databases an organizer uploads for a tournament. They are kept in the server's own
 * settings table (SQLite or PostgreSQL alike), in shinpan's compact format, under the sha256 of
 * that text: the same upload twice is one row, and a tournament that recorded the hash finds
 * exactly the cards it was created with. A file that does not parse keeps nothing.
 */

export const CARD_UPLOAD_FORMATS = ['jsonl', 'ygoprodeck', 'cdb'] as const;
export type CardUploadFormat = (typeof CARD_UPLOAD_FORMATS)[number];

/** Where imported databases live: the settings table of the account store. */
export interface ImportedCardStore {
  settingOrInit(key: string, value: string): Promise<string>;
  setting(key: string): Promise<string | undefined>;
}

const keyOf = (hash: string): string => `cards:${hash}`;

/** The cards of an upload (`data`: the text, or base64 for a cards.cdb), or its errors with line numbers. */
export function parseCardUpload(
  format: CardUploadFormat,
  data: string,
  cdbLang: 'ja' | 'en' = 'ja',
): Result<{ cards: Card[]; skipped: SkippedCard[] }, Text> {
  if (format === 'cdb') {
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-cdb-'));
    try {
      const file = join(dir, 'cards.cdb');
      writeFileSync(file, Buffer.from(data, 'base64'));
      const read = readCdb(file, cdbLang);
      return read.ok
        ? ok(read.value)
        : err({ en: read.error.en.replace(file, 'cards.cdb'), ja: read.error.ja.replace(file, 'cards.cdb') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const parsed = format === 'jsonl' ? parseCardJsonl(data) : parseYgoprodeckJson(data);
  if (parsed.errors.length > 0) return err(formatErrorsText(parsed.errors));
  return ok({ cards: parsed.cards, skipped: parsed.skipped });
}

/** Stores an upload; answers the pool a tournament records, and what was left out and why. */
export async function importCardDatabase(
  store: ImportedCardStore,
  upload: {
    readonly name: string;
    readonly format: CardUploadFormat;
    readonly data: string;
    readonly cdbLang?: 'ja' | 'en';
  },
): Promise<Result<{ pool: RecordedCardPool; skipped: readonly SkippedCard[] }, Text>> {
  const parsed = parseCardUpload(upload.format, upload.data, upload.cdbLang);
  if (!parsed.ok) return parsed;
  const built = buildCatalogue(parsed.value.cards);
  if (built.catalogue.cards.length === 0)
    return err({ en: 'the file holds no cards', ja: 'ファイルにカードが1枚もありません' });
  const text = writeCardJsonl(built.catalogue.cards);
  const hash = sha256(text);
  const pool: RecordedCardPool = { source: 'imported', name: upload.name, hash, cards: built.catalogue.cards.length };
  await store.settingOrInit(keyOf(hash), JSON.stringify({ name: upload.name, text }));
  return ok({ pool, skipped: [...parsed.value.skipped, ...built.skipped] });
}

const loaded = new Map<string, Catalogue>();

/** The pool an imported database records, or undefined when no such upload is stored. */
export async function importedPool(store: ImportedCardStore, hash: string): Promise<RecordedCardPool | undefined> {
  const catalogue = await importedCatalogue(store, hash);
  const stored = await store.setting(keyOf(hash));
  if (!catalogue || stored === undefined) return undefined;
  return {
    source: 'imported',
    name: (JSON.parse(stored) as { name: string }).name,
    hash,
    cards: catalogue.cards.length,
  };
}

/** An imported database by its hash, read once per process. */
export async function importedCatalogue(store: ImportedCardStore, hash: string): Promise<Catalogue | undefined> {
  const known = loaded.get(hash);
  if (known) return known;
  const stored = await store.setting(keyOf(hash));
  if (stored === undefined) return undefined;
  const { text } = JSON.parse(stored) as { text: string };
  const catalogue = buildCatalogue(parseCardJsonl(text).cards).catalogue;
  loaded.set(hash, catalogue);
  return catalogue;
}
