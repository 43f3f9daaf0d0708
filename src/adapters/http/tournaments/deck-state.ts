import type { Deck } from '../../../core/deck/deck.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { decklistFindings } from './deck-report.js';

/*
 * Each player's deck state for the desk and the first pairing: no list, a legal list, or a list
 * with findings (the registration check, through the same deck-check API).
 */

export type DeckState = 'none' | 'legal' | 'findings';

/** Findings per registered list object: lists are replaced, never changed in place, so each is checked once per server. */
const checked = new WeakMap<Deck, Promise<number>>();

/** How many findings the deck rules have for a registered list. */
export function findingCount(deck: Deck, tournament: Tournament): Promise<number> {
  let count = checked.get(deck);
  if (!count) {
    count = decklistFindings(deck, tournament).then((f) => f.length);
    checked.set(deck, count);
  }
  return count;
}

/** Every player's deck state and finding count, in the order given. */
export function deckStates(players: readonly { decklist: Deck | null }[], tournament: Tournament): Promise<{ state: DeckState; findings: number }[]> {
  return Promise.all(
    players.map(async (p) => {
      if (p.decklist === null) return { state: 'none' as const, findings: 0 };
      const findings = await findingCount(p.decklist, tournament);
      return { state: findings > 0 ? ('findings' as const) : ('legal' as const), findings };
    }),
  );
}
