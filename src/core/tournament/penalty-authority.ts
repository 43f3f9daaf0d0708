import type { AppliesTo, PenaltyId, Phase } from '../policy/assess-types.js';
import type { Settings } from '../policy/pack-schema.js';
import { isDisqualification } from './state-queries.js';

/*
 * Spec §5 as the pack sets it, in one place: who may issue what, and what must go with it.
 * The core refuses by these rules; the assess answer tells the console the same rules ahead
 * of the choice, so the console never restates them.
 */

/** A match loss found during a match and put on the next match (spec §4): the head judge's call where the pack says so. */
export const movesToNextMatch = (penalty: PenaltyId, phase: Phase, appliesTo: AppliesTo | null): boolean =>
  penalty === 'match-loss' && phase !== 'between-matches' && appliesTo === 'next-match';

/** Whether only a head judge may give this penalty: a deviation, a disqualification, a moved match loss (as the pack sets each). */
export function needsHeadJudge(
  settings: Settings,
  choice: { readonly penalty: PenaltyId; readonly deviation: boolean; readonly movedToNextMatch: boolean },
): boolean {
  const only = settings.headJudgeOnly;
  return (
    (choice.deviation && only.deviation) ||
    (choice.movedToNextMatch && only.matchLossMovedToNextMatch) ||
    (isDisqualification(choice.penalty) && only.disqualification)
  );
}

/** Whether the penalty needs written statements (a disqualification, where the pack says so). */
export const needsStatements = (settings: Settings, penalty: PenaltyId): boolean =>
  isDisqualification(penalty) && settings.disqualificationNeedsStatements;

/** On appeal, whether a change to `penalty` must bring statements: the penalty needs them and it has none yet. */
export const changeNeedsStatements = (settings: Settings, penalty: PenaltyId, existing: readonly string[]): boolean =>
  needsStatements(settings, penalty) && existing.length === 0;
