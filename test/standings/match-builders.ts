// Short builders so fixtures read like a results sheet: win(1, 'A', 'B') = round 1, A beat B.
import type { MatchRecord, Stage, StandingsPlayer } from '../../src/core/tournament/match-record.js';

/** Players with one-letter ids; `flags` marks some as dropped, with their rank withdrawn, or late by one round. */
export function players(
  ids: string,
  flags: { dropped?: string; withdrawn?: string; lateByOne?: string } = {},
): StandingsPlayer[] {
  return [...ids].map((id) => ({
    id,
    name: `Player ${id}`,
    dropped: (flags.dropped ?? '').includes(id),
    rankWithdrawn: (flags.withdrawn ?? '').includes(id),
    ...((flags.lateByOne ?? '').includes(id) ? { missedRounds: 1 } : {}),
  }));
}

export function win(
  round: number,
  winner: string,
  loser: string,
  stage: Stage = 'swiss',
  byPenalty = false,
): MatchRecord {
  return {
    round,
    stage,
    table: 1,
    players: [winner, loser],
    outcome: { kind: 'win', winner, byPenalty },
    duelWins: byPenalty ? {} : { [winner]: 2, [loser]: 0 },
  };
}

export function draw(round: number, a: string, b: string): MatchRecord {
  return { round, stage: 'swiss', table: 1, players: [a, b], outcome: { kind: 'draw' }, duelWins: { [a]: 1, [b]: 1 } };
}

export function doubleLoss(round: number, a: string, b: string): MatchRecord {
  return { round, stage: 'swiss', table: 1, players: [a, b], outcome: { kind: 'double-loss' }, duelWins: {} };
}

export function bye(round: number, player: string): MatchRecord {
  return { round, stage: 'swiss', table: null, players: [player], outcome: { kind: 'bye' }, duelWins: { [player]: 2 } };
}

export function pending(round: number, a: string, b: string, stage: Stage = 'swiss'): MatchRecord {
  return { round, stage, table: 1, players: [a, b], outcome: { kind: 'pending' }, duelWins: {} };
}
