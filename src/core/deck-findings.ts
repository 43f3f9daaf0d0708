/*
 * The kinds of thing a deck check can find, named for the deck rule broken, not for an
 * infraction: the policy pack says which of its infractions each one is
 * (`settings.deckFindings`), so the deck rules and the penalty rules each have one home.
 * Here because both `deck/` (which finds them) and `policy/` (whose schema lists them) read it.
 */

/** What `validateDeck` finds, one reason per finding. */
export const DECK_FINDING_REASONS = [
  'main-under-min',
  'main-over-max',
  'extra-over-max',
  'side-over-max',
  'over-copies',
  'over-list-limit',
  'not-in-catalogue',
  'not-yet-released',
  'no-ocg-release',
  'not-on-whitelist',
  'extra-deck-card-in-main',
  'main-deck-card-in-extra',
] as const;
export type DeckFindingReason = (typeof DECK_FINDING_REASONS)[number];

/** What `compareDecks` finds: the presented deck is not the registered decklist. */
export const DIFFERS_FROM_DECKLIST = 'differs-from-decklist';

export const DECK_FINDING_KINDS = [...DECK_FINDING_REASONS, DIFFERS_FROM_DECKLIST] as const;
export type DeckFindingKind = (typeof DECK_FINDING_KINDS)[number];

/**
 * The sizes over the maximum (main over 60, extra or side over 15 in the shipped limits). 3-A
 * names no maximum: the seed's reading is that they are no infraction at all, which a pack
 * says with `null` for these kinds; every other kind names an infraction.
 */
export const DECK_SIZE_MAXIMA = ['main-over-max', 'extra-over-max', 'side-over-max'] as const;
export type DeckSizeMaximum = (typeof DECK_SIZE_MAXIMA)[number];

export const isSizeMaximum = (kind: DeckFindingKind): kind is DeckSizeMaximum =>
  (DECK_SIZE_MAXIMA as readonly string[]).includes(kind);

/** The pack's answer: the infraction id each kind of finding is (`null`: a size over the maximum is no infraction). */
export type DeckFindingInfractions = Readonly<
  Record<Exclude<DeckFindingKind, DeckSizeMaximum>, string> & Record<DeckSizeMaximum, string | null>
>;
