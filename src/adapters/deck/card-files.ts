import { createReadStream, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { parseCardJsonlLine } from '../../core/deck/card-jsonl-format.js';
import type { Card, SkippedCard } from '../../core/deck/catalogue.js';
import type { FormatError } from '../../core/deck/format-error.js';
import { parseYgoprodeckJson } from '../../core/deck/ygoprodeck-format.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Text } from '../../core/text.js';
import { readCdb } from './cdb-reader.js';
import type { Progress } from './progress.js';

export type CardFileFormat = 'jsonl' | 'ygoprodeck' | 'cdb';

/** The cards a file gave and the rows it left out (with why). */
export interface CardFile {
  readonly path: string;
  readonly format: CardFileFormat;
  readonly cards: Card[];
  readonly skipped: SkippedCard[];
}

/** What made a card file unusable: the file's problem, or its broken lines. */
export interface CardFileError {
  readonly path: string;
  readonly errors: readonly FormatError[];
}

/** The format by file name: `.cdb` SQLite, `.json` YGOPRODeck, anything else JSON lines. */
export function cardFileFormat(path: string): CardFileFormat {
  const ext = extname(path).toLowerCase();
  return ext === '.cdb' ? 'cdb' : ext === '.json' ? 'ygoprodeck' : 'jsonl';
}

/** Reads a card catalogue file of any supported format, reporting progress for big files. */
export async function readCardFile(
  path: string,
  options: { progress?: Progress; cdbLang?: 'ja' | 'en' } = {},
): Promise<Result<CardFile, CardFileError>> {
  const format = cardFileFormat(path);
  const fail = (message: Text): Result<CardFile, CardFileError> => err({ path, errors: [{ line: null, message }] });
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    return fail(unreadable(error));
  }
  if (format === 'cdb') {
    const read = readCdb(path, options.cdbLang ?? 'en');
    return read.ok ? ok({ path, format, ...read.value }) : fail(read.error);
  }
  if (format === 'ygoprodeck') {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      return fail(unreadable(error));
    }
    options.progress?.start(1);
    const parsed = parseYgoprodeckJson(text, (done, total) => {
      if (done === 1) options.progress?.start(total);
      options.progress?.update(done);
    });
    options.progress?.stop();
    return parsed.errors.length > 0
      ? err({ path, errors: parsed.errors })
      : ok({ path, format, cards: parsed.cards, skipped: parsed.skipped });
  }
  return readJsonl(path, size, options.progress);
}

async function readJsonl(
  path: string,
  size: number,
  progress: Progress | undefined,
): Promise<Result<CardFile, CardFileError>> {
  const cards: Card[] = [];
  const skipped: SkippedCard[] = [];
  const errors: FormatError[] = [];
  progress?.start(size);
  let bytes = 0;
  let line = 0;
  try {
    const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const raw of lines) {
      line++;
      const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      bytes += Buffer.byteLength(raw) + 1;
      if (line % 1000 === 0) progress?.update(Math.min(bytes, size));
      const parsed = parseCardJsonlLine(text, line);
      if (parsed.kind === 'card') cards.push(parsed.card);
      else if (parsed.kind === 'skip') skipped.push(parsed.skipped);
      else if (parsed.kind === 'error') errors.push(parsed.error);
    }
  } catch (error) {
    progress?.stop();
    return err({ path, errors: [{ line: null, message: unreadable(error) }] });
  }
  progress?.update(size);
  progress?.stop();
  if (errors.length > 0) return err({ path, errors });
  return ok({ path, format: 'jsonl', cards, skipped });
}

/** The reason a file could not be read, in both languages. */
export function unreadable(error: unknown): Text {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { en: 'no such file', ja: 'ファイルがありません' };
  if (code === 'EISDIR') return { en: 'is a folder, not a file', ja: 'ファイルではなくフォルダです' };
  if (code === 'EACCES') return { en: 'permission denied', ja: '読み取り権限がありません' };
  const message = (error as Error).message;
  return { en: `cannot read: ${message}`, ja: `読めません: ${message}` };
}
