/**
 * Swiss standings: match points (win 3, draw 1, loss 0, bye = a 2-0 win worth 3), then the
 * Konami-style tiebreakers of `tiebreakers.ts`, then the player id.
 */
import type { MatchRecord, PlayerStatus, StandingsPlayer } from '../match-record.js';
import { encodeMatches, tallyEncoded, type EncodedMatches } from './encoded-matches.js';
import { flatTiebreakers } from './tiebreakers.js';
import { sortInPieces } from './sort-in-pieces.js';
import { atOnce, type Making } from '../../making.js';

/** One player's line in the standings; percentages are rounded to 4 decimals. */
export interface StandingsRow {
  /** 1, 2, 3… with no shared ranks; `null` when the rank is withdrawn (such rows come last). */
  readonly rank: number | null;
  readonly player: string;
  readonly name: string;
  /** How the name is read (フリガナ), when the player gave it; set after `status` (see rankEncoded). */
  readonly reading?: string;
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

/**
 * Ranks `players` by their Swiss matches (top-cut and pending matches are ignored) and missed
 * rounds (each a loss without opponent). Throws a RangeError on a malformed record (unknown
 * player, a winner who did not play, a bye with two players, a player listed twice): the
 * tournament state never produces one.
 */
export function computeStandings(players: readonly StandingsPlayer[], matches: readonly MatchRecord[]): StandingsRow[] {
  return standingsFromEncoded(players, [encodeMatches(matches, indexPlayers(players))]);
}

/**
 * The standings from matches already encoded against `players` (their indices), in any number
 * of batches: the home of the counting, the tiebreakers and the order. The projection keeps one
 * batch per round, so a new result re-encodes only its round.
 */
export function standingsFromEncoded(
  players: readonly StandingsPlayer[],
  batches: readonly EncodedMatches[],
): StandingsRow[] {
  return rankEncoded(players, batches).rows;
}

/** The standings rows, and the player indices in their order. */
export interface Ranked {
  readonly rows: StandingsRow[];
  readonly order: readonly number[];
}

/**
 * `standingsFromEncoded`, sorting from `startFrom` (the order of an earlier call on the same
 * players) when given. The order is total (full ties go by id), so where the sort starts never
 * changes the result; but one new result moves few players, and the sort (a merge sort that
 * finds runs already in order) then makes a fraction of the comparisons it needs from
 * scratch, which were the largest share of the work at 8,192 players. Anything that is not
 * a permutation of the indices is ignored.
 */
export function rankEncoded(
  players: readonly StandingsPlayer[],
  batches: readonly EncodedMatches[],
  startFrom?: readonly number[],
): Ranked {
  return atOnce(rankEncodedMaking(players, batches, startFrom));
}

/** Rows made between two pauses of `rankEncodedMaking`. */
const ROWS_PER_PIECE = 1_024;

/** `rankEncoded` made in pieces (core/making.ts): counted, tiebroken, sorted and written a piece at a time. */
export function* rankEncodedMaking(
  players: readonly StandingsPlayer[],
  batches: readonly EncodedMatches[],
  startFrom?: readonly number[],
): Making<Ranked> {
  const n = players.length;
  const { wins, losses, draws, byes, start, opponents } = tallyEncoded(batches, players);
  const points = new Int32Array(n);
  const played = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    points[i] = 3 * (wins[i] as number) + (draws[i] as number);
    played[i] = (wins[i] as number) + (losses[i] as number) + (draws[i] as number);
  }
  yield;
  const tiebreakers = flatTiebreakers({ points, played, start, opponents });
  yield;

  const withdrawn = new Uint8Array(n);
  // Players still in rank above everyone a cut took out; of those, a later cut ranks above an earlier one.
  const stayed = new Float64Array(n);
  players.forEach((player, i) => {
    withdrawn[i] = player.rankWithdrawn || player.neverPlayed ? 1 : 0;
    stayed[i] = player.cutAfterRound ?? Number.MAX_SAFE_INTEGER;
  });
  const order = isPermutation(startFrom, n) ? startFrom.slice() : Array.from({ length: n }, (_, i) => i);
  yield* sortInPieces(
    order,
    (a, b) =>
      (withdrawn[a] as number) - (withdrawn[b] as number) ||
      (stayed[b] as number) - (stayed[a] as number) ||
      (points[b] as number) - (points[a] as number) ||
      tiebreakers.compare(a, b) ||
      compareIds((players[a] as StandingsPlayer).id, (players[b] as StandingsPlayer).id),
  );

  let nextRank = 1;
  // A player who never played has no line at all (its order position is kept for the next sort).
  const rows: StandingsRow[] = [];
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const player = players[i] as StandingsPlayer;
    if (k % ROWS_PER_PIECE === ROWS_PER_PIECE - 1) yield;
    if (player.neverPlayed) continue;
    const row: { -readonly [K in keyof StandingsRow]: StandingsRow[K] } = {
      rank: player.rankWithdrawn ? null : nextRank++,
      player: player.id,
      name: player.name,
      points: points[i] as number,
      matchesPlayed: played[i] as number,
      wins: wins[i] as number,
      losses: losses[i] as number,
      draws: draws[i] as number,
      byes: byes[i] as number,
      matchWinPct: tiebreakers.matchWinPct(i),
      opponentsWinPct: tiebreakers.opponentsWinPct(i),
      opponentsOpponentsWinPct: tiebreakers.opponentsOpponentsWinPct(i),
      dropped: player.dropped,
      status: player.disqualification ?? (player.dropped ? 'dropped' : 'active'),
    };
    // Set after the literal (a spread there takes a slow copy for every row); cutAfterRound stays the last key.
    if (player.reading !== undefined) row.reading = player.reading;
    if (player.cutAfterRound !== undefined) row.cutAfterRound = player.cutAfterRound;
    rows.push(row);
  }
  return { rows, order };
}

function isPermutation(order: readonly number[] | undefined, n: number): order is readonly number[] {
  if (order === undefined || order.length !== n) return false;
  const seen = new Uint8Array(n);
  for (const i of order) {
    if (!Number.isInteger(i) || i < 0 || i >= n || seen[i] === 1) return false;
    seen[i] = 1;
  }
  return true;
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

/** Each player's index in `players`; throws on a player listed twice. */
export function indexPlayers(players: readonly { readonly id: string }[]): ReadonlyMap<string, number> {
  const indexOf = new Map<string, number>();
  players.forEach(({ id }, i) => {
    if (indexOf.has(id)) throw new RangeError(`standings: player "${id}" is listed twice`);
    indexOf.set(id, i);
  });
  return indexOf;
}
