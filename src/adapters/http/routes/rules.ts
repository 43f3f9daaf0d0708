import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assess } from '../../../core/policy/assess.js';
import { PHASES } from '../../../core/policy/assess-types.js';
import { loadDefaultPack } from '../../policy/pack-file.js';
import { invalidReport } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { tournamentParams, withVersion } from './tournament-common.js';

/** The rules as data: the shipped policy pack, a tournament's own pack, and a stateless assessment. */
export function rulesRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/policy',
    summary:
      "The shipped policy pack (the seed's rules): penalties, infractions with their facts and questions in Japanese and English, timing, settings.",
    tags: ['rules'],
    access: 'public',
    async handler() {
      return { pack: loadDefaultPack() };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/policy',
    summary: 'The policy pack recorded with the tournament: what a console shows when a judge reports an infraction.',
    tags: ['rules'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await context.gateway.read(params.tournamentId);
      return withVersion(reply, version, { pack: t.pack.content });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/assess',
    summary:
      'The guideline decision for one report under the shipped pack, outside any tournament (what `shinpan assess` does); `previous` lists the infraction ids the player already received.',
    tags: ['rules'],
    access: 'public',
    body: z.strictObject({
      infraction: z.string().min(1).max(64),
      facts: z.record(z.string(), z.union([z.number(), z.boolean()])).optional(),
      phase: z.enum(PHASES),
      matchAlreadyLost: z.boolean().optional(),
      previous: z.array(z.string().max(64)).max(100).optional(),
    }),
    async handler({ body }) {
      const decided = assess(body, loadDefaultPack());
      if (!decided.ok) throw invalidReport(decided.error);
      return { decision: decided.value };
    },
  });
}
