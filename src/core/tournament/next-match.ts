import { deriveOneMatch } from './match-results.js';
import type { PenaltyId } from '../policy/assess-types.js';
import { cutAfter, isDropped, latestRound, matchOf, penaltiesInForce } from './state-queries.js';
import type { MatchState, RoundState, Tournament } from './state.js';

/*
 * "The next match" of rules 1-C/1-D, asked of a running tournament: which match a penalty
 * found between matches waits for, and whether the player has any match left at all.
 */

/**
 * Whether a penalty found between matches can still take this match as "the next match".
 * A match loss needs a match not yet begun: no result reported and no penalty given during
 * it (say both players were 10 minutes late: both lose it, a double loss). A duel loss needs
 * a duel to take, so the match's result must also still be open.
 */
export function takesNextMatch(t: Tournament, round: RoundState, match: MatchState, penalty: PenaltyId): boolean {
  if (match.report !== null) return false;
  const begun = penaltiesInForce(t).some(
    (p) =>
      (p.landing.kind === 'duel' || p.landing.kind === 'match') &&
      p.landing.round === round.number &&
      p.landing.table === match.table,
  );
  if (begun) return false;
  return (
    penalty !== 'duel-loss' || deriveOneMatch(t, round.number, match, round.stage).record.outcome.kind === 'pending'
  );
}

/** The first round where "the next match" of a penalty found between matches now can be: the running round's match, or the round after. */
export function nextMatchRound(t: Tournament, player: string, penalty: PenaltyId): number {
  const round = latestRound(t);
  if (!round) return 1;
  const match = round.ended ? undefined : matchOf(round, player);
  return match && takesNextMatch(t, round, match, penalty) ? round.number : round.number + 1;
}

/**
 * Why the player has no match left in round `fromRound` or later, or null while one may still
 * come: already paired there, a Swiss round still to pair, a top cut not yet paired (the
 * player may make it), or an elimination bracket the player is still in. A cut of the Swiss field ends the player's
 * matches (no further Swiss round, nor the top cut).
 */
export type NoMatchLeftReason =
  | 'left-tournament'
  | 'cut-from-swiss'
  | 'not-in-top-cut'
  | 'eliminated'
  | 'no-round-left';

export function noMatchLeftReason(t: Tournament, player: string, fromRound: number): NoMatchLeftReason | null {
  if (t.rounds.some((r) => r.number >= fromRound && r.tableOf.has(player))) return null;
  if (isDropped(t, player)) return 'left-tournament';
  if (cutAfter(t).has(player)) return 'cut-from-swiss';
  const s = t.settings.structure;
  const last = latestRound(t);
  if (t.status !== 'finished' && s.kind === 'swiss' && fromRound <= s.rounds) return null;
  if (s.kind === 'swiss' && s.topCut === 0) return 'no-round-left';
  // The cut is paired without the player: nothing further is coming for them.
  const inCut = t.rounds.some((r) => r.stage === 'top-cut' && (r.tableOf.has(player) || r.byes.includes(player)));
  if (s.kind === 'swiss' && last?.stage === 'top-cut' && !inCut) return 'not-in-top-cut';
  if (t.status === 'finished') return inCut ? 'eliminated' : 'no-round-left';
  if (!last?.bracket) return null;
  if (last.bracket.length <= 1) return 'eliminated';
  if (last.byes.includes(player)) return null;
  const match = matchOf(last, player);
  if (!match) return 'eliminated';
  const outcome = deriveOneMatch(t, last.number, match, last.stage).record.outcome;
  return outcome.kind === 'pending' || (outcome.kind === 'win' && outcome.winner === player) ? null : 'eliminated';
}

/** Whether the player can still play a match in round `fromRound` or later. A dropped or disqualified player has none. */
export const hasMatchLeft = (t: Tournament, player: string, fromRound: number): boolean =>
  noMatchLeftReason(t, player, fromRound) === null;
