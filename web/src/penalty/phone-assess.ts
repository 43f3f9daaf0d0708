import type { PenaltyLogEntry } from '../../../src/app/penalty-log.js';
import type { AssessError } from '../../../src/core/policy/assess-types.js';
import type { Pack } from '../../../src/core/policy/pack-schema.js';
import type { Result } from '../../../src/core/result.js';
import type { IssuePenalty } from '../../../src/core/tournament/commands.js';
import type { BestOf } from '../../../src/core/tournament/limits.js';
import { previewFromReport, type PenaltyPreview } from '../../../src/core/tournament/penalty-options.js';
import { repeatsOf } from '../../../src/core/tournament/repeat-history.js';

/*
 * The guideline decision on the phone, for a judge with no network: the core's own code (the
 * policy engine, the repeat rule, the options around the decision) run on what the console
 * saved while online: the tournament's pack, its penalty log and its rounds. The server decides
 * the penalty again when it arrives and refuses it if its guideline differs (guideline-changed).
 * Only the core's modules are imported here, so the project's node tests run it as the console does.
 */

/** What the phone decides from, as saved. */
export interface PhoneInputs {
  readonly pack: Pack;
  readonly log: readonly PenaltyLogEntry[];
  readonly rounds: readonly { readonly bestOf: BestOf; readonly ended: boolean }[];
}

/**
 * The preview the server would answer for `report` about `player`, given the same pack, log and
 * rounds. What the phone cannot know stays as stated: minutes late are a fact the judge enters,
 * and a match already lost is what the judge ticks.
 */
export function assessOnPhone(
  { pack, log, rounds }: PhoneInputs,
  player: string,
  report: IssuePenalty['data']['report'],
): Result<PenaltyPreview, AssessError> {
  const counted = log.map((p) => ({
    id: p.id,
    player: p.player,
    infraction: p.infraction,
    rescinded: p.status === 'rescinded',
    addedTo: p.addedTo,
  }));
  const latest = rounds.at(-1);
  // In a duel or between duels the player is in the running round's match, played to that round's format.
  const match = report.phase !== 'between-matches' && latest && !latest.ended ? { bestOf: latest.bestOf } : null;
  return previewFromReport(
    pack,
    { ...report, matchAlreadyLost: report.matchAlreadyLost === true, previous: repeatsOf(counted, player) },
    match,
  );
}
