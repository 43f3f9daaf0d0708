import type {} from '@fastify/cookie';
import type { Principal } from './auth/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the server's onRequest hook for every request. */
    principal: Principal;
  }
}
