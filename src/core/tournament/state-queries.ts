import type { PenaltyId } from '../policy/assess-types.js';
import type { MatchState, PenaltyState, PlayerState, RoundState, Tournament } from './state.js';

/*
 * Small questions about the state that decide, the derivations and the projections share.
 * Drops and withdrawn ranks are read through penalties in force, never stored, so an appeal
 * that rescinds a disqualification gives the player back without editing anything.
 */

const DISQUALIFICATIONS: readonly PenaltyId[] = ['disqualification', 'disqualification-forfeit-prizes'];

/** Whether a penalty removes the player from the tournament. */
export const isDisqualification = (penalty: PenaltyId): boolean => DISQUALIFICATIONS.includes(penalty);

export const findPlayer = (t: Tournament, id: string): PlayerState | undefined => t.players.find((p) => p.id === id);

export const findRound = (t: Tournament, round: number): RoundState | undefined => t.rounds.find((r) => r.number === round);

export const findMatch = (round: RoundState, table: number): MatchState | undefined =>
  round.matches[table - 1]?.table === table ? round.matches[table - 1] : round.matches.find((m) => m.table === table);

export const latestRound = (t: Tournament): RoundState | undefined => t.rounds[t.rounds.length - 1];

/** Penalties not rescinded, in the order issued. */
export const penaltiesInForce = (t: Tournament): readonly PenaltyState[] => t.penalties.filter((p) => !p.rescinded);

/** A disqualification in force, if the player has one. */
const disqualificationOf = (t: Tournament, player: string): PenaltyState | undefined =>
  penaltiesInForce(t).find((p) => p.player === player && isDisqualification(p.penalty));

/** Dropped on request or disqualified: no longer paired. */
export const isDropped = (t: Tournament, player: string): boolean =>
  findPlayer(t, player)?.drop != null || disqualificationOf(t, player) !== undefined;

/** Everyone out of the pairings and everyone whose rank is withdrawn, in one pass: for questions about the whole field. */
export function departures(t: Tournament): { readonly dropped: ReadonlySet<string>; readonly withdrawn: ReadonlySet<string> } {
  const dropped = new Set(t.players.filter((p) => p.drop !== null).map((p) => p.id));
  const withdrawn = new Set<string>();
  for (const p of penaltiesInForce(t)) {
    if (isDisqualification(p.penalty)) dropped.add(p.player);
    if (p.penalty === 'disqualification-forfeit-prizes') withdrawn.add(p.player);
  }
  return { dropped, withdrawn };
}

/** Disqualified with loss of prizes: no final rank, no prizes. */
export const isRankWithdrawn = (t: Tournament, player: string): boolean =>
  penaltiesInForce(t).some((p) => p.player === player && p.penalty === 'disqualification-forfeit-prizes');

/** The player's match in a round, if paired against an opponent. */
export function matchOf(round: RoundState, player: string): MatchState | undefined {
  const table = round.tableOf.get(player);
  return table === undefined ? undefined : findMatch(round, table);
}

/** The player's unreported match in the latest round while that round runs: the match a report "in a duel" is about. */
export function unreportedMatchOf(t: Tournament, player: string): { round: RoundState; match: MatchState } | undefined {
  const round = latestRound(t);
  if (!round || round.ended) return undefined;
  const match = matchOf(round, player);
  return match && match.report === null ? { round, match } : undefined;
}
