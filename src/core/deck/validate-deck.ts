import type { Banlist } from './banlist.js';
import type { Card, Catalogue } from './catalogue.js';
import type { DeckFindingInfractions, DeckFindingReason, DeckSizeMaximum } from '../deck-findings.js';
import { DEFAULT_DECK_LIMITS, type Deck, type DeckLimits, type DeckZone } from './deck.js';

/**
 * Why, in finer grain than an infraction: sizes (`main-under-min`, `main-over-max`,
 * `extra-over-max`, `side-over-max`; passcode `null`), `over-copies`, `over-list-limit`, and the
 * cards that may not be used (`not-in-catalogue`, `not-yet-released` (OCG release after the date),
 * `no-ocg-release`, `not-on-whitelist`, `extra-deck-card-in-main`, `main-deck-card-in-extra`).
 * The pack's `settings.deckFindings` says which infraction each reason is.
 */
export type { DeckFindingReason };

/**
 * One thing wrong with a deck. `passcode` is the canonical passcode (alternate artworks
 * resolved), the passcode as written for a card the catalogue lacks, `null` for deck sizes.
 * `count` is what the deck has and `limit` what is allowed: for copies and list limits both
 * count main + extra + side together, and `zone` is the first zone holding the card while
 * `copies` splits the count by zone; for a misplaced card, the copies in that zone.
 */
export interface DeckFinding {
  /** The pack's infraction for `reason` (`settings.deckFindings`). */
  readonly infraction: string;
  readonly reason: DeckFindingReason;
  readonly passcode: number | null;
  readonly zone: DeckZone;
  readonly count: number;
  readonly limit: number;
  readonly copies?: { readonly main: number; readonly extra: number; readonly side: number };
}

export interface ValidateOptions {
  readonly catalogue: Catalogue;
  /** The F/L list in force, or `null` for a tournament without one. */
  readonly banlist: Banlist | null;
  /** The tournament date, YYYY-MM-DD: cards released in the OCG after it are unusable. */
  readonly date: string;
  readonly limits?: DeckLimits;
  /** Which infraction each reason is: the tournament's pack, `settings.deckFindings`. */
  readonly infractions: DeckFindingInfractions;
}

interface Tally {
  readonly passcode: number;
  readonly card: Card | undefined;
  main: number;
  extra: number;
  side: number;
  misplaced: number;
  misplacedZone: DeckZone | null;
}

/**
 * Checks a deck against spec §3-A and the sizes of §5: sizes first, then card by card in the
 * order the cards first appear (main, extra, side). A card that may not be used at all gets that
 * one finding; otherwise the list limit (when below the copy limit) or the copy limit applies.
 */
export function validateDeck(deck: Deck, options: ValidateOptions): DeckFinding[] {
  const { catalogue, banlist, date, infractions } = options;
  const limits = options.limits ?? DEFAULT_DECK_LIMITS;
  const findings: DeckFinding[] = [];
  const size = (reason: DeckFindingReason, zone: DeckZone, count: number, limit: number): void => {
    const infraction = infractions[reason];
    // The pack may say a size over the maximum is no infraction (3-A names no maximum): no finding then.
    if (infraction === null) return;
    findings.push({
      infraction,
      reason,
      passcode: null,
      zone,
      count,
      limit,
    });
  };
  if (deck.main.length < limits.mainMin) size('main-under-min', 'main', deck.main.length, limits.mainMin);
  if (deck.main.length > limits.mainMax) size('main-over-max', 'main', deck.main.length, limits.mainMax);
  if (deck.extra.length > limits.extraMax) size('extra-over-max', 'extra', deck.extra.length, limits.extraMax);
  if (deck.side.length > limits.sideMax) size('side-over-max', 'side', deck.side.length, limits.sideMax);

  const tallies = new Map<number, Tally>();
  tallyZone(tallies, catalogue, deck.main, 'main');
  tallyZone(tallies, catalogue, deck.extra, 'extra');
  tallyZone(tallies, catalogue, deck.side, 'side');
  const listLimits = banlist ? resolvedLimits(banlist, catalogue) : undefined;

  for (const t of tallies.values()) {
    const listed = listLimits?.get(t.passcode);
    const unusable = unusableReason(t.card, date, banlist, listed);
    if (unusable) {
      findings.push(cardFinding(t, infractions, unusable, 0));
      continue;
    }
    const count = t.main + t.extra + t.side;
    if (listed !== undefined && listed < limits.maxCopies && count > listed)
      findings.push(cardFinding(t, infractions, 'over-list-limit', listed));
    else if (count > limits.maxCopies) findings.push(cardFinding(t, infractions, 'over-copies', limits.maxCopies));
    if (t.misplacedZone) {
      const reason = t.misplacedZone === 'main' ? 'extra-deck-card-in-main' : 'main-deck-card-in-extra';
      findings.push({
        infraction: infractions[reason],
        reason,
        passcode: t.passcode,
        zone: t.misplacedZone,
        count: t.misplaced,
        limit: 0,
      });
    }
  }
  return findings;
}

function cardFinding(
  t: Tally,
  infractions: DeckFindingInfractions,
  reason: Exclude<DeckFindingReason, DeckSizeMaximum>,
  limit: number,
): DeckFinding {
  const zone: DeckZone = t.main > 0 ? 'main' : t.extra > 0 ? 'extra' : 'side';
  const count = t.main + t.extra + t.side;
  return {
    infraction: infractions[reason],
    reason,
    passcode: t.passcode,
    zone,
    count,
    limit,
    copies: { main: t.main, extra: t.extra, side: t.side },
  };
}

function tallyZone(
  tallies: Map<number, Tally>,
  catalogue: Catalogue,
  passcodes: readonly number[],
  zone: DeckZone,
): void {
  for (const written of passcodes) {
    const card = catalogue.byPasscode.get(written);
    const passcode = card ? card.passcode : written;
    let t = tallies.get(passcode);
    if (!t) {
      t = { passcode, card, main: 0, extra: 0, side: 0, misplaced: 0, misplacedZone: null };
      tallies.set(passcode, t);
    }
    t[zone]++;
    if (card && zone !== 'side' && (zone === 'main') !== (card.zone === 'main')) {
      t.misplaced++;
      t.misplacedZone = zone;
    }
  }
}

function unusableReason(
  card: Card | undefined,
  date: string,
  banlist: Banlist | null,
  listed: number | undefined,
): 'not-in-catalogue' | 'no-ocg-release' | 'not-yet-released' | 'not-on-whitelist' | null {
  if (!card) return 'not-in-catalogue';
  if (card.ocg === false) return 'no-ocg-release';
  if (typeof card.ocg === 'string' && card.ocg > date) return 'not-yet-released';
  if (banlist?.whitelist && listed === undefined) return 'not-on-whitelist';
  return null;
}

// A list is resolved against a catalogue once: entries under an alternate passcode count for
// the card itself, and when a list names both, the stricter count holds.
const resolved = new WeakMap<Banlist, WeakMap<Catalogue, ReadonlyMap<number, number>>>();

/** The list's limits keyed by canonical passcode (entries the catalogue lacks stay as written). */
function resolvedLimits(banlist: Banlist, catalogue: Catalogue): ReadonlyMap<number, number> {
  let byCatalogue = resolved.get(banlist);
  const known = byCatalogue?.get(catalogue);
  if (known) return known;
  const limits = new Map<number, number>();
  for (const [passcode, count] of banlist.limits) {
    const key = catalogue.byPasscode.get(passcode)?.passcode ?? passcode;
    const before = limits.get(key);
    limits.set(key, before === undefined ? count : Math.min(before, count));
  }
  if (!byCatalogue) {
    byCatalogue = new WeakMap();
    resolved.set(banlist, byCatalogue);
  }
  byCatalogue.set(catalogue, limits);
  return limits;
}
