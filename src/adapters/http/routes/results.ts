import { boundedText } from '../request-schema.js';
import { REASON } from '../../../core/tournament/limits.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireStaff } from '../auth/principal.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { duelWinners as duels, sendWrite, tableParams, writeAnswer } from './tournament-common.js';

/** Results: the first report of a match, and a correction with its reason. */
export function resultsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/tables/:table/result',
    summary: 'Reports a match\'s result: the winner of each duel played, in order ("draw" for a drawn duel).',
    tags: ['results'],
    access: { command: 'ReportResult' },
    params: tableParams,
    body: z.strictObject({ duels }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { round: params.round, table: params.table, duels: body.duels };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'ReportResult', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/rounds/:round/tables/:table/result',
    summary: 'Corrects a reported result; the reason is kept with the record (nothing is overwritten).',
    tags: ['results'],
    access: { command: 'CorrectResult' },
    params: tableParams,
    body: z.strictObject({ duels, reason: boundedText(REASON) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { round: params.round, table: params.table, duels: body.duels, reason: body.reason };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'CorrectResult', data, write),
      );
    },
  });
}
