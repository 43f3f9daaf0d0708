import type { DeckComparisonKind } from '../deck/compare-decks.js';
import { deriveOneMatch } from './match-results.js';
import { unreportedMatchOf } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * A deck check compares the deck with the registered list (rule 3-B: 「デッキリスト内容とデッキ
 * （サイドデッキを含む）内容が異なっている」). Between duels of a match a player may side-deck:
 * swap cards between the side deck and the deck, each keeping its size. So in duel 1 (before any
 * siding) the deck is compared zone by zone; from duel 2 on, as one pool of deck and side deck
 * with the zones' sizes still the list's. Spec: a duel loss given before the first duel does
 * not let anyone side-deck before the first duel actually played (the pack's
 * `sideDeckAfterDuelLossBeforeFirstDuel`); then a later duel still compares zone by zone.
 */

/** The duel a deck check is made in, whether it was named or read off the results, and the comparison it calls for. */
export interface DeckCheckDuel {
  readonly duel: number;
  /** Read off the player's match (the duels decided so far, plus one): no duel was named. */
  readonly fromResults: boolean;
  readonly kind: DeckComparisonKind;
}

/** The duel of the check (`named`, else the player's unreported match's next duel by its results, else 1) and how to compare there. */
export function deckCheckDuel(t: Tournament, player: string, named?: number): DeckCheckDuel {
  const current = unreportedMatchOf(t, player);
  const derived = current && deriveOneMatch(t, current.round.number, current.match, current.round.stage);
  const duel = named ?? (derived ? derived.duels.length + 1 : 1);
  // Duels before this one that were played, not only lost by penalty: siding needs one unless the pack allows it.
  const byPenalty = new Set(derived?.duels.filter((d) => d.byPenalty.length > 0).map((d) => d.duel));
  let played = false;
  for (let d = 1; d < duel && !played; d++) played = !byPenalty.has(d);
  const sided = duel > 1 && (played || derived?.noSideDeckBeforeFirstPlayedDuel !== true);
  return { duel, fromResults: named === undefined, kind: sided ? 'pool' : 'zones' };
}
