/**
 * The pairing seed of a round when the caller names none: derived from the tournament id and
 * the round (FNV-1a, 31 bits), so pairing the same tournament again from its log, or on a
 * second machine, draws the same round.
 */
export function pairingSeed(tournamentId: string, round: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${tournamentId}#${round}`) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}
