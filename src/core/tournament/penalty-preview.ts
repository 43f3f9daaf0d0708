import type { AssessError } from '../policy/assess-types.js';
import type { Result } from '../result.js';
import type { IssuePenalty } from './commands.js';
import { penaltyContext, reportFor } from './decide-penalties.js';
import { previewFromReport, type PenaltyPreview } from './penalty-options.js';
import { bestOfCurrent } from './state-queries.js';
import type { Tournament } from './state.js';

export type { PenaltyOption, PenaltyPreview } from './penalty-options.js';

/** The guideline decision for `player` and the options around it, as the core would decide an IssuePenalty now. */
export function previewPenalty(
  t: Tournament,
  player: string,
  stated: IssuePenalty['data']['report'],
): Result<PenaltyPreview, AssessError> {
  // The player's current match (for a match already lost); a report about no match still gets its guideline.
  const context = penaltyContext(t, player, stated.phase, undefined, undefined);
  const report = reportFor(t, player, stated, context.ok ? context.value : null);
  const inMatch = context.ok && context.value.currentMatch !== null;
  return previewFromReport(t.pack.content, report, inMatch ? { bestOf: bestOfCurrent(t, context.value) } : null);
}
