import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deck } from '../../src/core/deck/deck.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import { repoRoot } from './results-file.js';

/** The shared real-world data (../shared/data): read at run time, never copied into the repository. */
export const sharedDataDir = join(repoRoot, '..', 'shared', 'data');

/** Every .ydk decklist of ../shared/data/decks, by file name, as text. */
export function sharedDeckTexts(): { file: string; text: string }[] {
  const dir = join(sharedDataDir, 'decks');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ydk'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}

/** The shared decklists that parse, as decks. */
export function sharedDecks(): Deck[] {
  return sharedDeckTexts()
    .map((d) => parseYdk(d.text))
    .flatMap((r) => (r.ok ? [r.value] : []));
}
