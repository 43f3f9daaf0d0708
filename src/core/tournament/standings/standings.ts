/**
 * Swiss standings: match points (win 3, draw 1, loss 0, bye = a 2-0 win worth 3), then the
 * Konami-style tiebreakers of `tiebreakers.ts`, then the player id.
 */
import type { MatchRecord, PlayerStatus, StandingsPlayer } from '../match-record.js';
import { computeTiebreakers, type TiebreakInput } from './tiebreakers.js';

/** One player's line in the standings; percentages are rounded to 4 decimals. */
export interface StandingsRow {
  /** 1, 2, 3… with no shared ranks; `null` when the rank is withdrawn (such rows come last). */
  readonly rank: number | null;
  readonly player: string;
  readonly name: string;
  readonly points: number;
  /** Matches with a result, byes and missed rounds included: wins + losses + draws. */
  readonly matchesPlayed: number;
  /** Match wins, byes and wins by penalty included. */
  readonly wins: number;
  /** Match losses: double losses, losses by penalty and rounds missed before a late entry included. */
  readonly losses: number;
  readonly draws: number;
  readonly byes: number;
  /** The player's own points / (3 × matches played), without the 1/3 floor. */
  readonly matchWinPct: number;
  /** Opponents' average match-win percentage, each floored at 1/3. */
  readonly opponentsWinPct: number;
  /** Opponents' average of their own opponentsWinPct. */
  readonly opponentsOpponentsWinPct: number;
  readonly dropped: boolean;
  /** Why the player is out, next to `dropped`: dropped on request, or which disqualification (rule 1-E/1-F). */
  readonly status: PlayerStatus;
  /** The round after which a cut took the player out of the Swiss; absent while still in. */
  readonly cutAfterRound?: number;
}

/** The scripting contract of `--json` standings: these keys, in this order. */
export interface StandingsJsonRow {
  readonly rank: number | null;
  readonly player: string;
  readonly points: number;
  readonly opponentsWinPct: number;
  readonly opponentsOpponentsWinPct: number;
  readonly dropped: boolean;
  readonly status: PlayerStatus;
  /** Present only for a player a cut took out of the Swiss. */
  readonly cutAfterRound?: number;
}

interface Tally {
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  readonly opponents: number[];
}

/**
 * Ranks `players` by their Swiss matches (top-cut and pending matches are ignored) and missed
 * rounds (each a loss without opponent). Throws a RangeError on a malformed record (unknown
 * player, a winner who did not play, a bye with two players, a player listed twice): the
 * tournament state never produces one.
 */
export function computeStandings(players: readonly StandingsPlayer[], matches: readonly MatchRecord[]): StandingsRow[] {
  const indexOf = indexPlayers(players);
  const tallies: Tally[] = players.map(({ id, missedRounds = 0, invitedByes = 0 }) => {
    if (!Number.isInteger(missedRounds) || missedRounds < 0) {
      throw new RangeError(`standings: player "${id}" has missedRounds ${missedRounds}, not a whole number ≥ 0`);
    }
    return { wins: invitedByes, losses: missedRounds, draws: 0, byes: invitedByes, opponents: [] };
  });
  for (const match of matches) tallyMatch(match, indexOf, tallies);

  const inputs: TiebreakInput[] = tallies.map((t) => ({
    points: 3 * t.wins + t.draws,
    played: t.wins + t.losses + t.draws,
    opponents: t.opponents,
  }));
  const tiebreakers = computeTiebreakers(inputs);
  const order = players.map((_, i) => i);
  const withdrawn = (i: number): boolean => players[i]?.rankWithdrawn ?? false;
  const points = (i: number): number => inputs[i]?.points ?? 0;
  // Players still in rank above everyone a cut took out; of those, a later cut ranks above an earlier one.
  const stayed = (i: number): number => players[i]?.cutAfterRound ?? Number.MAX_SAFE_INTEGER;
  order.sort(
    (a, b) =>
      Number(withdrawn(a)) - Number(withdrawn(b)) ||
      stayed(b) - stayed(a) ||
      points(b) - points(a) ||
      tiebreakers.compare(a, b) ||
      compareIds(players[a]?.id ?? '', players[b]?.id ?? ''),
  );

  let nextRank = 1;
  return order.map((i) => {
    const player = players[i] as StandingsPlayer;
    const tally = tallies[i] as Tally;
    const input = inputs[i] as TiebreakInput;
    return {
      rank: player.rankWithdrawn ? null : nextRank++,
      player: player.id,
      name: player.name,
      points: input.points,
      matchesPlayed: input.played,
      wins: tally.wins,
      losses: tally.losses,
      draws: tally.draws,
      byes: tally.byes,
      matchWinPct: tiebreakers.matchWinPct(i),
      opponentsWinPct: tiebreakers.opponentsWinPct(i),
      opponentsOpponentsWinPct: tiebreakers.opponentsOpponentsWinPct(i),
      dropped: player.dropped,
      status: player.disqualification ?? (player.dropped ? 'dropped' : 'active'),
      ...(player.cutAfterRound === undefined ? {} : { cutAfterRound: player.cutAfterRound }),
    };
  });
}

/** The rows as the JSON scripting contract shows them. */
export function toStandingsJson(rows: readonly StandingsRow[]): StandingsJsonRow[] {
  return rows.map((row) => ({
    rank: row.rank,
    player: row.player,
    points: row.points,
    opponentsWinPct: row.opponentsWinPct,
    opponentsOpponentsWinPct: row.opponentsOpponentsWinPct,
    dropped: row.dropped,
    status: row.status,
    ...(row.cutAfterRound === undefined ? {} : { cutAfterRound: row.cutAfterRound }),
  }));
}

/** Full ties fall back to the player id in code-unit order: seed-free and locale-free. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function indexPlayers(players: readonly StandingsPlayer[]): ReadonlyMap<string, number> {
  const indexOf = new Map<string, number>();
  players.forEach(({ id }, i) => {
    if (indexOf.has(id)) throw new RangeError(`standings: player "${id}" is listed twice`);
    indexOf.set(id, i);
  });
  return indexOf;
}

function tallyMatch(match: MatchRecord, indexOf: ReadonlyMap<string, number>, tallies: readonly Tally[]): void {
  const { outcome, players } = match;
  if (match.stage !== 'swiss' || outcome.kind === 'pending') return;
  if (outcome.kind === 'bye') {
    if (players.length !== 1) throw malformed(match, 'a bye has exactly one player');
    const player = tallies[seat(match, players[0], indexOf)] as Tally;
    player.wins += 1;
    player.byes += 1;
    return;
  }
  if (players.length !== 2) throw malformed(match, `a ${outcome.kind} needs two players`);
  if (players[0] === players[1]) throw malformed(match, `"${players[0]}" cannot meet themself`);
  const firstIndex = seat(match, players[0], indexOf);
  const secondIndex = seat(match, players[1], indexOf);
  const first = tallies[firstIndex] as Tally;
  const second = tallies[secondIndex] as Tally;
  first.opponents.push(secondIndex);
  second.opponents.push(firstIndex);

  switch (outcome.kind) {
    case 'win': {
      if (outcome.winner !== players[0] && outcome.winner !== players[1]) {
        throw malformed(match, `winner "${outcome.winner}" did not play this match`);
      }
      const firstWon = outcome.winner === players[0];
      (firstWon ? first : second).wins += 1;
      (firstWon ? second : first).losses += 1;
      return;
    }
    case 'draw':
      first.draws += 1;
      second.draws += 1;
      return;
    case 'double-loss':
      first.losses += 1;
      second.losses += 1;
      return;
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
