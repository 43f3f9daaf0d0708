import type { BestOf } from '../../../src/core/tournament/limits.js';
import { duelsOfScore, winsNeeded } from '../../../src/core/tournament/match-score.js';

/*
 * The results a player can report, as scores from their own side ("2-1"), and the duel list
 * each score stands for, in the core's one order of a score's duels (duelsOfScore).
 */

export interface ScoreOption {
  readonly wins: number;
  readonly losses: number;
  /** Neither player reached the wins needed: time was called, or an intentional draw at 0-0. */
  readonly atTime: boolean;
  readonly duels: readonly string[];
}

/** Every score of a best-of-`bestOf` match: wins, then results at time, then losses. */
export function scoreOptions(bestOf: BestOf, me: string, opponent: string): ScoreOption[] {
  const need = winsNeeded(bestOf);
  const options: ScoreOption[] = [];
  for (let wins = need; wins >= 0; wins--)
    for (let losses = 0; losses <= need; losses++) {
      if (wins === need && losses === need) continue;
      if (wins + losses > bestOf) continue;
      const duels =
        wins >= losses ? duelsOfScore(me, opponent, wins, losses) : duelsOfScore(opponent, me, losses, wins);
      options.push({ wins, losses, atTime: wins < need && losses < need, duels });
    }
  const group = (o: ScoreOption) => (o.atTime ? 1 : o.wins > o.losses ? 0 : 2);
  return options.sort((a, b) => group(a) - group(b) || b.wins - b.losses - (a.wins - a.losses) || b.wins - a.wins);
}

/** A duel list read from one player's side. */
export function scoreOf(duels: readonly string[], me: string): { wins: number; losses: number; draws: number } {
  const wins = duels.filter((d) => d === me).length;
  const draws = duels.filter((d) => d === 'draw').length;
  return { wins, losses: duels.length - wins - draws, draws };
}
