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
    (p) => (p.landing.kind === 'duel' || p.landing.kind === 'match') && p.landing.round === round.number && p.landing.table === match.table,
  );
  if (begun) return false;
  return penalty !== 'duel-loss' || deriveOneMatch(t, round.number, match, round.stage).record.outcome.kind === 'pending';
}

/** The first round where "the next match" of a penalty found between matches now can be: the running round's match, or the round after. */
export function nextMatchRound(t: Tournament, player: string, penalty: PenaltyId): number {
  const round = latestRound(t);
  if (!round) return 1;
  const match = round.ended ? undefined : matchOf(round, player);
  return match && takesNextMatch(t, round, match, penalty) ? round.number : round.number + 1;
}

/**
 * Whether the player can still play a match in round `fromRound` or later: already paired
 * there, a Swiss round still to pair, a top cut not yet paired (the player may make it), or
 * an elimination bracket the player is still in. A dropped, disqualified or cut player has none.
 */
export function hasMatchLeft(t: Tournament, player: string, fromRound: number): boolean {
  if (t.rounds.some((r) => r.number >= fromRound && r.tableOf.has(player))) return true;
  // A player a cut took out of the Swiss plays no further round (nor the top cut).
  if (isDropped(t, player) || cutAfter(t).has(player) || t.status === 'finished') return false;
  const s = t.settings.structure;
  const last = latestRound(t);
  if (s.kind === 'swiss' && fromRound <= s.rounds) return true;
  if (s.kind === 'swiss' && s.topCut === 0) return false;
  if (!last?.bracket) return true;
  if (last.bracket.length <= 1) return false;
  if (last.byes.includes(player)) return true;
  const match = matchOf(last, player);
  if (!match) return false;
  const outcome = deriveOneMatch(t, last.number, match, last.stage).record.outcome;
  return outcome.kind === 'pending' || (outcome.kind === 'win' && outcome.winner === player);
}
