import { explain } from './command-problems.js';
import { domainError, type DomainError } from './domain-errors.js';
import { clockInfraction } from './same-lateness.js';
import { departures, latestRound } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Rule 5: 「指定の集合時間に自分の席についていなかった」 (not in one's own seat at the designated
 * time): a player is late for a seat of their own. A tardiness report is about the latest round (the one whose seat time has
 * passed), so it needs the player to have a table there, in a round the players can see, still
 * running, and the player still in the tournament. Everyone else is refused with the reason, in
 * the same words at the desk, over HTTP and on the console; the round clock's late list lists
 * only seated-at-a-table players of a started round, so it never offers them.
 */

/** Why a player has no seat to be late for, as a stable code (the `reason` of `no-seat`). */
export type NoSeatReason = 'no-round' | 'held' | 'between-rounds' | 'bye' | 'not-paired' | 'dropped';

/** `no-seat` when `infraction` is the clock's and the player has no seat in the latest round; null otherwise. */
export function tardinessWithoutSeat(
  t: Tournament,
  player: string,
  infraction: string | undefined,
): DomainError | null {
  if (infraction !== clockInfraction(t).infraction) return null;
  const round = latestRound(t);
  const refuse = (reason: NoSeatReason, roundNumber: number): DomainError =>
    domainError('no-seat', {
      player,
      round: roundNumber,
      reason,
      why: explain(`no-seat-${reason}`, { round: roundNumber }),
    });
  if (!round) return refuse('no-round', 0);
  if (round.held) return refuse('held', round.number);
  if (round.ended) return refuse('between-rounds', round.number);
  if (round.byes.includes(player)) return refuse('bye', round.number);
  if (!round.tableOf.has(player)) return refuse('not-paired', round.number);
  if (departures(t).dropped.has(player)) return refuse('dropped', round.number);
  return null;
}
