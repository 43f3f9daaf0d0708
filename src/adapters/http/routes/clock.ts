import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PENALTY_IDS } from '../../../core/policy/assess-types.js';
import { domainError } from '../../../core/tournament/domain-errors.js';
import type { Tournament, TournamentState } from '../../../core/tournament/state.js';
import { EXTENSION_MINUTES, REASON } from '../../../core/tournament/limits.js';
import { intIn, boundedText } from '../request-schema.js';
import { domainHttpError } from '../tournaments/domain-status.js';
import { requireStaff } from '../auth/principal.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { latePlayers, lateReport } from '../../../app/projections/late-players.js';
import { minutesLate } from '../../../core/tournament/minutes-late.js';
import {
  eventData,
  playerId,
  roundOf,
  roundParams,
  sendWrite,
  tableParams,
  withVersion,
  writeAnswer,
} from './tournament-common.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { seenBy } from '../tournaments/audience-view.js';
import { M } from '../messages/tournaments.js';

/** When a round ends without extensions: each stage (and each day) may have its own round length; the round records it. */
export function roundEndsAt(r: { readonly seatTime: string; readonly roundMinutes: number }): string {
  return new Date(Date.parse(r.seatTime) + r.roundMinutes * 60_000).toISOString();
}

/**
 * The clock of a player's round as their own page draws it (issue 44: in the page's one
 * answer, not a second read after it): seat time, end, whether it started and ended, the server's time.
 */
export function playerClock(t: Tournament, round: number, now: Date) {
  const r = roundOf(t, round);
  return { seatTime: r.seatTime, endsAt: roundEndsAt(r), started: r.started, ended: r.ended, now: now.toISOString() };
}

/** The round clock as everyone sees it: seat time, the server's time, when the round ends, extensions per table. */
export function clockView(t: Tournament, round: number, now: Date) {
  const r = roundOf(t, round);
  return {
    round: r.number,
    seatTime: r.seatTime,
    now: now.toISOString(),
    roundMinutes: r.roundMinutes,
    endsAt: roundEndsAt(r),
    started: r.started,
    ended: r.ended,
    minutesSinceSeatTime: minutesLate(r.seatTime, now),
    extensions: r.matches
      .filter((m) => m.extensions.length > 0)
      .map((m) => ({ table: m.table, minutes: m.extensions.reduce((s, e) => s + e.minutes, 0) })),
  };
}

/** The round clock: seat marks, the list of late players with the proposed tardiness penalty, one-call confirmation, time extensions. */
export function clockRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/rounds/:round/clock',
    summary:
      "The round clock from the server's time; staff also get every player not seated with the tardiness penalty the guideline proposes now.",
    tags: ['clock'],
    access: 'public',
    params: roundParams,
    async handler({ params, principal, reply }) {
      const { tournament: all, version } = await gateway.read(params.tournamentId);
      const t = seenBy(principal, params.tournamentId, all);
      const now = context.clock();
      const view = clockView(t, params.round, now);
      const staff = isStaffOf(principal, params.tournamentId);
      return withVersion(
        reply,
        version,
        staff ? { ...view, late: latePlayers(t, roundOf(t, params.round), now) } : view,
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/tables/:table/seated',
    summary: 'Marks a player seated at the server time.',
    tags: ['clock'],
    access: { command: 'MarkSeated' },
    params: tableParams,
    body: z.strictObject({ player: playerId }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { round: params.round, table: params.table, player: body.player };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'MarkSeated', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/start',
    summary:
      'Starts a round whose pairings were posted first (`startLater`): tardiness counts from now, or from `seatTime`.',
    tags: ['clock'],
    access: { command: 'StartRound' },
    params: roundParams,
    body: z.strictObject({ seatTime: z.iso.datetime({ offset: true }).optional() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        round: params.round,
        ...(body.seatTime === undefined ? {} : { seatTime: new Date(body.seatTime).toISOString() }),
      };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'StartRound', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/seated',
    summary:
      'Marks seated, at the server time, everyone of the round not yet seated except the players in `except` (still missing).',
    tags: ['clock'],
    access: { command: 'MarkAllSeated' },
    params: roundParams,
    body: z.strictObject({ except: z.array(playerId).max(4096).default([]) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(
          params.tournamentId,
          requireStaff(principal),
          'MarkAllSeated',
          { round: params.round, except: body.except },
          write,
        ),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/tables/:table/extensions',
    summary: 'Records a time extension for one table (e.g. after a long judge call).',
    tags: ['clock'],
    access: { command: 'ExtendTime' },
    params: tableParams,
    body: z.strictObject({
      minutes: intIn(EXTENSION_MINUTES),
      reason: boundedText(REASON, 'optional-blank').optional(),
    }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        round: params.round,
        table: params.table,
        minutes: body.minutes,
        ...(body.reason ? { reason: body.reason } : {}),
      };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'ExtendTime', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/late/:playerId/confirm',
    summary:
      "Confirms the proposed tardiness penalty for a player not seated, in one call: the delay is the server clock's. One lateness gets one penalty: when one was issued, a heavier proposal replaces it (same penalty id) and anything else is refused (422 lateness-already-penalized). With `expectedPenalty` (what the judge saw), a threshold crossed meanwhile answers 409 proposal-changed.",
    tags: ['clock'],
    access: { command: 'IssuePenalty' },
    params: roundParams.extend({ playerId }),
    body: z.strictObject({ expectedPenalty: z.enum(PENALTY_IDS).optional() }),
    response: writeAnswer.extend({ penalty: z.unknown() }),
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      // The delay is read off the state and the clock when the write is decided; a retry with
      // the same key is recognised by the request (player, round, expected penalty) and answers
      // the first confirmation, though the player is no longer late by then.
      const data = (t: TournamentState) => {
        if (t.status === 'none') throw domainHttpError(domainError('tournament-not-found'));
        const late = latePlayers(t, roundOf(t, params.round), context.clock()).find(
          (l) => l.player === params.playerId,
        );
        if (!late) {
          throw new HttpError(422, 'not-late', M.text('not-late', { player: params.playerId, round: params.round }));
        }
        if (body.expectedPenalty !== undefined && body.expectedPenalty !== late.penalty) {
          throw new HttpError(
            409,
            'proposal-changed',
            M.text('proposal-changed', {
              penalty: late.penalty,
              minutesLate: late.minutesLate,
              expected: body.expectedPenalty,
            }),
          );
        }
        return {
          player: params.playerId,
          report: lateReport(t, late.minutesLate),
          choice: { kind: 'guideline' as const },
          round: params.round,
        };
      };
      // A lateness already penalized is raised in place (same penalty id), not issued again.
      const request = {
        confirmLate: { round: params.round, player: params.playerId, expectedPenalty: body.expectedPenalty ?? null },
      };
      const answer = await gateway.writeFromState(params.tournamentId, staff, 'IssuePenalty', data, request, write);
      return sendWrite(
        reply,
        answer,
        { penalty: eventData(answer, 'PenaltyIssued') ?? eventData(answer, 'TardinessRaised') ?? null },
        201,
      );
    },
  });
}
