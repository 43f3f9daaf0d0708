import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

/** The document's head; every path comes from the routes' own zod schemas (see route.ts). */
export function openApiInfo(): Record<string, unknown> {
  const { version } = createRequire(import.meta.url)(join(packageRoot(), 'package.json')) as { version: string };
  return {
    openapi: '3.0.3',
    info: {
      title: 'shinpan API',
      version,
      description: [
        'Yu-Gi-Oh! OCG tournament software: tournaments, players, deck checks, rounds, results, penalties, appeals, standings.',
        'Errors answer `{ code, message, messageJa, path? }`. Writes take `Idempotency-Key` (a retry answers the first response and writes nothing)',
        'and `If-Match: <version>` (a stale version answers 409 `version-conflict`). Cookie-authenticated writes need `X-CSRF-Token`.',
      ].join(' '),
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'shinpan_session' },
        bearer: { type: 'http', scheme: 'bearer', description: 'An API token from POST /api/auth/tokens.' },
      },
    },
  };
}
