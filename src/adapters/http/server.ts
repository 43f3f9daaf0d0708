import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { IdempotencyKeyReuseError, VersionConflictError, type EventStore } from '../../app/event-store.js';
import type { TournamentService } from '../../app/tournament-service.js';
import type { AccountStore } from '../accounts/account-store.js';
import { HashGate } from './auth/hash-gate.js';
import { PUBLIC, resolvePrincipal } from './auth/principal.js';
import { cachesFromEnv, type TrustProxy } from './config.js';
import { HttpError, idempotencyKeyReused, versionConflict } from './errors.js';
import type {} from './fastify-types.js';
import { LateTicker } from './live/late-ticker.js';
import { UnconfirmedTicker } from './live/unconfirmed-ticker.js';
import { LiveFeed } from './live/live-feed.js';
import { LiveHub } from './live/live-hub.js';
import { DEFAULT_STREAM_LIMITS, StreamGuard, type StreamLimits } from './live/stream-guard.js';
import { PublicPace } from './public-pace.js';
import { isWarmUp } from './warm-up.js';
import { LoopTurns, waitsForTurn } from './loop-turns.js';
import { securityHeaders } from './security-headers.js';
import { openApiInfo } from './openapi.js';
import { accountRoutes } from './routes/accounts.js';
import { webhookRoutes, type WebhookServices } from './routes/webhooks.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { logRequests } from './logging.js';
import { ServerMetrics } from './metrics.js';
import { venueRoutes } from './routes/venue.js';
import { VenueNetwork } from './venue-network.js';
import type { ServerContext } from './server-context.js';
import { tournamentRoutes } from './routes/tournament-routes.js';
import { TournamentGateway } from './tournaments/tournament-gateway.js';
import { SeriesService } from '../../app/series-service.js';
import { seriesRoutes } from './routes/series.js';
import { RECENT_VIEW_MS } from './tournaments/view-cache.js';
import { isAssetPath, NO_CONSOLE_PAGE, serveConsole } from './static-console.js';
import { compressAnswers } from './compression.js';
import { DEFAULT_BODY_BYTES, parseJsonBodies } from './json-body.js';
import { M } from './messages/errors.js';
import type { Text } from '../../core/text.js';

export interface ServerDeps {
  readonly accounts: AccountStore;
  /** The server's only clock (sessions, seat times, tardiness); tests pass their own. */
  readonly clock?: () => Date;
  readonly newId?: () => string;
  /** Signs player record codes (see resolveSecret). */
  readonly secret: string;
  readonly secureCookies?: boolean;
  readonly trustProxy?: TrustProxy;
  readonly streamLimits?: Partial<StreamLimits>;
  readonly timeouts?: Partial<ServerTimeouts>;
  /** The built console (web/dist), or null to serve only the API. */
  readonly webRoot?: string | null;
  /** The server's logger (logging.ts); none by default (tests). */
  readonly logger?: FastifyBaseLogger | false;
  /** Told of every error answered 500 (`where`: method and path), so the operator sees what the client was spared. */
  readonly onInternalError?: (error: unknown, where: string) => void;
  readonly service: TournamentService;
  /** The event store under the service (listing tournaments, resuming a live stream). */
  readonly store: EventStore;
  readonly heartbeatMs?: number;
  /** How long a public view of the current round is answered after it was made (RECENT_VIEW_MS); 0: every version's own. */
  readonly recentViewMs?: number;
  /** Big answers to the public wait while the process is loaded (public-pace.ts); tests pass their own. */
  readonly publicPace?: PublicPace;
  /** The webhook endpoints and the dispatcher sending their deliveries (absent: no webhook routes). */
  readonly webhooks?: WebhookServices;
  /** The metrics the store was measured with (metrics.ts); a registry of its own otherwise. */
  readonly metrics?: ServerMetrics;
  /** SHINPAN_METRICS_TOKEN: GET /metrics answers only with it; 404 without. */
  readonly metricsToken?: string | undefined;
  /** The addresses phones reach the server at, and the CA certificate offered to staff phones. */
  readonly venue?: VenueNetwork;
  /** HTTPS from the server itself: the certificate chain and its key (PEM). */
  readonly https?: { readonly cert: Buffer; readonly key: Buffer };
  /** False: every cache and pacing of this layer off (docs/concurrency.md); by default as SHINPAN_NO_CACHES says. */
  readonly caches?: boolean;
}

/** How long a client may take, in milliseconds: a connection that sends nothing, or trickles, is closed. */
export interface ServerTimeouts {
  /** To send the request line and headers after connecting (or after the previous answer). */
  readonly headersMs: number;
  /** To send the whole request, body included. */
  readonly requestMs: number;
  /** An idle kept-alive connection between requests. */
  readonly keepAliveMs: number;
  /** How often Node looks for connections past the first two. */
  readonly checkMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkMs: 1_000,
};

const FASTIFY_CODES: Readonly<Record<string, { code: string; text: Text }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported-media-type', text: M.text('unsupported-media-type') },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid-json', text: M.text('empty-json') },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid-json', text: M.text('invalid-json') },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid-request', text: M.text('bad-content-length') },
  FST_ERR_BAD_URL: { code: 'bad-url', text: M.text('bad-url') },
};

/** A request no route answers and the console page does not either: 404. */
function noRoute(request: FastifyRequest): boolean {
  return (
    request.url.startsWith('/api/') ||
    request.url === '/api' ||
    isAssetPath(request.url) ||
    (request.method !== 'GET' && request.method !== 'HEAD')
  );
}

/** Turns anything a handler or hook threw into the error JSON. */
function toHttpError(error: unknown, request?: FastifyRequest): HttpError | null {
  if (error instanceof HttpError) return error;
  if ((error as Partial<FastifyError>).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const bytes = request?.routeOptions.bodyLimit ?? DEFAULT_BODY_BYTES;
    return new HttpError(413, 'body-too-large', M.text('body-too-large', { bytes }), 'body');
  }
  if (error instanceof VersionConflictError) return versionConflict(error.expectedVersion, error.actualVersion);
  if (error instanceof IdempotencyKeyReuseError) return idempotencyKeyReused(error.idempotencyKey);
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known)
    return new HttpError(
      fastifyError.statusCode ?? 400,
      known.code,
      known.text,
      known.code === 'bad-url' ? 'url' : 'body',
    );
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const message = fastifyError.message ?? 'Bad request';
    return new HttpError(fastifyError.statusCode, 'invalid-request', M.text('bad-request', { message }));
  }
  return null;
}

/**
 * Builds the HTTP server: the JSON API under /api, its OpenAPI document, live updates, and
 * the built console for every other path. It opens nothing itself; the caller passes the
 * stores, so tests build it over real stores on a temp file or schema.
 */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const trustProxy = deps.trustProxy ?? false;
  const app = Fastify({
    ...(deps.https ? { https: { cert: deps.https.cert, key: deps.https.key } } : {}),
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // One line per request of our own (logging.ts) instead of Fastify's two with the raw URL.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count as a function: the first `n` hops from the socket are proxies, so the client
    // is the address the outermost proxy saw, never what the client wrote into the header.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy === false
          ? false
          : [...trustProxy],
    bodyLimit: DEFAULT_BODY_BYTES,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkMs },
    // A URL Fastify cannot decode answers in the project's error shape, like every other error.
    frameworkErrors: (error, request, reply) => {
      const known = toHttpError(error, request);
      const answer = known ?? new HttpError(400, 'invalid-request', M.text('unreadable'));
      // The reply's generic types know no schema here; it is a plain JSON answer.
      const plain = reply as unknown as {
        code(status: number): { header(name: string, value: string): { send(body: unknown): unknown } };
      };
      void plain.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body());
    },
    // With `https` Fastify types the server as an https.Server; everything here uses the common parts.
  }) as unknown as FastifyInstance;
  const hub = new LiveHub(deps.heartbeatMs);
  const metrics = deps.metrics ?? new ServerMetrics();
  metrics.watchStreams(hub);
  let closing = false;
  const clock = deps.clock ?? (() => new Date());
  const caches = deps.caches ?? cachesFromEnv(process.env);
  const gateway = new TournamentGateway(deps.service, deps.store, clock, caches);
  const ticker = new LateTicker(hub, gateway, clock);
  const unconfirmed = new UnconfirmedTicker(hub, gateway, clock);
  // Every process's writes reach this process's live streams (PostgreSQL NOTIFY, SQLite's poll).
  const feed = new LiveFeed(
    hub,
    deps.store,
    (tournamentId) => gateway.forget(tournamentId),
    (tournamentId) => unconfirmed.changed(tournamentId),
  );
  gateway.publishTo(feed);
  const context: ServerContext = {
    accounts: deps.accounts,
    hub,
    gateway,
    clock,
    newId: deps.newId ?? randomUUID,
    secret: deps.secret,
    secureCookies: deps.secureCookies ?? false,
    hashes: new HashGate(),
    streams: new StreamGuard(deps.accounts, clock, { ...DEFAULT_STREAM_LIMITS, ...deps.streamLimits }),
    recentViewMs: deps.recentViewMs ?? RECENT_VIEW_MS,
    caches,
    series: new SeriesService(deps.store, deps.service),
    ready: () => (closing ? Promise.resolve('closing') : storeAnswers(deps.store)),
  };

  // The zod schemas validate inside each route (see route.ts); Fastify keeps them only for the
  // OpenAPI document, and answers are plain JSON.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Only JSON bodies: a cross-site form cannot send one without a CORS preflight we never grant.
  app.removeContentTypeParser('text/plain');
  parseJsonBodies(app);

  // Fastify 5 refuses shared object defaults on requests: start at null, the hook sets it first.
  app.decorateRequest('principal');
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, { openapi: openApiInfo() });
  await compressAnswers(app);

  const turns = new LoopTurns();
  metrics.watchTurns(turns);
  app.addHook('onRequest', async (request, reply) => {
    request.principal = PUBLIC;
    if (waitsForTurn(request.url)) await turns.enter();
    // A request for no route is answered before its body is read: nobody's body is parsed for nothing.
    if (request.is404 && noRoute(request)) {
      const route = `${request.method} ${request.url.split('?')[0]}`;
      throw new HttpError(404, 'not-found', M.text('no-route', { route }));
    }
    if (!request.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    request.principal = await resolvePrincipal(request, context.accounts, context.clock());
  });
  const headers = securityHeaders(context.secureCookies);
  app.addHook('onSend', async (_request, reply, payload) => {
    // A route may send a stricter policy of its own (the printable incident report allows exactly its one style).
    for (const [name, value] of headers)
      if (name !== 'content-security-policy' || !reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
  const pace = deps.publicPace ?? (caches ? new PublicPace() : null);
  if (pace !== null)
    app.addHook('onSend', async (request, _reply, payload) => {
      // The warm-up's reads are the server's own, before the port opens: nobody to go first for.
      if (!isWarmUp(request)) await pace.before(request.principal, payload);
      return payload;
    });

  if (deps.logger) logRequests(app);
  metrics.register(app, deps.metricsToken);
  app.setErrorHandler(async (error, request, reply) => {
    const known = toHttpError(error, request);
    if (!known) {
      request.log.error(error);
      deps.onInternalError?.(error, `${request.method} ${request.url.split('?')[0]}`);
      return reply.code(500).send(new HttpError(500, 'internal', M.text('internal')).body());
    }
    metrics.refused(known.code, known.statusCode);
    for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
    return reply.code(known.statusCode).send(known.body());
  });

  const webRoot = deps.webRoot ?? null;
  app.setNotFoundHandler(async (request, reply) => {
    if (noRoute(request)) {
      const route = `${request.method} ${request.url.split('?')[0]}`;
      return reply.code(404).send(new HttpError(404, 'not-found', M.text('no-route', { route })).body());
    }
    if (webRoot) return reply.type('text/html').sendFile('index.html', webRoot);
    return reply.type('text/html; charset=utf-8').send(NO_CONSOLE_PAGE);
  });
  if (webRoot) await serveConsole(app, webRoot);

  healthRoutes(app, context);
  venueRoutes(app, deps.venue ?? new VenueNetwork());
  authRoutes(app, context);
  accountRoutes(app, context);
  tournamentRoutes(app, context);
  seriesRoutes(app, context);
  if (deps.webhooks) webhookRoutes(app, context, deps.webhooks);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Before the listener closes: open event streams would otherwise keep close() waiting forever.
  app.addHook('preClose', async () => {
    closing = true;
    pace?.close();
    ticker.close();
    unconfirmed.close();
    context.streams.close();
    feed.close();
    hub.close();
  });
  return app;
}

/** How long the readiness probe waits for the store before answering 503. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Null when the event store answers a query on a table the last migration made (the list's
 * summaries: one primary-key look-up), else why not. The server only starts once the stores
 * are open and migrated, so this is "the database still answers".
 */
async function storeAnswers(store: EventStore): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([store.readSummaries(['-']).then(() => null), late]);
  } catch (error) {
    return `the database answered with an error: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}
