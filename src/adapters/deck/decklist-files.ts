import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Catalogue } from '../../core/deck/catalogue.js';
import type { Deck } from '../../core/deck/deck.js';
import type { FormatError } from '../../core/deck/format-error.js';
import { parseDecklist } from '../../core/deck/decklist-format.js';
import { parseYdke } from '../../core/deck/ydke-format.js';
import { err, type Result } from '../../core/result.js';
import { unreadable } from './card-files.js';

/** File names a folder walk takes as decklists. */
export const DECKLIST_EXTENSIONS = ['.ydk', '.ydke', '.txt'] as const;

/** Reads one decklist file (.ydk, .ydke, or a plain-text list), or an inline `ydke://` argument. */
export function readDecklist(source: string, catalogue: Catalogue): Result<Deck, FormatError[]> {
  if (source.toLowerCase().startsWith('ydke://')) return parseYdke(source);
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    return err([{ line: null, message: unreadable(error) }]);
  }
  const ext = extname(source).toLowerCase();
  return parseDecklist(text, catalogue, ext === '.ydk' ? 'ydk' : ext === '.txt' ? 'text' : 'auto');
}

/**
 * The decklists named on the command line, folders walked recursively (sorted, so runs are
 * repeatable) for .ydk, .ydke and .txt files; other files in a folder are counted as ignored.
 * A path that does not exist is kept, so reading it reports the error.
 */
export function collectDecklists(paths: readonly string[]): { files: string[]; ignored: number } {
  const files: string[] = [];
  let ignored = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if ((DECKLIST_EXTENSIONS as readonly string[]).includes(extname(entry.name).toLowerCase())) files.push(path);
      else ignored++;
    }
  };
  for (const path of paths) {
    let isDir = false;
    try {
      isDir = !path.toLowerCase().startsWith('ydke://') && statSync(path).isDirectory();
    } catch {
      isDir = false;
    }
    if (isDir) walk(path);
    else files.push(path);
  }
  return { files, ignored };
}
