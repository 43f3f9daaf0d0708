import type { PenaltyId } from '../policy/assess-types.js';
import type { PenaltyContext } from './events.js';
import { repeatsOf } from './repeat-history.js';
import type { BestOf } from './match-format.js';
import type { PlayerStatus } from './match-record.js';
import type { MatchState, PenaltyState, PlayerState, RoundState, Tournament } from './state.js';

/*
 * Small questions about the state that decide, the derivations and the projections share.
 * Drops and withdrawn ranks are read through penalties in force, never stored, so an appeal
 * that rescinds a disqualification gives the player back without editing anything.
 */

const DISQUALIFICATIONS: readonly PenaltyId[] = ['disqualification', 'disqualification-forfeit-prizes'];

/** Whether a penalty removes the player from the tournament. */
export const isDisqualification = (penalty: PenaltyId): boolean => DISQUALIFICATIONS.includes(penalty);

/** The player with id `id` (the first, should a broken log list one twice). */
export function findPlayer(t: Tournament, id: string): PlayerState | undefined {
  const at = playerIndex(t.players).at.get(id);
  return at === undefined ? undefined : t.players[at];
}

/*
 * Where each player sits in a player list, kept per list. Deciding a player list import checks
 * every new id against everyone registered so far; comparing ids one by one made 8,192 rows
 * cost 33 million comparisons. A fold grows its own list in place (evolve.ts), and only ever at
 * the end, so an index that has seen fewer players than the list holds just reads the rest.
 * A write that changes one player (a decklist sent, a drop) makes a new list with the same ids
 * in the same places: it takes the old list's index along (`keepPlayerIndex`) instead of
 * building one over 8,192 players again, which made each such write cost a pass over everyone.
 */
interface PlayerIndex {
  /** Places read into `at` so far. */
  read: number;
  at: Map<string, number>;
  /** Whether `at` is also another list's: reading a place past `read` then needs a map of its own. */
  shared: boolean;
}

const playerIndexes = new WeakMap<readonly PlayerState[], PlayerIndex>();

function playerIndex(players: readonly PlayerState[]): PlayerIndex {
  let index = playerIndexes.get(players);
  if (!index) {
    index = { read: 0, at: new Map(), shared: false };
    playerIndexes.set(players, index);
  }
  if (index.read < players.length && index.shared) {
    // Lists sharing a map hold the same ids up to `read`; past it each holds its own.
    index.at = new Map(index.at);
    index.shared = false;
  }
  for (; index.read < players.length; index.read++) {
    const id = (players[index.read] as PlayerState).id;
    if (!index.at.has(id)) index.at.set(id, index.read);
  }
  return index;
}

/** Where player `id` sits in `players` (the first, should a broken log list one twice), or -1. */
export const playerPosition = (players: readonly PlayerState[], id: string): number =>
  playerIndex(players).at.get(id) ?? -1;

/**
 * `to` holds the same ids in the same places as `from` (one player changed, or players added at
 * the end): it shares `from`'s index, and reads only what it holds beyond `from`.
 */
export function keepPlayerIndex(from: readonly PlayerState[], to: readonly PlayerState[]): void {
  if (from === to || playerIndexes.has(to)) return;
  const index = playerIndex(from);
  index.shared = true;
  playerIndexes.set(to, { read: index.read, at: index.at, shared: true });
}

export const findRound = (t: Tournament, round: number): RoundState | undefined =>
  t.rounds.find((r) => r.number === round);

export const findMatch = (round: RoundState, table: number): MatchState | undefined =>
  round.matches[table - 1]?.table === table ? round.matches[table - 1] : round.matches.find((m) => m.table === table);

/** Player id → the round after which a cut took the player out of the Swiss. */
export const cutAfter = (t: Tournament): ReadonlyMap<string, number> =>
  new Map(t.cuts.flatMap((c) => c.out.map((p) => [p, c.afterRound] as const)));

export const latestRound = (t: Tournament): RoundState | undefined => t.rounds[t.rounds.length - 1];

/** Penalties not rescinded, in the order issued. */
export const penaltiesInForce = (t: Tournament): readonly PenaltyState[] => t.penalties.filter((p) => !p.rescinded);

/** The infractions a repeat counts from (repeat-history.ts has the rule). */
export const repeatHistory = (t: Tournament, player: string, except?: number): string[] =>
  repeatsOf(
    t.penalties.map((p) => ({
      id: p.id,
      player: p.player,
      infraction: p.report.infraction,
      rescinded: p.rescinded,
      addedTo: p.addedTo,
    })),
    player,
    except,
  );

/** A disqualification in force, if the player has one. */
export const disqualificationOf = (t: Tournament, player: string): PenaltyState | undefined =>
  penaltiesInForce(t).find((p) => p.player === player && isDisqualification(p.penalty));

export type { PlayerStatus };

/** Dropped on request or disqualified: no longer paired. */
export const isDropped = (t: Tournament, player: string): boolean =>
  findPlayer(t, player)?.drop != null || disqualificationOf(t, player) !== undefined;

/**
 * Everyone out of the pairings, everyone whose rank is withdrawn (both disqualifications: the
 * player leaves the tournament and holds no place), and each player's status, in one pass.
 */
export function departures(t: Tournament): {
  readonly dropped: ReadonlySet<string>;
  readonly withdrawn: ReadonlySet<string>;
  readonly status: (player: string) => PlayerStatus;
} {
  const dropped = new Set(t.players.filter((p) => p.drop !== null).map((p) => p.id));
  const requested = new Set(dropped);
  const disqualified = new Map<string, PlayerStatus>();
  for (const p of penaltiesInForce(t)) {
    if (!isDisqualification(p.penalty)) continue;
    dropped.add(p.player);
    // A disqualification with loss of prizes outranks a plain one if the player has both.
    if (disqualified.get(p.player) !== 'disqualified-forfeit-prizes')
      disqualified.set(p.player, p.penalty === 'disqualification' ? 'disqualified' : 'disqualified-forfeit-prizes');
  }
  const status = (player: string): PlayerStatus =>
    disqualified.get(player) ?? (requested.has(player) ? 'dropped' : 'active');
  return { dropped, withdrawn: new Set(disqualified.keys()), status };
}

/**
 * Dropped (on request or as a no-show) before the first round it was to play, so it never
 * played a match: no place, no line in the standings, not a participant in any count. An
 * invited player's byes are results, so an invited player always took part.
 */
export const neverPlayed = (p: PlayerState): boolean =>
  p.drop !== null && p.invitation === null && p.drop.afterRound < p.entryRound;

/** The participants: every player who took part in a round (see `neverPlayed`). */
export const participantCount = (t: Tournament): number => {
  let n = 0;
  for (const p of t.players) if (!neverPlayed(p)) n++;
  return n;
};

/** The player's status now. */
export const playerStatus = (t: Tournament, player: string): PlayerStatus => departures(t).status(player);

/** Disqualified (either kind): no final place, no prize decided from now on. */
export const isRankWithdrawn = (t: Tournament, player: string): boolean => disqualificationOf(t, player) !== undefined;

/** Disqualified with loss of prizes (rule 1-F): every prize already awarded is withdrawn too. */
export const forfeitsPrizes = (t: Tournament, player: string): boolean =>
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

/** The match format of the match a penalty context names (best of 3 where it names none). */
export const bestOfCurrent = (t: Tournament, context: PenaltyContext): BestOf =>
  (context.currentMatch && findRound(t, context.currentMatch.round)?.bestOf) ?? 3;
