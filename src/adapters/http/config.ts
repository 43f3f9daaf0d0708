import { isIP } from 'node:net';
import type { BackupSchedule } from '../store/backup/scheduled-backups.js';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from './logging.js';
import { withKeyRetention, type StoreConfig } from '../store/open-event-store.js';

/** The event store's own configuration type: the accounts tables live in the same database. */
export type DatabaseConfig = StoreConfig;

/**
 * The server is configured by environment only: the same build runs on a laptop with the
 * embedded SQLite file and behind a proxy with PostgreSQL.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  /** Signs player record codes; when absent one is generated on first start and kept in the database. */
  readonly secret: string | undefined;
  /** Mark cookies `Secure` (set when the server is reached over HTTPS through a proxy). */
  readonly secureCookies: boolean;
  /** Which reverse proxies to believe about the client address (it drives the sign-in and stream limits). */
  readonly trustProxy: TrustProxy;
  /** Live streams one client address may hold open at once. */
  readonly streamsPerAddress: number;
  /** Scheduled backups while serving (SHINPAN_BACKUP_DIR); none when unset. */
  readonly backups: BackupSchedule | undefined;
  /** SHINPAN_LOG_LEVEL (default info). */
  readonly logLevel: LogLevel;
  /** SHINPAN_METRICS_TOKEN: GET /metrics answers only with it (404 while unset). */
  readonly metricsToken: string | undefined;
  /** SHINPAN_PUBLIC_URL: the address phones use, for the links and QR codes the console prints. */
  readonly publicUrl: string | null;
  /** HTTPS from shinpan itself: the certificate and key files, and a CA certificate offered to staff phones. */
  readonly tls: TlsFiles | null;
  /** With HTTPS: a plain-HTTP port that redirects every request to the HTTPS address. */
  readonly httpRedirectPort: number | null;
  /** With HTTPS: a plain-HTTP port serving the same console and API (players' phones at a venue). */
  readonly httpPort: number | null;
  /** False with SHINPAN_NO_CACHES=1: every cache and pacing off, to bisect a defect (docs/concurrency.md). */
  readonly caches: boolean;
}

export interface TlsFiles {
  readonly certFile: string;
  readonly keyFile: string;
  readonly caFile: string | null;
}

/**
 * `false`: the socket's peer is the client. A number: that many proxy hops stand in front of
 * the server, and the client is the address the outermost of them saw (the entry that many
 * places from the right of X-Forwarded-For). A list: the proxies by address or CIDR range.
 * Never "believe every hop": the client writes the left end of X-Forwarded-For itself.
 */
export type TrustProxy = false | number | readonly string[];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_SQLITE_FILE = './shinpan.db';
/** Enough for a judge's phone, tablet and laptop and a few spectators sharing a NAT address; raise it when a venue's whole Wi-Fi reaches the server from one address. */
export const DEFAULT_STREAMS_PER_ADDRESS = 20;

function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new ConfigError(`${source}: expected a port number 0–65535, got "${value}"`);
  return port;
}

function flag(value: string | undefined, source: string): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`${source}: expected 1/true or 0/false, got "${value}"`);
}

function trustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  // `1`/`true` used to mean "trust X-Forwarded-For": one proxy in front is what that setup had.
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))
    ) {
      throw new ConfigError(
        `SHINPAN_TRUST_PROXY: expected 0, a number of proxy hops (e.g. 1), or proxy addresses / CIDR ranges separated by commas, got "${entry}"`,
      );
    }
  }
  return entries;
}

function positiveInteger(value: string | undefined, source: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,6}$/.test(value.trim()) || Number(value) < 1)
    throw new ConfigError(`${source}: expected a whole number ≥ 1, got "${value}"`);
  return Number(value);
}

/** Command-line options override the environment. */
export interface ConfigOverrides {
  readonly port?: string | undefined;
  readonly host?: string | undefined;
  readonly db?: string | undefined;
  readonly tlsCert?: string | undefined;
  readonly tlsKey?: string | undefined;
  readonly tlsCa?: string | undefined;
  readonly httpRedirectPort?: string | undefined;
  readonly httpPort?: string | undefined;
}

/**
 * Reads PORT, HOST, SHINPAN_DB, DATABASE_URL (wins over SHINPAN_DB), SHINPAN_SECRET,
 * SHINPAN_SECURE_COOKIES, SHINPAN_TRUST_PROXY, SHINPAN_STREAMS_PER_ADDRESS, SHINPAN_PUBLIC_URL,
 * SHINPAN_TLS_CERT, SHINPAN_TLS_KEY, SHINPAN_TLS_CA, SHINPAN_HTTP_REDIRECT_PORT, SHINPAN_HTTP_PORT,
 * SHINPAN_NO_CACHES.
 */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv, overrides: ConfigOverrides = {}): ServerConfig {
  const port =
    overrides.port !== undefined
      ? parsePort(overrides.port, '--port')
      : env.PORT
        ? parsePort(env.PORT, 'PORT')
        : DEFAULT_PORT;
  const host = overrides.host ?? (env.HOST || DEFAULT_HOST);
  const url = env.DATABASE_URL?.trim();
  let database: DatabaseConfig;
  if (overrides.db !== undefined) database = databaseFromOption(overrides.db);
  else if (url) database = databaseFromOption(url);
  else database = { kind: 'sqlite', path: env.SHINPAN_DB?.trim() || DEFAULT_SQLITE_FILE };
  // How long idempotency keys are kept is the store's setting (SHINPAN_IDEMPOTENCY_DAYS).
  database = withKeyRetention(database, env);
  const secret = env.SHINPAN_SECRET || undefined;
  if (secret !== undefined && secret.length < 16)
    throw new ConfigError('SHINPAN_SECRET: use at least 16 characters (e.g. `openssl rand -hex 32`)');
  const tls = tlsFiles(env, overrides);
  const optionalPort = (option: string | undefined, name: string, envName: string): number | null => {
    const value = option ?? (env[envName]?.trim() || undefined);
    if (value === undefined) return null;
    const source = option !== undefined ? name : envName;
    if (tls === null)
      throw new ConfigError(
        `${source}: needs HTTPS (--tls-cert and --tls-key, or SHINPAN_TLS_CERT and SHINPAN_TLS_KEY)`,
      );
    const plain = parsePort(value, source);
    if (plain === port || plain === 0)
      throw new ConfigError(`${source}: expected a port other than ${port} and 0, got "${value}"`);
    return plain;
  };
  const httpRedirectPort = optionalPort(
    overrides.httpRedirectPort,
    '--http-redirect-port',
    'SHINPAN_HTTP_REDIRECT_PORT',
  );
  const httpPort = optionalPort(overrides.httpPort, '--http-port', 'SHINPAN_HTTP_PORT');
  if (httpPort !== null && httpPort === httpRedirectPort)
    throw new ConfigError(`--http-port and --http-redirect-port: one port cannot do both (${httpPort})`);
  return {
    port,
    host,
    database,
    secret,
    publicUrl: publicUrl(env.SHINPAN_PUBLIC_URL),
    tls,
    httpRedirectPort,
    httpPort,
    // Over HTTPS a cookie is always Secure: a browser then never sends the session over plain HTTP.
    secureCookies: tls !== null || flag(env.SHINPAN_SECURE_COOKIES, 'SHINPAN_SECURE_COOKIES'),
    trustProxy: trustProxy(env.SHINPAN_TRUST_PROXY),
    streamsPerAddress: positiveInteger(
      env.SHINPAN_STREAMS_PER_ADDRESS,
      'SHINPAN_STREAMS_PER_ADDRESS',
      DEFAULT_STREAMS_PER_ADDRESS,
    ),
    backups: backupSchedule(env),
    logLevel: logLevel(env.SHINPAN_LOG_LEVEL),
    metricsToken: metricsToken(env.SHINPAN_METRICS_TOKEN),
    caches: cachesFromEnv(env),
  };
}

/**
 * SHINPAN_NO_CACHES=1 turns off, in one place, everything that answers or decides on something
 * other than the durable log as it is now, and the pacing of public answers, so that a defect
 * that goes away with it is known to live in one of them (docs/concurrency.md lists them).
 */
export function cachesFromEnv(env: NodeJS.ProcessEnv): boolean {
  return !flag(env.SHINPAN_NO_CACHES, 'SHINPAN_NO_CACHES');
}

function metricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < 16)
    throw new ConfigError('SHINPAN_METRICS_TOKEN: use at least 16 characters (e.g. `openssl rand -hex 32`)');
  return token;
}

function logLevel(value: string | undefined): LogLevel {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return DEFAULT_LOG_LEVEL;
  const level = LOG_LEVELS.find((l) => l === text);
  if (level === undefined)
    throw new ConfigError(`SHINPAN_LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}

export const DEFAULT_BACKUP_MINUTES = 15;
export const DEFAULT_BACKUPS_KEPT = 48;

/** SHINPAN_BACKUP_DIR, SHINPAN_BACKUP_MINUTES (default 15; fractions allowed; at most a day), SHINPAN_BACKUP_KEEP (default 48). */
function backupSchedule(env: NodeJS.ProcessEnv): BackupSchedule | undefined {
  const dir = env.SHINPAN_BACKUP_DIR?.trim();
  if (!dir) return undefined;
  const minutesText = env.SHINPAN_BACKUP_MINUTES?.trim();
  const minutes = minutesText ? Number(minutesText) : DEFAULT_BACKUP_MINUTES;
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440)
    throw new ConfigError(`SHINPAN_BACKUP_MINUTES: expected minutes above 0 and at most 1440, got "${minutesText}"`);
  const keep = positiveInteger(env.SHINPAN_BACKUP_KEEP, 'SHINPAN_BACKUP_KEEP', DEFAULT_BACKUPS_KEPT);
  return { dir, intervalMs: minutes * 60_000, keep };
}

/** The address phones use: http(s), a host, an optional port, nothing after it. */
function publicUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== ''
  )
    throw new ConfigError(
      `SHINPAN_PUBLIC_URL: expected an http:// or https:// address with no path, such as https://shinpan.example.jp or http://192.168.1.10:3000, got "${text}"`,
    );
  return url.origin;
}

/** Both files or neither; the CA certificate only with them. */
function tlsFiles(env: NodeJS.ProcessEnv, overrides: ConfigOverrides): TlsFiles | null {
  const certFile = overrides.tlsCert ?? (env.SHINPAN_TLS_CERT?.trim() || undefined);
  const keyFile = overrides.tlsKey ?? (env.SHINPAN_TLS_KEY?.trim() || undefined);
  const caFile = overrides.tlsCa ?? (env.SHINPAN_TLS_CA?.trim() || undefined);
  if (certFile === undefined && keyFile === undefined) {
    if (caFile !== undefined)
      throw new ConfigError('--tls-ca / SHINPAN_TLS_CA: offered only with HTTPS (give --tls-cert and --tls-key too)');
    return null;
  }
  if (certFile === undefined || keyFile === undefined)
    throw new ConfigError(
      `HTTPS needs both the certificate and its key: ${certFile === undefined ? '--tls-cert / SHINPAN_TLS_CERT' : '--tls-key / SHINPAN_TLS_KEY'} is missing`,
    );
  return { certFile, keyFile, caFile: caFile ?? null };
}

/** `--db` takes a PostgreSQL URL or a SQLite file path. */
export function databaseFromOption(value: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value };
  if (value.includes('://'))
    throw new ConfigError(`database: only postgres:// URLs or a SQLite file path are supported, got "${value}"`);
  return { kind: 'sqlite', path: value };
}
