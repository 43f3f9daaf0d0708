import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { standingsAfter } from '../../../app/projections/standings-view.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { PreparedAnswer, sendPrepared } from '../prepared-answer.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import { tournamentParams } from './tournament-common.js';

/** Standings (public), computed once per tournament version. */
export function standingsRoutes(app: FastifyInstance, context: ServerContext, views: ViewCache): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/standings',
    summary:
      'Swiss standings after a round (default: every round so far), with the final places once a top cut has been played or the tournament finished.',
    tags: ['standings'],
    access: 'public',
    params: tournamentParams,
    query: z.object({ round: z.coerce.number().int().min(0).max(100).optional() }),
    async handler({ params, query, request, reply }) {
      const { tournament: t, version } = await context.gateway.read(params.tournamentId);
      const round = Math.min(query.round ?? t.rounds.length, t.rounds.length);
      // The answer, serialized and compressed once per version: at 8,192 players it is 2 MB and
      // took longer to write out and compress than the standings took to count, for every phone that asked.
      const answer = views.view(params.tournamentId, `standings-answer/${round}`, version, t, (state) => {
        const rows = standingsAfter(state, round);
        const hasTopCut = state.rounds.some((r) => r.stage === 'top-cut');
        const final =
          state.status === 'finished' || hasTopCut
            ? views.view(params.tournamentId, 'final', version, state, finalPlaces)
            : null;
        return new PreparedAnswer({ afterRound: round, standings: rows, final, version });
      });
      return sendPrepared(request, reply, version, answer);
    },
  });
}
