import { readFileSync } from 'node:fs';
import { parseCardJsonl } from '../../src/core/deck/card-jsonl-format.js';
import { buildCatalogue, type Catalogue } from '../../src/core/deck/catalogue.js';
import type { Banlist } from '../../src/core/deck/banlist.js';
import { parseLflist } from '../../src/core/deck/lflist-format.js';
import { sampleLflistPath, sampleCataloguePath, sampleDecksDir } from '../../src/adapters/deck/shipped-data.js';

/** The shipped catalogue, read the way the CLI reads it. */
export function shippedCatalogue(): Catalogue {
  const parsed = parseCardJsonl(readFileSync(sampleCataloguePath(), 'utf8'));
  if (parsed.errors.length > 0) throw new Error(`shipped catalogue: ${parsed.errors[0]?.message.en}`);
  return buildCatalogue(parsed.cards).catalogue;
}

/** The shipped sample lists: [2011.3.1 OCG sample, 2010.9.1 OCG sample]. */
export function sampleLists(): Banlist[] {
  const lists = parseLflist(readFileSync(sampleLflistPath(), 'utf8'));
  if (!lists.ok) throw new Error('sample list does not parse');
  return lists.value;
}

export const sampleDeck = (name: string): string => `${sampleDecksDir()}/${name}`;

/** Passcodes used across the deck tests, named so the tests read. */
export const P = {
  stardust: 44508094,
  stardustAlt: 44508095,
  monsterReborn: 83764718,
  monsterRebornAlt: 83764719,
  heavyStorm: 19613556,
  cardTrooper: 85087012,
  quickdraw: 20932152,
  junkSynchron: 63977008,
  maxxC: 23434538,
  decodeTalker: 1861629,
  tyler: 68811206,
  darkMagician: 46986414,
  goyo: 7391448,
  mst: 5318639,
  sangan: 26202165,
} as const;
