import type { DeckFindingInfractions } from '../deck-findings.js';
import type { Pack } from './pack-schema.js';

/*
 * Packs recorded before the pack named the round clock's infraction and the infraction of each
 * deck finding (`settings.tardiness.infraction`/`minutesFact`, `settings.deckFindings`) were
 * judged by code that assumed these ids, whatever the pack called its infractions. A replay of
 * such a log reads them as that code did, so an old tournament decides what it decided then.
 * New packs must say it themselves: the schema requires both.
 */

const BEFORE_CLOCK_INFRACTION = { infraction: 'tardiness', minutesFact: 'minutesLate' } as const;

const BEFORE_DECK_FINDINGS: DeckFindingInfractions = {
  'main-under-min': 'deck-under-40',
  'main-over-max': 'deck-unusable-card',
  'extra-over-max': 'deck-unusable-card',
  'side-over-max': 'deck-unusable-card',
  'over-copies': 'deck-over-3-copies',
  'over-list-limit': 'deck-over-limit',
  'not-in-catalogue': 'deck-unusable-card',
  'not-yet-released': 'deck-unusable-card',
  'no-ocg-release': 'deck-unusable-card',
  'not-on-whitelist': 'deck-unusable-card',
  'extra-deck-card-in-main': 'deck-unusable-card',
  'main-deck-card-in-extra': 'deck-unusable-card',
  'differs-from-decklist': 'decklist-mismatch',
};

/** A pack as recorded in a log, with what an older pack left to the code filled in as that code read it. */
export function recordedPackContent(content: Pack): Pack {
  const settings: Partial<Pack['settings']> = content.settings;
  const tardiness = settings.tardiness;
  if (tardiness?.infraction !== undefined && settings.deckFindings !== undefined) return content;
  return {
    ...content,
    settings: {
      ...content.settings,
      tardiness: { ...BEFORE_CLOCK_INFRACTION, ...content.settings.tardiness },
      deckFindings: settings.deckFindings ?? BEFORE_DECK_FINDINGS,
    },
  };
}
