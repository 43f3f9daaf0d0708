/**
 * A finished or running match as standings, top cut and exports see it: the meeting point of
 * the tournament state (which derives it from reported duels and penalty effects) and the
 * pure standings/tiebreaker/bracket functions.
 */
export type Stage = 'swiss' | 'top-cut';

export type MatchOutcome =
  | { readonly kind: 'pending' }
  | { readonly kind: 'win'; readonly winner: string; readonly byPenalty: boolean }
  | { readonly kind: 'draw' }
  /** Both players lost by penalty: neither takes the match points. */
  | { readonly kind: 'double-loss' }
  /** A bye: a match win for the one player (2-0 in best of 3, 1-0 in a single duel). */
  | { readonly kind: 'bye' };

export interface MatchRecord {
  readonly round: number;
  readonly stage: Stage;
  /** `null` for a bye. */
  readonly table: number | null;
  /** Two players, or one for a bye. */
  readonly players: readonly [string, string] | readonly [string];
  readonly outcome: MatchOutcome;
  /** Duels won per player id, penalties included (for slips and exports). */
  readonly duelWins: Readonly<Record<string, number>>;
}

/** Where a player stands in the tournament: still playing, dropped on request, or disqualified (rule 1-E/1-F). */
export type PlayerStatus = 'active' | 'dropped' | 'disqualified' | 'disqualified-forfeit-prizes';

/** What standings need to know of each player beyond the matches. */
export interface StandingsPlayer {
  readonly id: string;
  readonly name: string;
  /** How the name is read (フリガナ), carried to the standings row for screens that show it; absent when not given. */
  readonly reading?: string;
  readonly dropped: boolean;
  /** Disqualified (either kind): stays in opponents' tiebreakers, loses its own rank. */
  readonly rankWithdrawn: boolean;
  /**
   * Dropped before the first round it was to play, so it never played (a withdrawn duplicate, a
   * no-show): no row in the standings, no place, no rank number taken. Absent: it took part.
   */
  readonly neverPlayed?: true;
  /** Which disqualification, for the status standings show; absent for a player not disqualified. */
  readonly disqualification?: 'disqualified' | 'disqualified-forfeit-prizes';
  /**
   * Rounds paired before a late entry: each counts as a match loss with no opponent (0 points,
   * one more match played). Absent means 0.
   */
  readonly missedRounds?: number;
  /** Rounds before an invitation into a later phase: each counts as a bye (a win, 3 points). Absent means 0. */
  readonly invitedByes?: number;
  /** A cut took the player out of the Swiss after this round: ranked below everyone still in. Absent: still in. */
  readonly cutAfterRound?: number;
}
