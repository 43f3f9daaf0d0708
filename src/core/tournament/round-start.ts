import { explain } from './command-problems.js';
import { err, ok } from '../result.js';
import { checkTime } from './command-checks.js';
import type { Drafted, MarkAllSeated, StartRound } from './commands.js';
import { domainError } from './domain-errors.js';
import type { EventDraft } from './events.js';
import { departures, findRound } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Pairings may be posted before the round starts: then "start round" is its own step, and the
 * seat time (from which tardiness counts) is when it is started, not when it was paired. On
 * the floor a judge marks whole tables, or everyone but the few still missing, in one tap.
 */

/**
 * RoundStarted: the round's seat time is now (or the time given). Started before the seat time
 * announced with the pairings, it is that time: the players were told when to sit, and nobody
 * is late before it.
 */
export function decideStartRound(command: StartRound, t: Tournament): Drafted {
  const { round } = command.data;
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  if (r.ended) return err(domainError('round-already-ended', { round }));
  if (r.held) return err(domainError('round-held', { round }));
  if (r.started) return err(domainError('round-already-started', { round }));
  const planned = r.plannedSeatTime;
  const seatTime =
    command.data.seatTime ??
    (planned !== null && Date.parse(planned) > Date.parse(command.meta.at) ? planned : command.meta.at);
  const badTime = checkTime('seatTime', seatTime);
  if (badTime) return err(badTime);
  return ok([{ type: 'RoundStarted', data: { round, seatTime } }]);
}

/**
 * PlayerSeated for every player still waiting at a match without a result, except those named
 * (still missing). Marked as the roll call: the judges saw them in their seats, so the mark's
 * time is not when they arrived, and none of them counts as late by it.
 */
export function decideMarkAllSeated(command: MarkAllSeated, t: Tournament): Drafted {
  const { round, except } = command.data;
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  if (r.ended) return err(domainError('round-already-ended', { round }));
  if (r.held) return err(domainError('round-held', { round }));
  const unknown = (except ?? []).filter((p) => !r.tableOf.has(p));
  if (unknown.length > 0) {
    return err(
      domainError('invalid-command', {
        field: 'except',
        problem: explain('not-playing-in-round', { round, players: unknown }),
      }),
    );
  }
  const missing = new Set(except ?? []);
  const { dropped } = departures(t);
  const seated: EventDraft[] = [];
  for (const match of r.matches) {
    if (match.report !== null) continue;
    for (const player of match.players) {
      if (!match.seated.has(player) && !missing.has(player) && !dropped.has(player))
        seated.push({ type: 'PlayerSeated', data: { round, table: match.table, player, rollCall: true } });
    }
  }
  return ok(seated);
}
