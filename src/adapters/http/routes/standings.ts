import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { standingsAfter } from '../../../app/projections/standings-view.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import { tournamentParams, withVersion } from './tournament-common.js';

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
    async handler({ params, query, reply }) {
      const { tournament: t, version } = await context.gateway.read(params.tournamentId);
      const round = Math.min(query.round ?? t.rounds.length, t.rounds.length);
      const rows = views.view(params.tournamentId, `standings/${round}`, version, t, (state) =>
        standingsAfter(state, round),
      );
      const hasTopCut = t.rounds.some((r) => r.stage === 'top-cut');
      const final =
        t.status === 'finished' || hasTopCut ? views.view(params.tournamentId, 'final', version, t, finalPlaces) : null;
      return withVersion(reply, version, { afterRound: round, standings: rows, final });
    },
  });
}
