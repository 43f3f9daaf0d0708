import type { Deck } from '../../../core/deck/deck.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { ImportedCardStore } from '../../deck/imported-cards.js';
import { decklistFindings } from './deck-report.js';

/*
 * Each player's deck state for the desk and the first pairing: no list, a legal list, or a list
 * with findings (the registration check, through the same deck-check API).
 */

export type DeckState = 'none' | 'legal' | 'findings';

/**
 * Findings per registered list object and deck rules: lists are replaced, never changed in place,
 * so each is checked once per server for each card pool and F/L list the tournament records (the
 * organizer may change those until round 1 is paired).
 */
const checked = new WeakMap<Deck, Map<string, Promise<number>>>();

const rulesKey = (t: Tournament): string => {
  const rules = t.settings.deckRules;
  return rules === undefined ? 'sample' : `${rules.cardPool.hash}/${rules.banlist?.hash ?? 'none'}`;
};

/** How many findings the tournament's deck rules have for a registered list. */
export function findingCount(deck: Deck, tournament: Tournament, imported: ImportedCardStore): Promise<number> {
  const byRules = checked.get(deck) ?? new Map<string, Promise<number>>();
  checked.set(deck, byRules);
  const key = rulesKey(tournament);
  let count = byRules.get(key);
  if (!count) {
    count = decklistFindings(deck, tournament, imported).then((f) => f.length);
    byRules.set(key, count);
  }
  return count;
}

/** Every player's deck state and finding count, in the order given. */
export function deckStates(
  players: readonly { decklist: Deck | null }[],
  tournament: Tournament,
  imported: ImportedCardStore,
): Promise<{ state: DeckState; findings: number }[]> {
  return Promise.all(
    players.map(async (p) => {
      if (p.decklist === null) return { state: 'none' as const, findings: 0 };
      const findings = await findingCount(p.decklist, tournament, imported);
      return { state: findings > 0 ? ('findings' as const) : ('legal' as const), findings };
    }),
  );
}
