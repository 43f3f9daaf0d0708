/** A stable 31-bit seed from a text (FNV-1a): the same text gives the same seed on every machine. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}

/**
 * The pairing seed of a round when the caller names none: derived from the tournament id and
 * the round, so pairing the same tournament again from its log, or on a second machine, draws
 * the same round.
 */
export const pairingSeed = (tournamentId: string, round: number): number => seedFromText(`${tournamentId}#${round}`);
