import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { featureTables, filmingConsent } from '../../../core/tournament/feature-tables.js';
import { MAX_FEATURE_TABLES } from '../../../core/tournament/limits.js';
import { findMatch, findPlayer } from '../../../core/tournament/state-queries.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { playerParams, roundOf, roundParams, sendWrite, withVersion, writeAnswer } from './tournament-common.js';

/*
 * Feature matches and the players' consent to being filmed (issue 43): staff record a player's
 * answer at the desk, and mark a round's feature tables; the core refuses a table with a player
 * who did not say yes (`filming-consent-missing`, naming the player and whether they declined
 * or were never asked).
 */

const consentAnswer = z.enum(['yes', 'no', 'not-asked']);

export function filmingRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/players/:playerId/filming',
    summary:
      "Records a player's (or a waiting entrant's) answer to being filmed for the stream, asked at the desk. Not asked counts as no. A no from a player at a feature table of a round not ended takes the table off the features in the same write.",
    tags: ['players', 'overlays'],
    access: { command: 'SetFilmingConsent' },
    params: playerParams,
    body: z.strictObject({ consent: z.boolean() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, write, reply, require }) {
      const data = { player: params.playerId, consent: body.consent };
      return sendWrite(
        reply,
        await gateway.write(
          params.tournamentId,
          require({ command: 'SetFilmingConsent' }),
          'SetFilmingConsent',
          data,
          write,
        ),
      );
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/rounds/:round/features',
    summary: `The round's feature tables (the whole list, at most ${MAX_FEATURE_TABLES}; empty takes them off). 422 \`filming-consent-missing\` for a table with a player who declined or was never asked.`,
    tags: ['rounds', 'overlays'],
    access: { command: 'MarkFeatureTables' },
    params: roundParams,
    body: z.strictObject({
      tables: z.array(z.number().int().min(1).max(100_000)).max(MAX_FEATURE_TABLES),
    }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, write, reply, require }) {
      const data = { round: params.round, tables: body.tables };
      return sendWrite(
        reply,
        await gateway.write(
          params.tournamentId,
          require({ command: 'MarkFeatureTables' }),
          'MarkFeatureTables',
          data,
          write,
        ),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/rounds/:round/features',
    summary:
      "The round's feature tables, each with its two players and their answer to being filmed (yes, no, not-asked). Staff only: a player's answer is theirs and the staff's.",
    tags: ['rounds', 'overlays'],
    access: 'staff:read',
    params: roundParams,
    response: z.object({
      round: z.number(),
      tables: z.array(
        z.object({
          table: z.number(),
          players: z.array(z.object({ id: z.string(), name: z.string(), filming: consentAnswer })),
        }),
      ),
      version: z.number(),
    }),
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const r = roundOf(t, params.round);
      const tables = featureTables(t, r.number).map((table) => ({
        table,
        players: (findMatch(r, table)?.players ?? []).map((id) => ({
          id,
          name: findPlayer(t, id)?.name ?? id,
          filming: filmingConsent(t, id),
        })),
      }));
      return withVersion(reply, version, { round: r.number, tables });
    },
  });
}
