import { err, ok } from '../result.js';
import { checkTime } from './command-checks.js';
import { explain } from './command-problems.js';
import type { Drafted, FixPairing, PublishRound } from './commands.js';
import { domainError } from './domain-errors.js';
import type { EventDraft } from './events.js';
import { swapOntoFeature } from './feature-tables.js';
import { findRound } from './state-queries.js';
import type { RoundState, Tournament } from './state.js';

/*
 * A round paired held is the staff's until it is published: they check the pairings, swap two
 * players where the pairing needs a human fix (a family at one table, a seat by the door for a
 * wheelchair), then publish. Nobody plays a held round: seating, results, extensions and the
 * round clock wait for the publish, which starts the round (unless it was paired to start later).
 */

/**
 * The tournament as a player's command is decided on: a held round is not there yet, so every
 * answer a player gets about it (their table, another's, a call, a report) is exactly the
 * answer for a round not yet paired, and tells them nothing of the pairing.
 */
export function withoutHeldRounds(t: Tournament): Tournament {
  return t.rounds.some((r) => r.held) ? { ...t, rounds: t.rounds.filter((r) => !r.held) } : t;
}

/**
 * RoundPublished, then RoundStarted unless the round was paired to start later. Nobody can sit
 * before the pairings are public, so the lateness clock never starts before the publish: a seat
 * time named at pairing that has passed by then gives way to the publish time (as `round start`
 * does), and a seat time named now must not be before it.
 */
export function decidePublishRound(command: PublishRound, t: Tournament): Drafted {
  const { round } = command.data;
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  if (!r.held) return err(domainError('round-not-held', { round }));
  const now = command.meta.at;
  const given = command.data.seatTime;
  const planned = r.held.seatTime;
  const seatTime = given ?? (planned !== null && Date.parse(planned) > Date.parse(now) ? planned : now);
  const badTime = checkTime('seatTime', seatTime);
  if (badTime) return err(badTime);
  if (given !== undefined && Date.parse(given) < Date.parse(now))
    return err(
      domainError('invalid-command', {
        field: 'seatTime',
        problem: explain('seat-time-before-publish', { seatTime: given, published: now }),
      }),
    );
  const events: EventDraft[] = [{ type: 'RoundPublished', data: { round } }];
  if (!r.held.startsLater) events.push({ type: 'RoundStarted', data: { round, seatTime } });
  return ok(events);
}

/** Whether the player has a seat in the round: at a table or the bye. */
const pairedIn = (r: RoundState, player: string): boolean => r.tableOf.has(player) || r.byes.includes(player);

/** PairingFixed: two players of a held Swiss round change places. */
export function decideFixPairing(command: FixPairing, t: Tournament): Drafted {
  const { round, swap } = command.data;
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  if (!r.held) return err(domainError('round-not-held', { round }));
  if (r.bracket !== null)
    return err(domainError('invalid-command', { field: 'swap', problem: explain('swap-elimination') }));
  const [a, b] = swap;
  const missing = [a, b].filter((p) => !pairedIn(r, p));
  if (missing.length > 0)
    return err(
      domainError('invalid-command', {
        field: 'swap',
        problem: explain('swap-not-in-round', { round, players: missing }),
      }),
    );
  if (a === b || r.tableOf.get(a) === r.tableOf.get(b))
    return err(domainError('invalid-command', { field: 'swap', problem: explain('swap-same-table') }));
  const onFeature = swapOntoFeature(t, r, [a, b]);
  if (onFeature) return err(onFeature);
  return ok([{ type: 'PairingFixed', data: { round, swap: [a, b] } }]);
}

/**
 * The tournament as players and the public may see it: a held round (always the newest, since
 * the next is paired only after it ends) left out. Every read that is not staff's goes through it.
 */
export function playersView(t: Tournament): Tournament {
  const last = t.rounds[t.rounds.length - 1];
  return last?.held ? { ...t, rounds: t.rounds.slice(0, -1) } : t;
}
