import type { Decision, PenaltyId } from './assess-types.js';
import type { Pack, Settings } from './pack-schema.js';

/*
 * Where our restatement of the rules chooses what the seed leaves to the tournament judge or
 * does not say (docs/penalty-engine.md, "the seed says / we chose / why"). Each choice is a
 * setting of the pack; a pack that leaves one out (an older recorded pack, a pack written
 * before the setting) reads as the shipped pack does, so nothing changes unless a pack says so.
 */

/** 2-B: what the repeat offer may raise to. Ours: one step; the seed: any higher penalty (より上位の罰則). */
export const REPEAT_RAISE = ['one-step', 'any-higher'] as const;
/** 2-B: what "the same infraction" (同一の違反) is. Ours: the same infraction id; the seed's headings: the same section. */
export const REPEAT_SAME = ['infraction', 'section'] as const;
/** 2-A: what a deviation may do. Ours: any other penalty; the seed: reduce it, or add a penalty (軽減もしくは追加). */
export const DEVIATION = ['any-other-penalty', 'reduce-or-add'] as const;

export interface HouseRules {
  readonly repeatRaise: (typeof REPEAT_RAISE)[number];
  readonly repeatSame: (typeof REPEAT_SAME)[number];
  readonly deviation: (typeof DEVIATION)[number];
}

/** The pack's choices, with the shipped pack's where it makes none. */
export function houseRules(settings: Settings): HouseRules {
  return {
    repeatRaise: settings.repeat.raise ?? 'one-step',
    repeatSame: settings.repeat.same ?? 'infraction',
    deviation: settings.deviation ?? 'any-other-penalty',
  };
}

const rank = (pack: Pack, penalty: PenaltyId): number => pack.penalties.findIndex((p) => p.id === penalty);

/** Whether `penalty` is the repeat upgrade the decision offers: its one step, or with `any-higher` any penalty above the guideline. */
export function isRepeatUpgrade(pack: Pack, decision: Decision, penalty: PenaltyId): boolean {
  if (decision.repeat === null || decision.repeat.upgradeTo === null || penalty === decision.penalty) return false;
  if (penalty === decision.repeat.upgradeTo) return true;
  return houseRules(pack.settings).repeatRaise === 'any-higher' && rank(pack, penalty) > rank(pack, decision.penalty);
}

/** Whether an earlier infraction counts as the same one for 2-B: the same id, or with `section` the same section. */
export function sameViolation(pack: Pack, infraction: string, earlier: string): boolean {
  if (infraction === earlier) return true;
  if (houseRules(pack.settings).repeatSame !== 'section') return false;
  const section = (id: string) => pack.infractions.find((i) => i.id === id)?.section;
  return section(infraction) !== undefined && section(infraction) === section(earlier);
}

/** Whether `penalty` may be given in the guideline's place: the guideline, its repeat upgrade, or a deviation the pack allows. */
export function mayReplaceGuideline(pack: Pack, decision: Decision, penalty: PenaltyId): boolean {
  return (
    penalty === decision.penalty ||
    isRepeatUpgrade(pack, decision, penalty) ||
    !deviationTooHeavy(pack, decision.penalty, penalty)
  );
}

/** 2-A as the seed reads it: a penalty other than the guideline may only be lighter; a heavier one is added to it instead. */
export function deviationTooHeavy(pack: Pack, guideline: PenaltyId, penalty: PenaltyId): boolean {
  return houseRules(pack.settings).deviation === 'reduce-or-add' && rank(pack, penalty) > rank(pack, guideline);
}
