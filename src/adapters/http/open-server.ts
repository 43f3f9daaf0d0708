import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { TournamentService } from '../../app/tournament-service.js';
import { shippedCards } from '../deck/ocg-data.js';
import { loadDefaultPack } from '../policy/pack-file.js';
import { openEventStore } from '../store/open-event-store.js';
import { openAccountStore } from '../accounts/open-account-store.js';
import { cachesFromEnv, type DatabaseConfig, type TrustProxy } from './config.js';
import { ensureFirstOrganizer, resolveSecret } from './first-start.js';
import { portError } from './port-check.js';
import type { StreamLimits } from './live/stream-guard.js';
import type { PublicPace } from './public-pace.js';
import { buildServer, type ServerTimeouts } from './server.js';
import type { RetrySchedule } from '../../app/webhooks/retry-schedule.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { openWebhookStore } from '../webhooks/webhook-store.js';
import { ServerMetrics } from './metrics.js';
import { warmUp, type WarmedUp } from './warm-up.js';
import { VenueNetwork } from './venue-network.js';

export interface OpenServerOptions {
  readonly database: DatabaseConfig;
  readonly secret?: string | undefined;
  readonly clock?: () => Date;
  readonly secureCookies?: boolean;
  readonly trustProxy?: TrustProxy;
  readonly streamLimits?: Partial<StreamLimits>;
  readonly timeouts?: Partial<ServerTimeouts>;
  readonly webRoot?: string | null;
  readonly logger?: FastifyBaseLogger | false;
  readonly onInternalError?: (error: unknown, where: string) => void;
  readonly heartbeatMs?: number;
  readonly recentViewMs?: number;
  readonly publicPace?: PublicPace;
  /** The webhook dispatcher's retry schedule, clock and sweep (tests make them fast). */
  readonly webhookTiming?: {
    readonly schedule?: RetrySchedule;
    readonly now?: () => number;
    readonly sweepMs?: number;
  };
  readonly metricsToken?: string | undefined;
  /** SHINPAN_PUBLIC_URL: the address phones use in printed links and QR codes, and the links of Discord and LINE posts (by default the variable itself). */
  readonly publicUrl?: string | null;
  /** HTTPS from the server itself (certificate, key, and the CA certificate offered to staff phones). */
  readonly tls?: { readonly cert: Buffer; readonly key: Buffer; readonly caDer: Buffer | null } | null;
  /** With `tls`: a plain-HTTP port that redirects to the HTTPS address. */
  readonly httpRedirectPort?: number | null;
  /** With `tls`: a plain-HTTP port that serves the same console and API (players' phones at a venue). */
  readonly httpPort?: number | null;
  /** False: every cache and pacing off (docs/concurrency.md); by default as SHINPAN_NO_CACHES says. */
  readonly caches?: boolean;
}

export interface OpenedServer {
  readonly app: FastifyInstance;
  /**
   * Binds the port, then (only then) creates the first organizer on a database without
   * accounts: its one-time password is printed by a server that is surely running, never lost
   * to a start that failed. A port taken or refused throws PortUnavailableError.
   */
  listen(options: { readonly port: number; readonly host: string }): Promise<Listening>;
  /** Stops the server and closes both stores. */
  close(): Promise<void>;
  /** The webhook dispatcher (tests kick it after moving its clock). */
  readonly webhooks: WebhookDispatcher;
}

export interface Listening {
  readonly address: string;
  /** The plain-HTTP port's address (serving, or redirecting to HTTPS), when there is one. */
  readonly plainAddress: string | null;
  /** The first organizer's one-time credentials, when this start created them. */
  readonly firstLogin: { readonly username: string; readonly password: string } | null;
  /** The big open tournaments read before the port opened (warm-up.ts); null with the caches off. */
  readonly warmedUp: WarmedUp | null;
}

/** The composition root of the server: opens the event store and the accounts, wires the tournament service, builds the app. */
export async function openServer(options: OpenServerOptions): Promise<OpenedServer> {
  const clock = options.clock ?? (() => new Date());
  const caches = options.caches ?? cachesFromEnv(process.env);
  const store = await openEventStore(options.database);
  const accounts = await openAccountStore(options.database, { caches }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const webhookStore = await openWebhookStore(options.database).catch(async (error: unknown) => {
    await accounts.close();
    await store.close();
    throw error;
  });
  try {
    // Read before the port opens: the first tournament created read the card database and the
    // pack on the loop, in front of every request queued behind it (docs/performance.md).
    shippedCards();
    loadDefaultPack();
    const secret = await resolveSecret(accounts, options.secret);
    const metrics = new ServerMetrics();
    const measured = metrics.measure(store);
    const service = new TournamentService(measured, { caches });
    const publicUrl = options.publicUrl ?? (process.env.SHINPAN_PUBLIC_URL?.trim() || null);
    const dispatcher = new WebhookDispatcher({
      webhooks: webhookStore,
      events: store,
      load: (id) => service.load(id),
      ...options.webhookTiming,
      publicUrl,
      onError: (error) => options.onInternalError?.(error, 'webhooks'),
    });
    const tls = options.tls ?? null;
    const venue = new VenueNetwork(publicUrl, tls?.caDer ?? null);
    const app = await buildServer({
      caches,
      venue,
      ...(tls === null ? {} : { https: { cert: tls.cert, key: tls.key } }),
      accounts,
      store: measured,
      service,
      metrics,
      metricsToken: options.metricsToken,
      webhooks: { store: webhookStore, dispatcher, publicUrl },
      clock,
      secret,
      // Over HTTPS the session cookie is always Secure: a browser never sends it over plain HTTP.
      secureCookies: (options.secureCookies ?? false) || tls !== null,
      trustProxy: options.trustProxy ?? false,
      webRoot: options.webRoot ?? null,
      logger: options.logger ?? false,
      ...(options.onInternalError === undefined ? {} : { onInternalError: options.onInternalError }),
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
      ...(options.streamLimits === undefined ? {} : { streamLimits: options.streamLimits }),
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      ...(options.recentViewMs === undefined ? {} : { recentViewMs: options.recentViewMs }),
      ...(options.publicPace === undefined ? {} : { publicPace: options.publicPace }),
    });
    let plain: Server | null = null;
    return {
      app,
      webhooks: dispatcher,
      async listen({ port, host }) {
        // The big open tournaments' logs folded and views made before anyone can ask (warm-up.ts).
        const warmed = caches ? await warmUp(app, store) : null;
        if (warmed !== null && warmed.tournaments.length > 0) {
          const { tournaments, unanswered } = warmed;
          const fields = { tournaments, unanswered, ms: Math.round(warmed.ms) };
          if (unanswered.length > 0) app.log.warn(fields, 'warmed up, some reads unanswered');
          else app.log.info(fields, 'warmed up');
        }
        let address: string;
        try {
          address = await app.listen({ port, host });
        } catch (error) {
          throw portError(error, port) ?? error;
        }
        dispatcher.start();
        const bound = Number(new URL(address).port);
        const redirect = tls === null ? null : (options.httpRedirectPort ?? null);
        const serve = tls === null ? null : (options.httpPort ?? null);
        let plainAddress: string | null = null;
        let servedPlainPort: number | null = null;
        if (redirect !== null || serve !== null) {
          // The same app answers the plain port (app.routing is Fastify's whole request handler), or it redirects.
          plain = createServer(
            serve !== null ? (request, response) => app.routing(request, response) : redirectToHttps(bound),
          );
          const plainPort = (serve ?? redirect)!;
          await new Promise<void>((resolve, reject) => {
            plain!.once('error', (error) => reject(portError(error, plainPort) ?? error));
            plain!.listen(plainPort, host, () => resolve());
          });
          // Port 0 (tests) picks a free port: the one bound is the one to name.
          const plainBound = (plain.address() as AddressInfo).port;
          plainAddress = `http://${host.includes(':') ? `[${host}]` : host}:${plainBound}`;
          if (serve !== null) servedPlainPort = plainBound;
        }
        venue.listening(host, bound, tls !== null, servedPlainPort);
        return {
          address,
          plainAddress,
          firstLogin: await ensureFirstOrganizer(accounts, clock, () => crypto.randomUUID()),
          warmedUp: warmed,
        };
      },
      async close() {
        await dispatcher.stop();
        if (plain !== null) {
          const closing = plain;
          plain = null;
          closing.closeAllConnections();
          await new Promise<void>((resolve) => closing.close(() => resolve()));
        }
        await app.close();
        await webhookStore.close();
        await accounts.close();
        await store.close();
      },
    };
  } catch (error) {
    await webhookStore.close();
    await accounts.close();
    await store.close();
    throw error;
  }
}

/** A plain-HTTP handler sending every request to the same host and path on the HTTPS port. */
function redirectToHttps(httpsPort: number) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const host = (request.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const target = `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}${request.url ?? '/'}`;
    response.writeHead(308, { location: target, 'content-type': 'text/plain; charset=utf-8' });
    response.end(`${target}\n`);
  };
}
