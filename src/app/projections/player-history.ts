import type { PenaltyId } from '../../core/policy/assess-types.js';
import type { Stage } from '../../core/tournament/match-record.js';
import { matchRecords } from '../../core/tournament/match-results.js';
import { awards, type Award } from '../../core/tournament/prizes.js';
import { findPlayer, findRound, isDropped, isRankWithdrawn } from '../../core/tournament/state-queries.js';
import type { BestOf } from '../../core/tournament/match-format.js';
import { phaseOf } from '../../core/tournament/phases.js';
import type { PenaltyAppeal, Tournament } from '../../core/tournament/state.js';

/*
 * One player's tournament: every round with its result from the player's side, every penalty
 * (cautions and rescinded ones included: this is the tournament's view, not the official
 * record), drops and prizes.
 */

export type PlayerResult = 'win' | 'loss' | 'draw' | 'double-loss' | 'bye' | 'pending' | 'missed';

export interface RoundLine {
  readonly round: number;
  readonly stage: Stage;
  /** The round's match format and, from day two on, its phase's name (null on day one and in the top cut). */
  readonly bestOf: BestOf;
  readonly phase: string | null;
  readonly table: number | null;
  readonly opponent: { readonly id: string; readonly name: string } | null;
  readonly result: PlayerResult;
  readonly duelsWon: number;
  readonly duelsLost: number;
  readonly byPenalty: boolean;
}

export interface PenaltyLine {
  readonly id: number;
  readonly infraction: string;
  readonly penalty: PenaltyId;
  readonly guideline: PenaltyId;
  readonly round: number;
  readonly judge: string;
  readonly at: string;
  readonly deviationReason: string | null;
  readonly rescinded: boolean;
  readonly appeals: readonly PenaltyAppeal[];
}

export interface PlayerHistory {
  readonly id: string;
  readonly name: string;
  readonly entryRound: number;
  readonly dropped: boolean;
  readonly rankWithdrawn: boolean;
  readonly rounds: readonly RoundLine[];
  readonly penalties: readonly PenaltyLine[];
  readonly awards: readonly Award[];
}

/** The player's history in this tournament; undefined for an unknown player. */
export function playerHistory(t: Tournament, playerId: string): PlayerHistory | undefined {
  const player = findPlayer(t, playerId);
  if (!player) return undefined;
  const kindOf = (round: number, stage: Stage) => ({
    bestOf: findRound(t, round)?.bestOf ?? 3,
    phase: stage === 'swiss' ? (phaseOf(t, round)?.name ?? null) : null,
  });
  const missed: RoundLine[] = t.rounds
    .filter((r) => r.number < player.entryRound)
    .map((r) => ({
      round: r.number,
      stage: r.stage,
      ...kindOf(r.number, r.stage),
      table: null,
      opponent: null,
      // An invitation into day two counts the rounds before it as byes (as the standings do), a late entry as losses.
      result: player.invitation !== null ? 'bye' : 'missed',
      duelsWon: 0,
      duelsLost: 0,
      byPenalty: false,
    }));
  const played: RoundLine[] = matchRecords(t)
    .filter((m) => m.players.includes(playerId))
    .map((m) => {
      const opponentId = m.players.find((p) => p !== playerId);
      const o = m.outcome;
      const result: PlayerResult = o.kind === 'win' ? (o.winner === playerId ? 'win' : 'loss') : o.kind;
      return {
        round: m.round,
        stage: m.stage,
        ...kindOf(m.round, m.stage),
        table: m.table,
        opponent:
          opponentId === undefined ? null : { id: opponentId, name: findPlayer(t, opponentId)?.name ?? opponentId },
        result,
        duelsWon: m.duelWins[playerId] ?? 0,
        duelsLost: opponentId === undefined ? 0 : (m.duelWins[opponentId] ?? 0),
        byPenalty: o.kind === 'win' && o.byPenalty,
      };
    });
  const penalties: PenaltyLine[] = t.penalties
    .filter((p) => p.player === playerId)
    .map((p) => ({
      id: p.id,
      infraction: p.report.infraction,
      penalty: p.penalty,
      guideline: p.guideline.penalty,
      round: p.context.round,
      judge: p.judge.id,
      at: p.at,
      deviationReason: p.deviationReason,
      rescinded: p.rescinded,
      appeals: p.appeals,
    }));
  return {
    id: player.id,
    name: player.name,
    entryRound: player.entryRound,
    dropped: isDropped(t, playerId),
    rankWithdrawn: isRankWithdrawn(t, playerId),
    rounds: [...missed, ...played].sort((a, b) => a.round - b.round),
    penalties,
    awards: awards(t).filter((a) => a.player === playerId),
  };
}
