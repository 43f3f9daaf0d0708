import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Banlist } from '../../core/deck/banlist.js';
import { parseCardJsonl } from '../../core/deck/card-jsonl-format.js';
import { buildCatalogue, type Catalogue } from '../../core/deck/catalogue.js';
import { deepFreeze } from '../../core/deep-freeze.js';
import {
  canonicalBanlistText,
  recordBanlist,
  type RecordedBanlist,
  type RecordedCardPool,
} from '../../core/deck/deck-rules.js';
import { parseLflist } from '../../core/deck/lflist-format.js';
import { ocgCardDatabasePath, ocgListHistoryPath } from './shipped-data.js';

/** The shipped card database, read once per process (it is the default card pool everywhere). */
export interface ShippedCards {
  readonly catalogue: Catalogue;
  readonly pool: RecordedCardPool;
}

let cards: ShippedCards | undefined;
let history: readonly Banlist[] | undefined;

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The shipped database; a broken shipped file is a bug of the package, so it throws. */
export function shippedCards(): ShippedCards {
  if (cards) return cards;
  const bytes = readFileSync(ocgCardDatabasePath());
  const parsed = parseCardJsonl(bytes.toString('utf8'));
  if (parsed.errors.length > 0)
    throw new Error(
      `shipped card database ${ocgCardDatabasePath()}:${parsed.errors[0]?.line}: ${parsed.errors[0]?.message.en}`,
    );
  const { catalogue } = buildCatalogue(parsed.cards);
  cards = {
    catalogue,
    pool: { source: 'shipped', name: 'shinpan OCG card database', hash: sha256(bytes), cards: catalogue.cards.length },
  };
  return cards;
}

/** The shipped OCG list history, oldest first. */
export function shippedListHistory(): readonly Banlist[] {
  if (history) return history;
  const parsed = parseLflist(readFileSync(ocgListHistoryPath(), 'utf8'));
  if (!parsed.ok)
    throw new Error(
      `shipped list history ${ocgListHistoryPath()}:${parsed.error[0]?.line}: ${parsed.error[0]?.message.en}`,
    );
  history = parsed.value;
  return history;
}

/** The hash a recorded list carries. */
export const banlistHash = (list: Banlist): string => sha256(canonicalBanlistText(list));

const recordedShipped = new WeakMap<Banlist, RecordedBanlist>();

/**
 * A list of the shipped history as tournaments record it, made once per list and shared
 * (deeply frozen): every tournament created on a date holds the same list, and sorting,
 * hashing and fingerprinting its few hundred entries again cost the loop on every create.
 */
export function recordedShippedList(list: Banlist): RecordedBanlist {
  let recorded = recordedShipped.get(list);
  if (!recorded) {
    recorded = deepFreeze(recordBanlist(list, 'shipped', banlistHash(list)));
    recordedShipped.set(list, recorded);
  }
  return recorded;
}
