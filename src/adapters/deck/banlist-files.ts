import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Banlist } from '../../core/deck/banlist.js';
import { parseBanlistJson } from '../../core/deck/banlist-json-format.js';
import type { FormatError } from '../../core/deck/format-error.js';
import { parseLflist } from '../../core/deck/lflist-format.js';
import { err, type Result } from '../../core/result.js';
import { unreadable } from './card-files.js';

/** Reads the F/L lists of a file: the simple JSON form for `.json`, lflist.conf otherwise. */
export function readBanlistFile(path: string): Result<Banlist[], FormatError[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return err([{ line: null, message: unreadable(error) }]);
  }
  return extname(path).toLowerCase() === '.json' ? parseBanlistJson(text) : parseLflist(text);
}
