import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { standingsAfterMaking } from '../../../app/projections/standings-view.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { PreparedAnswer, sendPrepared } from '../prepared-answer.js';
import { jsonWithItems, LineTexts } from '../tournaments/kept-json.js';
import type { Making } from '../../../core/making.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import type { EndedRoundViews } from '../tournaments/ended-round-views.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
import { findRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { tournamentParams } from './tournament-common.js';

/** Standings (public), computed once per tournament version. */
export function standingsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  views: ViewCache,
  ended: EndedRoundViews,
): void {
  // The lines of each standings answer kept by player: one result re-serializes the few lines it changed.
  const lines = new LineTexts();
  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/standings',
    summary:
      'Swiss standings after a round (default: every round so far), with the final places once a top cut has been played or the tournament finished.',
    tags: ['standings'],
    access: 'public',
    params: tournamentParams,
    query: z.object({ round: z.coerce.number().int().min(0).max(100).optional() }),
    async handler({ params, query, principal, request, reply }) {
      // Standings are everyone's, staff's too: a held round has no result yet and its bracket is not out (the views kept per version stay one).
      const { tournament: all, version } = await context.gateway.read(params.tournamentId);
      const t = playersView(all);
      const round = Math.min(query.round ?? t.rounds.length, t.rounds.length);
      const view = `${params.tournamentId}\u0000${round}`;
      // Made in pieces (app/in-turns.ts): counted, then the lines compared or written a few at a time.
      function* answerMaking(state: Tournament, at: number): Making<PreparedAnswer> {
        const rows = yield* standingsAfterMaking(state, round);
        const content = yield* lines.contentMaking(view, rows);
        const hasTopCut = state.rounds.some((r) => r.stage === 'top-cut');
        const final =
          state.status === 'finished' || hasTopCut
            ? views.view(params.tournamentId, 'final', at, state, finalPlaces)
            : null;
        return PreparedAnswer.fromBytes(
          jsonWithItems({ afterRound: round, standings: rows, final, version: at }, 'standings', content),
        );
      }
      // The public's standings after an ended round stay as made until an event reaches that
      // round or an earlier one (ended-round-views.ts); staff always get the current version,
      // whose ETag their writes send back.
      // With a top cut or at the finish the answer carries the final places, which later rounds change: made per version.
      const final = t.status === 'finished' || t.rounds.some((r) => r.stage === 'top-cut');
      if (findRound(t, round)?.ended && !final && !isStaffOf(principal, params.tournamentId)) {
        const stamp = await ended.standingsStamp(params.tournamentId, version, round);
        if (stamp !== undefined) {
          const kept = await ended.view(params.tournamentId, `standings/${round}`, stamp, version, (at) =>
            answerMaking(t, at),
          );
          return sendPrepared(request, reply, kept.version, kept.value);
        }
      }
      // The public's standings of the current round: made at most once a second while results
      // come in (view-cache.ts, RECENT_VIEW_MS), each read answered with the version it shows.
      if (!isStaffOf(principal, params.tournamentId)) {
        const recent = await views.recentInTurns(
          params.tournamentId,
          `standings-answer/${round}`,
          version,
          t,
          answerMaking,
        );
        return sendPrepared(request, reply, recent.version, recent.value);
      }
      // The answer, serialized and compressed once per version: at 8,192 players it is megabytes
      // and took longer to write out and compress than the standings took to count, for every phone that asked.
      const answer = await views.viewInTurns(params.tournamentId, `standings-answer/${round}`, version, t, (state) =>
        answerMaking(state, version),
      );
      return sendPrepared(request, reply, version, answer);
    },
  });
}
