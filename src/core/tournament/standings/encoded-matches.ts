import type { MatchRecord, StandingsPlayer } from '../match-record.js';

/*
 * Swiss matches with a result, as standings count them, flat: three integers per match, the
 * first player's index, the second's (the first again for a bye) and the outcome. Counting
 * 25,000 of these is a tight loop over one typed array; reading the records themselves (ids
 * looked up in a map, outcome objects) is most of the cost, so the projection keeps each
 * round's encoding and a new result re-encodes one round.
 */
export type EncodedMatches = Int32Array;

const FIRST_WINS = 0;
const SECOND_WINS = 1;
const DRAWN = 2;
const DOUBLE_LOSS = 3;
const BYE = 4;

/**
 * Encodes the Swiss matches with a result among `matches` (top-cut and pending ones are left
 * out) by the players' indices. Throws a RangeError on a malformed record: an unknown player,
 * a winner who did not play, a bye with two players, a player meeting themself.
 */
export function encodeMatches(matches: readonly MatchRecord[], indexOf: ReadonlyMap<string, number>): EncodedMatches {
  const out = new Int32Array(matches.length * 3);
  let length = 0;
  for (const match of matches) {
    const { outcome, players } = match;
    if (match.stage !== 'swiss' || outcome.kind === 'pending') continue;
    if (outcome.kind === 'bye') {
      if (players.length !== 1) throw malformed(match, 'a bye has exactly one player');
      const player = seat(match, players[0], indexOf);
      out[length] = player;
      out[length + 1] = player;
      out[length + 2] = BYE;
      length += 3;
      continue;
    }
    if (players.length !== 2) throw malformed(match, `a ${outcome.kind} needs two players`);
    if (players[0] === players[1]) throw malformed(match, `"${players[0]}" cannot meet themself`);
    const first = seat(match, players[0], indexOf);
    const second = seat(match, players[1], indexOf);
    out[length] = first;
    out[length + 1] = second;
    out[length + 2] = outcomeCode(match, outcome, players);
    length += 3;
  }
  return out.slice(0, length);
}

function outcomeCode(
  match: MatchRecord,
  outcome: Exclude<MatchRecord['outcome'], { kind: 'pending' } | { kind: 'bye' }>,
  players: readonly [string, string],
): number {
  switch (outcome.kind) {
    case 'win':
      if (outcome.winner === players[0]) return FIRST_WINS;
      if (outcome.winner === players[1]) return SECOND_WINS;
      throw malformed(match, `winner "${outcome.winner}" did not play this match`);
    case 'draw':
      return DRAWN;
    case 'double-loss':
      return DOUBLE_LOSS;
    default: {
      const exhaustive: never = outcome;
      throw new Error(`standings: unknown match outcome ${JSON.stringify(exhaustive)}`);
    }
  }
}

function seat(match: MatchRecord, id: string, indexOf: ReadonlyMap<string, number>): number {
  const index = indexOf.get(id);
  if (index === undefined) throw malformed(match, `unknown player "${id}"`);
  return index;
}

function malformed(match: MatchRecord, problem: string): RangeError {
  const table = match.table === null ? '' : ` table ${match.table}`;
  return new RangeError(`standings: round ${match.round}${table}: ${problem}`);
}

/** Each player's counts and opponents (flat: player `i` met `opponents[start[i]]` … `opponents[start[i + 1] - 1]`). */
export interface Tallies {
  readonly wins: Int32Array;
  readonly losses: Int32Array;
  readonly draws: Int32Array;
  readonly byes: Int32Array;
  readonly start: Int32Array;
  readonly opponents: Int32Array;
}

/**
 * Counts the encoded matches for `players`, starting from their invited byes (wins) and
 * rounds missed before a late entry (losses without opponent). Opponents are listed in match
 * order; a bye is a win without opponent, a double loss a loss for both.
 */
export function tallyEncoded(batches: readonly EncodedMatches[], players: readonly StandingsPlayer[]): Tallies {
  const n = players.length;
  const wins = new Int32Array(n);
  const losses = new Int32Array(n);
  const draws = new Int32Array(n);
  const byes = new Int32Array(n);
  players.forEach(({ id, missedRounds = 0, invitedByes = 0 }, i) => {
    if (!Number.isInteger(missedRounds) || missedRounds < 0) {
      throw new RangeError(`standings: player "${id}" has missedRounds ${missedRounds}, not a whole number ≥ 0`);
    }
    wins[i] = invitedByes;
    byes[i] = invitedByes;
    losses[i] = missedRounds;
  });
  // First count each player's meetings, then fill the opponent lists in match order.
  const start = new Int32Array(n + 1);
  for (const batch of batches) {
    for (let k = 0; k < batch.length; k += 3) {
      const first = batch[k] as number;
      const second = batch[k + 1] as number;
      if (first >= n || second >= n) throw new RangeError('standings: a match names a player index past the players');
      const outcome = batch[k + 2] as number;
      if (outcome === BYE) {
        wins[first] = (wins[first] as number) + 1;
        byes[first] = (byes[first] as number) + 1;
        continue;
      }
      start[first + 1] = (start[first + 1] as number) + 1;
      start[second + 1] = (start[second + 1] as number) + 1;
      if (outcome === FIRST_WINS) {
        wins[first] = (wins[first] as number) + 1;
        losses[second] = (losses[second] as number) + 1;
      } else if (outcome === SECOND_WINS) {
        wins[second] = (wins[second] as number) + 1;
        losses[first] = (losses[first] as number) + 1;
      } else if (outcome === DRAWN) {
        draws[first] = (draws[first] as number) + 1;
        draws[second] = (draws[second] as number) + 1;
      } else {
        losses[first] = (losses[first] as number) + 1;
        losses[second] = (losses[second] as number) + 1;
      }
    }
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const opponents = new Int32Array(start[n] as number);
  const filled = start.slice(0, n);
  for (const batch of batches) {
    for (let k = 0; k < batch.length; k += 3) {
      if (batch[k + 2] === BYE) continue;
      const first = batch[k] as number;
      const second = batch[k + 1] as number;
      opponents[filled[first] as number] = second;
      filled[first] = (filled[first] as number) + 1;
      opponents[filled[second] as number] = first;
      filled[second] = (filled[second] as number) + 1;
    }
  }
  return { wins, losses, draws, byes, start, opponents };
}
