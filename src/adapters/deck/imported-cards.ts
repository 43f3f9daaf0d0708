import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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
import { cardNameProblem, tooManyCardRows, UPLOAD_LIMITS } from '../../core/deck/upload-limits.js';
import { runTask, type WorkerRun } from '../worker-threads.js';
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

/** An upload as the server was sent it: the text, or base64 for a cards.cdb. */
export interface CardUpload {
  readonly name: string;
  readonly format: CardUploadFormat;
  readonly data: string;
  readonly cdbLang?: 'ja' | 'en';
}

/** An upload read into what is kept: the cards in shinpan's format, their hash and count, and what was left out. */
export interface PreparedUpload {
  readonly text: string;
  readonly hash: string;
  readonly cards: number;
  readonly skipped: readonly SkippedCard[];
}

/**
 * The cards of an upload (a cards.cdb is written into `dir` to be opened), or its errors with
 * line or row numbers; past UPLOAD_LIMITS refused. Synchronous and as slow as the file makes it:
 * the server runs it in a worker of its own (importCardDatabase).
 */
export function prepareCardUpload(upload: Omit<CardUpload, 'name'>, dir: string): Result<PreparedUpload, Text> {
  const parsed = parseCardUpload(upload.format, upload.data, upload.cdbLang ?? 'ja', dir);
  if (!parsed.ok) return parsed;
  const built = buildCatalogue(parsed.value.cards);
  if (built.catalogue.cards.length === 0)
    return err({ en: 'the file holds no cards', ja: 'ファイルにカードが1枚もありません' });
  const text = writeCardJsonl(built.catalogue.cards);
  return ok({
    text,
    hash: sha256(text),
    cards: built.catalogue.cards.length,
    skipped: [...parsed.value.skipped, ...built.skipped],
  });
}

function parseCardUpload(
  format: CardUploadFormat,
  data: string,
  cdbLang: 'ja' | 'en',
  dir: string,
): Result<{ cards: Card[]; skipped: SkippedCard[] }, Text> {
  if (format === 'cdb') {
    const file = join(dir, 'cards.cdb');
    writeFileSync(file, Buffer.from(data, 'base64'));
    const read = readCdb(file, cdbLang);
    return read.ok
      ? ok(read.value)
      : err({ en: read.error.en.replace(file, 'cards.cdb'), ja: read.error.ja.replace(file, 'cards.cdb') });
  }
  const parsed = format === 'jsonl' ? parseCardJsonl(data) : parseYgoprodeckJson(data);
  if (parsed.errors.length > 0) return err(formatErrorsText(parsed.errors));
  const rows = parsed.cards.length + parsed.skipped.length;
  if (rows > UPLOAD_LIMITS.cardRows) return err(tooManyCardRows('the file', rows));
  for (const [i, card] of parsed.cards.entries()) {
    const where = `card ${i + 1} (${card.passcode})`;
    const long = cardNameProblem(where, card.nameJa) ?? cardNameProblem(where, card.nameEn);
    if (long) return err(long);
  }
  return ok({ cards: parsed.cards, skipped: parsed.skipped });
}

/** Thrown while MAX_TASK_WORKERS uploads are being read: the route answers 429. */
export class UploadsBusy extends Error {}

/**
 * Reads an upload in a worker of its own, given UPLOAD_LIMITS.readMs (then the worker is ended
 * and the upload refused), and stores it; answers the pool a tournament records, and what was
 * left out and why. Nothing is stored for a refused upload, and a stored pool is never replaced.
 */
export async function importCardDatabase(
  store: ImportedCardStore,
  upload: CardUpload,
): Promise<Result<{ pool: RecordedCardPool; skipped: readonly SkippedCard[] }, Text>> {
  // The folder is made and removed without blocking: a busy disk made rmdir alone hold the loop up.
  const dir = await mkdtemp(join(tmpdir(), 'shinpan-upload-'));
  let run: WorkerRun<Result<PreparedUpload, Text>>;
  try {
    const { name: _name, ...file } = upload;
    run = await runTask(import.meta.url, 'card-upload-worker', { upload: file, dir }, UPLOAD_LIMITS.readMs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (run.kind === 'busy') throw new UploadsBusy('uploads busy');
  if (run.kind === 'timeout')
    return err({
      en: `not read within ${UPLOAD_LIMITS.readMs / 1000} seconds (a real card database reads in about one)`,
      ja: `${UPLOAD_LIMITS.readMs / 1000} 秒以内に読み終わりませんでした（本物のカードデータベースは1秒ほどで読めます）`,
    });
  if (run.kind === 'failed')
    return err({ en: `could not be read (${run.message})`, ja: `読み込めませんでした（${run.message}）` });
  if (!run.value.ok) return run.value;
  const { text, hash, cards, skipped } = run.value.value;
  const pool: RecordedCardPool = { source: 'imported', name: upload.name, hash, cards };
  await store.settingOrInit(keyOf(hash), JSON.stringify({ name: upload.name, text }));
  return ok({ pool, skipped });
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
