import { assess } from '../policy/assess.js';
import { deviationTooHeavy, houseRules, isRepeatUpgrade } from '../policy/house-rules.js';
import {
  PENALTY_IDS,
  type AppliesTo,
  type AssessError,
  type Decision,
  type PenaltyId,
} from '../policy/assess-types.js';
import { landingOptions } from '../policy/landing-options.js';
import { ok, type Result } from '../result.js';
import type { Settings } from '../policy/pack-schema.js';
import type { Text } from '../text.js';
import type { IssuePenalty } from './commands.js';
import { penaltyContext, reportFor } from './decide-penalties.js';
import { duelsPerMatch } from './match-format.js';
import { movesToNextMatch, needsHeadJudge, needsStatements } from './penalty-authority.js';
import { firstNamedDuel, takesDuelNumber } from './penalty-effects.js';
import { bestOfCurrent } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * The assess answer for a tournament: the guideline decision the core would issue now, and for
 * each penalty the judge could give instead what issuing it takes (where it may land, whether
 * a head judge must give it, whether statements must go with it). The console shows these and
 * computes none of them.
 */

/** One penalty the judge may give for the report, with what giving it takes. */
export interface PenaltyOption {
  readonly penalty: PenaltyId;
  /**
   * How the core records it: the guideline, the repeat step the guideline offers, or a deviation
   * (needs a written reason). `added-only`: a heavier penalty under 2-A as the seed reads it
   * (`deviation: reduce-or-add`), which cannot replace the guideline, only be added to it.
   */
  readonly as: 'guideline' | 'repeat-upgrade' | 'deviation' | 'added-only';
  /** Where it lands by the timing table: the proposal, the judge's choices, the table's note. */
  readonly landing: {
    readonly propose: AppliesTo | null;
    readonly options: readonly AppliesTo[];
    readonly note: Text | null;
  };
  /** Only a head judge may give it, wherever it lands. */
  readonly headJudge: boolean;
  /** The landings for which only a head judge may give it (a match loss moved to the next match). */
  readonly headJudgeLandings: readonly AppliesTo[];
  readonly statementsRequired: boolean;
  /** The landings on which the judge names the duel (1 to `duels` of the preview). */
  readonly duelLandings: readonly AppliesTo[];
}

export interface PenaltyPreview {
  readonly decision: Decision;
  /** Every penalty of the ladder, lowest first. */
  readonly options: readonly PenaltyOption[];
  /** The duels of the player's current match, for a duel number; `null` between matches or without a match. */
  readonly duels: number | null;
  /** The first duel number the judge may name: 1 in a duel, 2 between duels (one is over); `null` with `duels`. */
  readonly firstDuel: number | null;
  /**
   * Whether the judge may add a penalty to the one given (both are recorded), and as what:
   * `rule` where the pack allows it (rules 7, 10: the result was affected), `deviation` under
   * 2-A as the seed reads it (軽減もしくは追加: a deviation, with its reason); `null`: none.
   * `headJudge`: the penalties only a head judge may add.
   */
  readonly addition: { readonly as: 'rule' | 'deviation'; readonly headJudge: readonly PenaltyId[] } | null;
}

/** The guideline decision for `player` and the options around it, as the core would decide an IssuePenalty now. */
export function previewPenalty(
  t: Tournament,
  player: string,
  stated: IssuePenalty['data']['report'],
): Result<PenaltyPreview, AssessError> {
  // The player's current match (for a match already lost); a report about no match still gets its guideline.
  const context = penaltyContext(t, player, stated.phase, undefined, undefined);
  const report = reportFor(t, player, stated, context.ok ? context.value : null);
  const assessed = assess(report, t.pack.content);
  if (!assessed.ok) return assessed;
  const decision = assessed.value;
  const settings = t.pack.content.settings;
  const inMatch = context.ok && context.value.currentMatch !== null;
  const bestOf = context.ok ? bestOfCurrent(t, context.value) : null;
  const options = PENALTY_IDS.map((penalty): PenaltyOption => {
    const as: PenaltyOption['as'] =
      penalty === decision.penalty
        ? 'guideline'
        : isRepeatUpgrade(t.pack.content, decision, penalty)
          ? 'repeat-upgrade'
          : deviationTooHeavy(t.pack.content, decision.penalty, penalty)
            ? 'added-only'
            : 'deviation';
    const landing = landingOptions(t.pack.content, penalty, report.phase, report.matchAlreadyLost === true);
    const choice = { penalty, deviation: as === 'deviation' || as === 'added-only' };
    return {
      penalty,
      as,
      landing,
      headJudge: needsHeadJudge(settings, { ...choice, movedToNextMatch: false }),
      headJudgeLandings: landing.options.filter(
        (o) =>
          needsHeadJudge(settings, { ...choice, movedToNextMatch: movesToNextMatch(penalty, report.phase, o) }) &&
          !needsHeadJudge(settings, { ...choice, movedToNextMatch: false }),
      ),
      statementsRequired: needsStatements(settings, penalty),
      duelLandings:
        inMatch && bestOf !== null ? landing.options.filter((o) => takesDuelNumber(report.phase, o, bestOf)) : [],
    };
  });
  const duels = inMatch && bestOf !== null ? duelsPerMatch(bestOf) : null;
  return ok({
    decision,
    options,
    duels,
    firstDuel: duels === null ? null : firstNamedDuel(report.phase),
    addition: additionOffer(settings, decision),
  });
}

/** The addition the core takes (decide-penalties.ts): by the pack's rule where the result was affected, else by 2-A under `reduce-or-add`. */
function additionOffer(settings: Settings, decision: Decision): PenaltyPreview['addition'] {
  const as = decision.additionalPenaltyAllowed
    ? 'rule'
    : houseRules(settings).deviation === 'reduce-or-add'
      ? 'deviation'
      : null;
  if (as === null) return null;
  const deviation = as === 'deviation';
  const headJudge = PENALTY_IDS.filter((penalty) =>
    needsHeadJudge(settings, { penalty, deviation, movedToNextMatch: false }),
  );
  return { as, headJudge };
}
