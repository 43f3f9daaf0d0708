import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { packageRoot } from '../package-root.js';
import { M } from './messages/console-page.js';

/** Where the built console lives when it has been built (`web/dist`), else null. */
export function defaultWebRoot(): string | null {
  const root = join(packageRoot(), 'web', 'dist');
  return existsSync(join(root, 'index.html')) ? root : null;
}

/**
 * Serves the built console. Paths that are no file and not under /api or /assets get
 * index.html, so the console's own routes (/t/123/pairings) survive a reload. The build leaves
 * a `.br` and a `.gz` beside each text file (web/vite.config.ts); a client that accepts one
 * gets it as it is, with no compression work per request.
 */
export async function serveConsole(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
}

/** A path under /assets that is no built file: answered 404, never the HTML page (a stale page asking for an old chunk must fail loudly). */
export const isAssetPath = (url: string): boolean => url.startsWith('/assets/');

function cacheHeaders(reply: FastifyReply, path: string): void {
  // Vite names built assets by content hash: cache them for good; index.html, the service
  // worker and the manifest must always be checked again.
  reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

const notBuilt = M.text('not-built', { api: '<a href="/api/openapi.json">/api/openapi.json</a>' });

/** The page shown when the console has not been built yet: the API still works. */
export const NO_CONSOLE_PAGE = `<!doctype html>
<html lang="ja"><meta charset="utf-8"><title>shinpan 審判</title>
<body style="font-family:sans-serif;max-width:40em;margin:2em auto">
<h1>shinpan 審判</h1>
<p>${notBuilt.ja}</p>
<p>${notBuilt.en}</p>
</body></html>
`;
