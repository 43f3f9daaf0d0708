import { z } from 'zod';
import { cardName, findCard, type Catalogue } from '../../../core/deck/catalogue.js';
import type { DeckDifference } from '../../../core/deck/compare-decks.js';
import type { Deck, DeckLimits } from '../../../core/deck/deck.js';
import { describeDifference, describeFinding, type FindingContext } from '../../../core/deck/deck-texts.js';
import { validateDeck, type DeckFinding } from '../../../core/deck/validate-deck.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { Text } from '../../../core/text.js';
import { shippedCatalogue } from './deck-input.js';

/*
 * Deck findings and differences as every route answers them: with their words and the card's
 * name in both languages, so no console has to look a passcode up (null for deck sizes and for
 * passcodes the catalogue does not know).
 */

const bilingual = z.object({ ja: z.string(), en: z.string() });

/** A finding as answered, for the OpenAPI document of the routes that answer one. */
export const findingAnswer = z.object({
  infraction: z.string(),
  reason: z.string(),
  passcode: z.number().nullable(),
  zone: z.string(),
  count: z.number(),
  limit: z.number(),
  copies: z.object({ main: z.number(), extra: z.number(), side: z.number() }).optional(),
  name: bilingual.nullable(),
  text: bilingual,
});

/** A difference from the registered list as answered, for the OpenAPI document. */
export const differenceAnswer = z.object({ zone: z.string(), passcode: z.number(), registered: z.number(), presented: z.number(), name: bilingual.nullable(), text: bilingual });

/** The card's name in Japanese and English, or null when there is no card or the catalogue lacks it. */
function nameOf(catalogue: Catalogue, passcode: number | null): Text | null {
  const card = passcode === null ? undefined : findCard(catalogue, passcode);
  return card ? { ja: cardName(card, 'ja'), en: cardName(card, 'en') } : null;
}

/** Findings with `name` and `text` ({ ja, en }). */
export function findingsView(findings: readonly DeckFinding[], context: FindingContext) {
  return findings.map((f) => ({
    ...f,
    name: nameOf(context.catalogue, f.passcode),
    text: { ja: describeFinding(f, context, 'ja'), en: describeFinding(f, context, 'en') },
  }));
}

/** Differences with `name` and `text` ({ ja, en }). */
export function differencesView(differences: readonly DeckDifference[], catalogue: Catalogue) {
  return differences.map((d) => ({ ...d, name: nameOf(catalogue, d.passcode), text: { ja: describeDifference(d, 'ja'), en: describeDifference(d, 'en') } }));
}

/** A decklist checked against the tournament's rules (its date and its pack's deck limits), as registration answers it. */
export async function decklistFindings(deck: Deck, tournament: Tournament) {
  const catalogue = await shippedCatalogue();
  const context = { catalogue, banlist: null, date: tournament.settings.date };
  const limits: DeckLimits = tournament.pack.content.settings.deckLimits;
  return findingsView(validateDeck(deck, { ...context, limits }), context);
}
