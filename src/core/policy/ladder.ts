import type { PenaltyId } from './assess-types.js';
import type { Pack } from './pack-schema.js';

export type Penalty = Pack['penalties'][number];

/** The pack's entry for a penalty; every id of the ladder has one in a validated pack. */
export function penaltyOf(pack: Pack, id: PenaltyId): Penalty {
  const penalty = pack.penalties.find((p) => p.id === id);
  if (!penalty) throw new Error(`policy pack ${pack.id}: no penalty "${id}" (the pack was not validated)`);
  return penalty;
}

/** The penalty `steps` rungs above `from`, no higher than the top; `null` when `from` is already the top. */
export function stepUp(pack: Pack, from: PenaltyId, steps: number): PenaltyId | null {
  const ladder = pack.penalties.map((p) => p.id);
  const at = ladder.indexOf(from);
  const top = ladder.length - 1;
  if (at === top) return null;
  return ladder[Math.min(at + steps, top)] ?? null;
}
