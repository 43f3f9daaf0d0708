import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { overlayView, type OverlayMatch, type OverlayRound } from '../../../app/projections/overlay-view.js';
import { OVERLAY_SCRIPT, OVERLAY_STYLE } from '../overlay/overlay-assets.js';
import { OVERLAY_DELAY_MAX, OVERLAY_KINDS, overlayPage } from '../overlay/overlay-page.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { cardsOf } from '../tournaments/deck-cards.js';
import { tournamentCheckRules } from '../tournaments/deck-report.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import { tournamentParams } from './tournament-common.js';

/*
 * The stream overlays (issue 43): pages for OBS browser sources under /overlay/…, public, and
 * the public view they draw from. The view is a whitelist (overlay-view.ts): names, readings,
 * records, duel scores, the clock and extensions of the feature tables, the standings' top
 * rows, and a registered list only once the organizer's publication shows it.
 */

const overlayQuery = z.strictObject({
  lang: z.enum(['ja', 'en']).default('ja'),
  delay: z.coerce
    .number()
    .int()
    .min(0)
    .max(OVERLAY_DELAY_MAX)
    .default(0)
    .meta({ description: `Seconds the overlay's data is held back to match a stream delay (0–${OVERLAY_DELAY_MAX}).` }),
  table: z.coerce.number().int().min(1).max(100_000).optional(),
});

export function overlayRoutes(app: FastifyInstance, context: ServerContext, views: ViewCache): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/overlay',
    summary:
      "What the stream overlays show, for the public: the newest public round with its feature tables (names, readings, the records the players came with, duels won, the table's extensions; a registered list only once the organizer's decklist publication shows it), that round again as `next` while it waits to start, the standings' top 16 after the last ended round, and the server's time.",
    tags: ['overlays'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      // Made at most about once a second while results come in, as the public standings are.
      const made = views.recent(params.tournamentId, 'overlay', version, t, overlayView);
      const view = made.value;
      const lists = [view.round, view.next].some((r) => r?.features.some((m) => m.players.some((p) => p.decklist)));
      const catalogue = lists ? (await tournamentCheckRules(t, context.accounts)).catalogue : null;
      const match = (m: OverlayMatch) => ({
        ...m,
        players: m.players.map((p) => ({
          ...p,
          decklist: p.decklist && catalogue ? cardsOf(p.decklist, catalogue) : null,
        })),
      });
      const round = (r: OverlayRound | null) => (r ? { ...r, features: r.features.map(match) } : null);
      reply.header('cache-control', 'no-store');
      return {
        ...view,
        round: round(view.round),
        next: round(view.next),
        timeZone: t.settings.timeZone ?? null,
        now: context.clock().toISOString(),
        version: made.version,
      };
    },
  });

  for (const kind of OVERLAY_KINDS)
    defineRoute(app, {
      method: 'GET',
      url: `/overlay/:tournamentId/${kind}`,
      summary: `The ${kind} overlay page for an OBS browser source (1920×1080, transparent): \`lang\` ja|en, \`delay\` 0–${OVERLAY_DELAY_MAX} seconds of stream delay${kind === 'feature' ? ', `table` the feature table (default: the round’s first)' : ''}. Public; it reads GET /api/tournaments/:t/overlay and follows the live stream.`,
      tags: ['overlays'],
      access: 'public',
      params: tournamentParams,
      query: overlayQuery,
      async handler({ params, query, reply }) {
        const { tournament: t } = await gateway.read(params.tournamentId);
        reply.type('text/html; charset=utf-8');
        reply.header('cache-control', 'no-store');
        return overlayPage({
          kind,
          tournamentId: params.tournamentId,
          tournamentName: t.settings.name,
          lang: query.lang,
          delaySeconds: query.delay,
          table: query.table ?? null,
          timeZone: t.settings.timeZone ?? null,
        });
      },
    });

  defineRoute(app, {
    method: 'GET',
    url: '/overlay/overlay.js',
    summary: "The overlay pages' script.",
    tags: ['overlays'],
    access: 'public',
    async handler({ reply }) {
      reply.type('text/javascript; charset=utf-8');
      return OVERLAY_SCRIPT;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/overlay/overlay.css',
    summary: "The overlay pages' style sheet.",
    tags: ['overlays'],
    access: 'public',
    async handler({ reply }) {
      reply.type('text/css; charset=utf-8');
      return OVERLAY_STYLE;
    },
  });
}
