import type { FastifyInstance } from 'fastify';
import { runTask } from '../worker-threads.js';
import { uploadsBusy } from './tournaments/csv-parser.js';
import type { ParsedBody } from './json-body-parse.js';

/*
 * Request bodies. Every route takes at most DEFAULT_BODY_BYTES (a decklist of 20,000 Japanese
 * characters fits); a route that needs more says so (`bodyLimit` in defineRoute), and its caller
 * is then authorised before a byte of the body is read (route.ts). A body past the default is
 * parsed in a worker thread, so a large or many-keyed body stalls no other request; one within
 * it is parsed on the loop, where it costs well under a millisecond. A request for no route is
 * answered 404 before its body is read (server.ts).
 */

/** The largest body of a route that names no larger one. */
export const DEFAULT_BODY_BYTES = 64 * 1024;
/** The largest body any route takes: a bulk registration of a big event (a 2 MB CSV) fits. */
export const LARGE_BODY_BYTES = 2 * 1024 * 1024;
/** A large body that takes longer than this to parse is refused. */
const PARSE_MS = 10_000;

class InvalidJson extends Error {
  readonly statusCode = 400;
  constructor(readonly code: string) {
    super('invalid JSON body');
  }
}

/** Replaces Fastify's JSON parser with one that parses a body past the default off the event loop. */
export function parseJsonBodies(app: FastifyInstance): void {
  const onLoop = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (Buffer.byteLength(text) <= DEFAULT_BODY_BYTES) return onLoop(request, text, done);
    runTask<string, ParsedBody>(import.meta.url, 'json-body-worker', text, PARSE_MS).then(
      (run) => {
        if (run.kind === 'done' && run.value.ok) return done(null, run.value.value);
        if (run.kind === 'busy') return done(uploadsBusy('body'), undefined);
        if (run.kind === 'failed') return done(new Error(`the JSON body worker failed: ${run.message}`), undefined);
        return done(new InvalidJson('FST_ERR_CTP_INVALID_JSON_BODY'), undefined);
      },
      (error: unknown) => done(error as Error, undefined),
    );
  });
}
