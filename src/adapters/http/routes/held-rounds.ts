import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireStaff } from '../auth/principal.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { eventData, playerId, roundParams, sendWrite, writeAnswer } from './tournament-common.js';

/** A round paired held (`hold: true` on POST …/rounds): staff fix its pairings, then publish it to the players. */
export function heldRoundsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/publish',
    summary:
      "Publishes a held round: players' pages, the wall display and the public pairings show it, and every open page is told on the live stream. Unless the round was paired with `startLater`, it starts too: the seat time is `seatTime` (not before now: 422 invalid-command), else the one named at pairing if it is still to come, else now (nobody can sit before the pairings are public, so lateness never counts from before the publish). A round that is not held is refused (422 round-not-held).",
    tags: ['rounds'],
    access: { command: 'PublishRound' },
    params: roundParams,
    body: z.strictObject({ seatTime: z.iso.datetime({ offset: true }).optional() }).optional(),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        round: params.round,
        ...(body?.seatTime === undefined ? {} : { seatTime: new Date(body.seatTime).toISOString() }),
      };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'PublishRound', data, write);
      return sendWrite(reply, answer, { started: eventData(answer, 'RoundStarted') ?? null });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/swap',
    summary:
      'Fixes a held Swiss round before it is published: the two players change places (tables, seats, or the bye). Refused once published (422 round-not-held), for two players at one table or a player not in the round (400).',
    tags: ['rounds'],
    access: { command: 'FixPairing' },
    params: roundParams,
    body: z.strictObject({ players: z.tuple([playerId, playerId]) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { round: params.round, swap: body.players };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'FixPairing', data, write),
      );
    },
  });
}
