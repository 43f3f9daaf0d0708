import type { Text } from '../text.js';

/** The ladder of spec §1, lowest first. Code knows what each does to results; the pack names and describes them. */
export const PENALTY_IDS = [
  'caution',
  'warning',
  'duel-loss',
  'match-loss',
  'disqualification',
  'disqualification-forfeit-prizes',
] as const;
export type PenaltyId = (typeof PENALTY_IDS)[number];

/** The penalties that make a player lose a game, so the pack's timing table must say where each lands (spec §4). */
export const LANDING_PENALTY_IDS = [
  'duel-loss',
  'match-loss',
  'disqualification',
  'disqualification-forfeit-prizes',
] as const;

/** When the infraction was found (spec §4). */
export const PHASES = ['in-duel', 'between-duels', 'between-matches'] as const;
export type Phase = (typeof PHASES)[number];

/** Where a duel loss or match loss lands (spec §4); `null` when it lands on no game. */
export const APPLIES_TO = ['current-duel', 'next-duel', 'current-match', 'next-match'] as const;
export type AppliesTo = (typeof APPLIES_TO)[number];

export type FactValue = number | boolean;

/** What a judge establishes; the input of `assess`. */
export interface AssessReport {
  readonly infraction: string;
  readonly facts?: Readonly<Record<string, FactValue>>;
  readonly phase: Phase;
  /** The player's current match is already lost (spec §4: a match loss may then move to the next match). */
  readonly matchAlreadyLost?: boolean;
  /** Infraction ids this player already received in this tournament, cautions included. */
  readonly previous?: readonly string[];
}

/** The guideline decision for a report; the judge confirms it or deviates with a reason. */
export interface Decision {
  readonly infraction: string;
  readonly penalty: PenaltyId;
  readonly recorded: boolean;
  readonly appliesTo: AppliesTo | null;
  readonly appliesToOptions: readonly AppliesTo[];
  /** `null` the first time; from the second time of the same id, the count and the next step up (`null` at the top). */
  readonly repeat: { readonly count: number; readonly upgradeTo: PenaltyId | null } | null;
  readonly additionalPenaltyAllowed: boolean;
  readonly remedy: Text | null;
  readonly section: string;
}

/**
 * Bad input to `assess`: the field path, and in `message` one whole line a person can read (it
 * starts with the field); `text` is that line in both languages (`message` is its English).
 */
export interface AssessError {
  readonly field: string;
  readonly message: string;
  readonly text: Text;
}
