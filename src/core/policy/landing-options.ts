import type { AppliesTo, PenaltyId, Phase } from './assess-types.js';
import type { Text } from '../text.js';
import type { Pack } from './pack-schema.js';

/** What the pack's timing table says for one penalty found in one phase. */
export interface LandingOptions {
  /** Where the guideline puts it; `null` for a penalty that lands on no game. */
  readonly propose: AppliesTo | null;
  /** Where the judge may put it instead (the proposal included). */
  readonly options: readonly AppliesTo[];
  /** The table's note for the judge (where it lands, in words); `null` for a penalty that lands on no game. */
  readonly note: Text | null;
}

/**
 * The one reading of the timing table (spec §4): caution and warning land on no game; in a
 * match already lost, the row's `ifMatchAlreadyLost` holds where the pack gives one. `assess`
 * proposes from it and the tournament core lands (and checks the judge's choice) with it.
 */
export function landingOptions(
  pack: Pack,
  penalty: PenaltyId,
  phase: Phase,
  matchAlreadyLost: boolean,
): LandingOptions {
  if (penalty === 'caution' || penalty === 'warning') return { propose: null, options: [], note: null };
  const cell = pack.timing[penalty][phase];
  const row = matchAlreadyLost && cell.ifMatchAlreadyLost ? cell.ifMatchAlreadyLost : cell;
  return { propose: row.propose, options: row.options, note: row.note };
}
