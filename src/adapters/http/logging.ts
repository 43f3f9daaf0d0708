import type { FastifyInstance } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import { onOperationalNotice } from '../operational-notices.js';
import { isWarmUp } from './warm-up.js';

/*
 * The server's log: JSON lines through Fastify's logger (pino), at SHINPAN_LOG_LEVEL (default
 * info). One line per request (method, route pattern, status, milliseconds, request id), the
 * start and the stop, migrations applied, and a warning for every failure background work
 * retries later (operational-notices.ts). What is logged of a request is chosen here, never a
 * request as it came: the route's pattern, not its path (a player's code sits in some paths),
 * and no header or body. A credential logged by mistake anywhere is censored by its name.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** Field names a credential goes by, at any depth pino's redaction reaches (the object logged and one level in). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'oneTimePassword',
  'token',
  'apiToken',
  'authorization',
  'cookie',
  'set-cookie',
  'csrfToken',
  'code',
  'playerCode',
  'slipCode',
  'secret',
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.map((f) => `["${f}"]`),
  ...SECRET_FIELDS.map((f) => `*["${f}"]`),
  'req.headers',
  'res.headers',
  'body',
  '*.body',
];

/**
 * The server's logger, writing JSON lines to `destination` (stdout by default). Stdout is
 * written asynchronously: written line by line as they came, each a system call on the event
 * loop, the request log took a tenth of a server's CPU time at a YCSJ on PostgreSQL
 * (docs/performance.md). Lines logged while a write is under way go out together after it;
 * pino writes what is left when the process exits, so only a process killed (SIGKILL) or a
 * power cut can lose its last lines.
 */
export function serverLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // An error's stack and message, never the request it came with.
    serializers: { err: pino.stdSerializers.err },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** The line per request, once its answer is sent. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (isWarmUp(request)) return;
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}

/** Background work's notices into the log, until the returned function is called. */
export function logNotices(log: Logger): () => void {
  return onOperationalNotice((notice) => {
    const fields = {
      what: notice.what,
      ...notice.detail,
      ...(notice.error === undefined ? {} : { err: notice.error }),
    };
    if (notice.level === 'warn') log.warn(fields, notice.what);
    else log.info(fields, notice.what);
  });
}
