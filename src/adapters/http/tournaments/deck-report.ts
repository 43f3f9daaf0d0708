import { z } from 'zod';
import { cardName, findCard, type Catalogue } from '../../../core/deck/catalogue.js';
import type { DeckDifference } from '../../../core/deck/compare-decks.js';
import type { Deck, DeckLimits } from '../../../core/deck/deck.js';
import { differenceText, findingText, type FindingContext } from '../../../core/deck/deck-texts.js';
import { validateDeck, type DeckFinding } from '../../../core/deck/validate-deck.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { Text } from '../../../core/text.js';
import type { Banlist } from '../../../core/deck/banlist.js';
import type { RecordedCardPool } from '../../../core/deck/deck-rules.js';
import { checkRulesOf, type CheckRules } from '../../deck/tournament-deck-rules.js';
import type { ImportedCardStore } from '../../deck/imported-cards.js';
import { HttpError } from '../errors.js';

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
export const differenceAnswer = z.object({
  zone: z.string(),
  passcode: z.number(),
  registered: z.number(),
  presented: z.number(),
  name: bilingual.nullable(),
  text: bilingual,
});

export type FindingAnswer = z.infer<typeof findingAnswer>;
export type DifferenceAnswer = z.infer<typeof differenceAnswer>;

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
    text: findingText(f, context),
  }));
}

/** Differences with `name` and `text` ({ ja, en }). */
export function differencesView(differences: readonly DeckDifference[], catalogue: Catalogue) {
  return differences.map((d) => ({
    ...d,
    name: nameOf(catalogue, d.passcode),
    text: differenceText(d),
  }));
}

/** The card pool and list the tournament recorded, ready to check with; unavailable data is a 409 saying why. */
export async function tournamentCheckRules(tournament: Tournament, imported: ImportedCardStore): Promise<CheckRules> {
  const rules = await checkRulesOf(tournament.settings, imported);
  if (!rules.ok) throw new HttpError(409, 'deck-rules-unavailable', rules.error);
  return rules.value;
}

/** What a check was made with, as answered. */
export const rulesAnswer = z.object({
  cards: z.object({ source: z.string(), name: z.string(), cards: z.number() }),
  list: z.object({ name: z.string(), date: z.string().nullable() }).nullable(),
  warnings: z.array(bilingual),
});

export function rulesView(rules: {
  readonly pool: RecordedCardPool;
  readonly banlist: Banlist | null;
  readonly warnings: readonly Text[];
}) {
  return {
    cards: { source: rules.pool.source, name: rules.pool.name, cards: rules.pool.cards },
    list: rules.banlist ? { name: rules.banlist.name, date: rules.banlist.date } : null,
    warnings: [...rules.warnings],
  };
}

/** A decklist checked against the tournament's rules (date, card pool, F/L list, the pack's deck limits), as registration answers it. */
export async function decklistFindings(deck: Deck, tournament: Tournament, imported: ImportedCardStore) {
  const rules = await tournamentCheckRules(tournament, imported);
  const context = { catalogue: rules.catalogue, banlist: rules.banlist, date: tournament.settings.date };
  const limits: DeckLimits = tournament.pack.content.settings.deckLimits;
  const infractions = tournament.pack.content.settings.deckFindings;
  return findingsView(validateDeck(deck, { ...context, limits, infractions }), context);
}
