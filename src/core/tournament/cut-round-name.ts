/*
 * What players call a single-elimination round: by what is left of the bracket, not by its
 * number in the event (a top 4 after five Swiss rounds is the semifinals and the final, not
 * rounds 6 and 7). Places count the round's matches and byes, so a bracket with byes is named
 * by its size too. Earlier rounds of a big cut go by their number.
 */

export type CutRoundName = 'final' | 'semifinal' | 'quarterfinal';

export function cutRoundName(places: number): CutRoundName | null {
  if (places === 1) return 'final';
  if (places === 2) return 'semifinal';
  if (places === 4) return 'quarterfinal';
  return null;
}
