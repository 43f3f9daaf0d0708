import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { SHINPAN_VERSION } from '../../version.js';

/** Liveness for a load balancer or a judge wondering whether the server is up. */
export function healthRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness: the process answers; gives its clock (consoles show the round clock from it) and its release.',
    tags: ['server'],
    access: 'public',
    response: z.object({ ok: z.literal(true), time: z.string(), version: z.string() }),
    async handler() {
      return { ok: true, time: context.clock().toISOString(), version: SHINPAN_VERSION };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/ready',
    summary:
      'Readiness for a load balancer: 200 while the database answers (its migrations done, as the server starts only after them) and the server is not stopping; 503 with the reason otherwise.',
    tags: ['server'],
    access: 'public',
    response: z.object({ ready: z.boolean(), version: z.string(), reason: z.string().optional() }),
    async handler({ reply }) {
      const reason = await context.ready();
      if (reason === null) return { ready: true, version: SHINPAN_VERSION };
      reply.code(503);
      return { ready: false, version: SHINPAN_VERSION, reason };
    },
  });
}
