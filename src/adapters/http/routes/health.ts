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
}
