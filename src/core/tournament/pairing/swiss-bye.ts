import { maxWeightPerfectMatching, type WeightedEdge } from './max-weight-matching.js';
import { havePlayed, type Field } from './swiss-field.js';

/**
 * True when every player has met fewer than half of the others who will be paired (`paired`
 * players in all): then the pairs never yet played form a graph of minimum degree ≥ paired/2,
 * which by Dirac's theorem has a Hamiltonian cycle, hence a pairing without any rematch, whoever
 * is left out. Large events always pass; only small late rounds need the full check.
 */
export function rematchFreeGuaranteed(field: Field, paired: number): boolean {
  const limit = paired / 2 - 1;
  return field.opponents.every((list) => list.length <= limit);
}

/**
 * The bye for an odd field, by rank index: the lowest-ranked player without a bye, unless
 * leaving them out would force a rematch that another choice avoids (fewest rematches first),
 * and a player who already had one only when nobody else can take it. `null` for an even field.
 */
export function chooseBye(field: Field): number | null {
  const n = field.ids.length;
  if (n % 2 === 0) return null;
  const candidates: number[] = [];
  for (let i = n - 1; i >= 0; i--) if (!field.hadBye[i]) candidates.push(i);
  for (let i = n - 1; i >= 0; i--) if (field.hadBye[i]) candidates.push(i);
  if (rematchFreeGuaranteed(field, n - 1)) return candidates[0]!;
  let best = candidates[0]!;
  let fewest = Infinity;
  for (const c of candidates) {
    const rematches = fewestRematchesWithout(field, c);
    if (rematches === 0) return c;
    if (rematches < fewest) {
      fewest = rematches;
      best = c;
    }
  }
  return best;
}

/** The fewest rematches a complete pairing of everyone but `left` needs (small fields only). */
function fewestRematchesWithout(field: Field, left: number): number {
  const others = [...field.ids.keys()].filter((i) => i !== left);
  const edges: WeightedEdge[] = [];
  for (let a = 0; a < others.length; a++) {
    for (let b = a + 1; b < others.length; b++) edges.push([a, b, havePlayed(field, others[a]!, others[b]!) ? -1 : 0]);
  }
  // Everyone may meet everyone here, so a perfect matching always exists.
  const mate = maxWeightPerfectMatching(others.length, edges)!;
  let rematches = 0;
  for (let a = 0; a < others.length; a++) {
    const b = mate[a]!;
    if (a < b && havePlayed(field, others[a]!, others[b]!)) rematches++;
  }
  return rematches;
}
