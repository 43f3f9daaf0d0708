import type { AppliesTo, AssessError, AssessReport, Decision, PenaltyId, Phase } from './assess-types.js';
import { penaltyOf, stepUp } from './ladder.js';
import type { Pack } from './pack-schema.js';
import { checkReport } from './report-check.js';
import { choose, holds } from './rules.js';
import { ok, type Result } from '../result.js';

interface Placement {
  readonly appliesTo: AppliesTo | null;
  readonly appliesToOptions: readonly AppliesTo[];
}

/** Where a penalty lands by the pack's timing table; caution and warning land on no game. */
function placement(pack: Pack, penalty: PenaltyId, phase: Phase, matchAlreadyLost: boolean): Placement {
  if (penalty === 'caution' || penalty === 'warning') return { appliesTo: null, appliesToOptions: [] };
  const cell = pack.timing[penalty][phase];
  const landing = matchAlreadyLost && cell.ifMatchAlreadyLost ? cell.ifMatchAlreadyLost : cell;
  return { appliesTo: landing.propose, appliesToOptions: landing.options };
}

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
  const count = 1 + previous.filter((id) => id === infraction.id).length;
  const { offerFromCount, step } = pack.settings.repeat;

  return ok({
    infraction: infraction.id,
    penalty,
    recorded: penaltyOf(pack, penalty).recorded,
    ...placement(pack, penalty, phase, matchAlreadyLost),
    repeat: count >= offerFromCount ? { count, upgradeTo: stepUp(pack, penalty, step) } : null,
    additionalPenaltyAllowed:
      infraction.additionalPenaltyWhen !== null && holds(infraction.additionalPenaltyWhen, facts, pack.settings),
    remedy: choose(infraction.remedy, facts, pack.settings),
    section: infraction.section,
  });
}
