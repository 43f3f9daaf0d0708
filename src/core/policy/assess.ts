import type { AssessError, AssessReport, Decision } from './assess-types.js';
import { sameViolation } from './house-rules.js';
import { landingOptions } from './landing-options.js';
import { penaltyOf, stepUp } from './ladder.js';
import type { Pack } from './pack-schema.js';
import { checkReport } from './report-check.js';
import { choose, holds } from './rules.js';
import { ok, type Result } from '../result.js';

/**
 * The guideline decision for what a judge established: the penalty the facts call for, where
 * it lands, the repeat offer and the remedy. Pure: the same report and pack give the same
 * decision. The report is checked at run time too (it usually arrives as JSON), so parsed
 * JSON may be passed as is; bad input comes back as an error naming the field.
 */
export function assess(report: AssessReport, pack: Pack): Result<Decision, AssessError> {
  const checked = checkReport(report, pack);
  if (!checked.ok) return checked;
  const { infraction, facts, phase, matchAlreadyLost, previous } = checked.value;

  const penalty = choose(infraction.penalty, facts, pack.settings);
  const count = 1 + previous.filter((id) => sameViolation(pack, infraction.id, id)).length;
  const { offerFromCount, step } = pack.settings.repeat;

  const landing = landingOptions(pack, penalty, phase, matchAlreadyLost);
  return ok({
    infraction: infraction.id,
    penalty,
    recorded: penaltyOf(pack, penalty).recorded,
    appliesTo: landing.propose,
    appliesToOptions: landing.options,
    repeat: count >= offerFromCount ? { count, upgradeTo: stepUp(pack, penalty, step) } : null,
    additionalPenaltyAllowed:
      infraction.additionalPenaltyWhen !== null && holds(infraction.additionalPenaltyWhen, facts, pack.settings),
    remedy: choose(infraction.remedy, facts, pack.settings),
    section: infraction.section,
  });
}
