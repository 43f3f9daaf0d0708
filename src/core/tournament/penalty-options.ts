import { assess } from '../policy/assess.js';
import { deviationTooHeavy, houseRules, isRepeatUpgrade } from '../policy/house-rules.js';
import {
  PENALTY_IDS,
  type AppliesTo,
  type AssessError,
  type AssessReport,
  type Decision,
  type PenaltyId,
} from '../policy/assess-types.js';
import { landingOptions } from '../policy/landing-options.js';
import { ok, type Result } from '../result.js';
import type { Pack, Settings } from '../policy/pack-schema.js';
import type { Text } from '../text.js';
import { duelsPerMatch, type BestOf } from './match-format.js';
import { movesToNextMatch, needsHeadJudge, needsStatements } from './penalty-authority.js';
import { firstNamedDuel, takesDuelNumber } from './penalty-effects.js';

/*
 * The assess answer for a tournament: the guideline decision the core would issue now, and for
 * each penalty the judge could give instead what issuing it takes (where it may land, whether
 * a head judge must give it, whether statements must go with it). The server answers it from
 * the tournament's state (penalty-preview.ts); a console offline computes it here from its saved
 * pack and penalty log, so both run this same code.
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

/**
 * The preview for a report already completed with what the core knows (the repeat history, the
 * minutes, a match already lost): `match` is the player's current match, `null` between matches
 * or without one.
 */
export function previewFromReport(
  pack: Pack,
  report: AssessReport,
  match: { readonly bestOf: BestOf } | null,
): Result<PenaltyPreview, AssessError> {
  const assessed = assess(report, pack);
  if (!assessed.ok) return assessed;
  const decision = assessed.value;
  const settings = pack.settings;
  const bestOf = match?.bestOf ?? null;
  const options = PENALTY_IDS.map((penalty): PenaltyOption => {
    const as: PenaltyOption['as'] =
      penalty === decision.penalty
        ? 'guideline'
        : isRepeatUpgrade(pack, decision, penalty)
          ? 'repeat-upgrade'
          : deviationTooHeavy(pack, decision.penalty, penalty)
            ? 'added-only'
            : 'deviation';
    const landing = landingOptions(pack, penalty, report.phase, report.matchAlreadyLost === true);
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
      duelLandings: bestOf !== null ? landing.options.filter((o) => takesDuelNumber(report.phase, o, bestOf)) : [],
    };
  });
  const duels = bestOf !== null ? duelsPerMatch(bestOf) : null;
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
