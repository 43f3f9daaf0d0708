import type { BestOf } from './limits.js';

/*
 * A match's score as duels: how many wins take it, when it stands decided, and the one order of
 * a score's duels. Pure arithmetic without the format checks' error texts (match-format.ts),
 * so the player's page reports a score without loading them (issue 44).
 */

/** Duel wins that take a match: 1 of 1, 2 of 3, 3 of 5. */
export const winsNeeded = (bestOf: BestOf): number => (bestOf + 1) / 2;

/** The duel numbers a judge can name in a match of the format: 1 to `bestOf`. */
export const duelsPerMatch = (bestOf: BestOf): number => bestOf;

/**
 * The most duels a match's result can hold: a single duel is the whole match (drawn at time,
 * the match is drawn); a longer match may play on after a drawn duel while time remains.
 */
export const maxDuelsPlayed = (bestOf: BestOf): number => (bestOf === 1 ? 1 : Number.POSITIVE_INFINITY);

/**
 * Whether a match stands decided by its duels: one side has the duel wins the format takes, or
 * it holds as many duels as its result can (a drawn single duel is the whole match). The core
 * plays reported duels by it and the console's result entry stops offering duels by it.
 */
export function matchDecided(bestOf: BestOf, duelWins: readonly number[], duelsPlayed: number): boolean {
  const need = winsNeeded(bestOf);
  return duelWins.some((w) => w >= need) || duelsPlayed >= maxDuelsPlayed(bestOf);
}

/**
 * The duels of a score in the one order shinpan fills them in (quick buttons, a player's
 * report): each of the loser's wins follows one of the winner's, and the winner takes the last,
 * so the match ends on the score's last duel. The order changes neither the match nor the
 * standings; one order keeps every screen's lists alike.
 */
export function duelsOfScore(winner: string, loser: string, won: number, lost: number): string[] {
  const duels: string[] = [];
  for (let i = 0; i < Math.min(won, lost); i++) duels.push(winner, loser);
  for (let i = lost; i < won; i++) duels.push(winner);
  return duels;
}
