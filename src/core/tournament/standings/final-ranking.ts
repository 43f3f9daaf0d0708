/**
 * Final places of an event with a single-elimination top cut: the top cut by how far each
 * player went (winner 1, finalist 2, semi-final losers 3–4, quarter-final losers 5–8 …), each
 * elimination round's losers ordered by Swiss rank, then everyone else by Swiss rank.
 */
import type { MatchRecord } from '../match-record.js';
import type { StandingsRow } from './standings.js';

/** One line of the final ranking. */
export interface FinalPlace {
  /** 1, 2, 3… with no gaps. */
  readonly place: number;
  readonly player: string;
  readonly name: string;
  readonly swissRank: number;
  /** The player appears in a top-cut match. */
  readonly topCut: boolean;
  /** The top-cut round the player lost; null for the winner, players still in, and the rest. */
  readonly eliminatedInRound: number | null;
}

/**
 * Orders the players of `standings` by their top-cut result, then by Swiss rank. Only matches
 * of stage 'top-cut' are read; a top cut still running puts the players still in first (by
 * Swiss rank). Players whose rank is withdrawn get no place, and the places below move up.
 * Throws a RangeError when a top-cut match names a player absent from the standings.
 */
export function finalRanking(standings: readonly StandingsRow[], topCutMatches: readonly MatchRecord[]): FinalPlace[] {
  const rowOf = new Map(standings.map((row) => [row.player, row]));
  const inTopCut = new Set<string>();
  const eliminatedIn = new Map<string, number>();
  const eliminate = (player: string, round: number): void => {
    eliminatedIn.set(player, Math.min(round, eliminatedIn.get(player) ?? round));
  };

  for (const match of topCutMatches) {
    if (match.stage !== 'top-cut') continue;
    for (const player of match.players) {
      if (!rowOf.has(player)) {
        throw new RangeError(
          `final ranking: top-cut round ${match.round} names "${player}", who is not in the standings`,
        );
      }
      inTopCut.add(player);
    }
    const { outcome } = match;
    // A draw or a pending match has not decided who goes on, so it eliminates no one.
    if (outcome.kind === 'win') {
      for (const player of match.players) if (player !== outcome.winner) eliminate(player, match.round);
    } else if (outcome.kind === 'double-loss') {
      for (const player of match.players) eliminate(player, match.round);
    }
  }

  const ranked = standings.filter((row): row is StandingsRow & { readonly rank: number } => row.rank !== null);
  // Still in (or champion) before eliminated before outside the cut; later elimination first.
  const tier = (player: string): number => (!inTopCut.has(player) ? 0 : eliminatedIn.has(player) ? 1 : 2);
  const ordered = [...ranked].sort(
    (a, b) =>
      tier(b.player) - tier(a.player) ||
      (eliminatedIn.get(b.player) ?? 0) - (eliminatedIn.get(a.player) ?? 0) ||
      a.rank - b.rank,
  );

  return ordered.map((row, i) => ({
    place: i + 1,
    player: row.player,
    name: row.name,
    swissRank: row.rank,
    topCut: inTopCut.has(row.player),
    eliminatedInRound: eliminatedIn.get(row.player) ?? null,
  }));
}
