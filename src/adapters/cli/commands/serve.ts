import { networkInterfaces } from 'node:os';
import type { Command } from 'commander';
import { lanUrls } from '../../http/lan-addresses.js';
import { ConfigError, serverConfigFromEnv } from '../../http/config.js';
import { ScheduledBackups } from '../../store/backup/scheduled-backups.js';
import { loadTls } from '../../http/tls-load.js';
import { StoreOpenError } from '../../store/store-open-error.js';
import { logNotices, serverLogger } from '../../http/logging.js';
import { SHINPAN_VERSION } from '../../version.js';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import type { Io } from '../output.js';
import { serveMessages as M } from '../messages/serve.js';

interface ServeOptions {
  readonly port?: string;
  readonly host?: string;
  readonly db?: string;
  readonly tlsCert?: string;
  readonly tlsKey?: string;
  readonly tlsCa?: string;
  readonly httpRedirectPort?: string;
  readonly httpPort?: string;
}

/** `shinpan serve`: the API, live updates and the built console on one port, until SIGINT/SIGTERM. */
export function registerServe(program: Command, io: Io): void {
  program
    .command('serve')
    .description(
      'serve the API and the judge console (PORT, HOST, SHINPAN_DB, DATABASE_URL, SHINPAN_SECRET, SHINPAN_PUBLIC_URL, SHINPAN_TLS_*, SHINPAN_BACKUP_DIR, SHINPAN_LOG_LEVEL) / API とジャッジコンソールを起動',
    )
    .option('--port <port>', 'port to listen on (default PORT or 3000; 0 picks a free one)')
    .option('--host <host>', 'address to listen on (default HOST or 0.0.0.0)')
    .option(
      '--db <file-or-url>',
      'SQLite file or postgres:// URL (default DATABASE_URL, then SHINPAN_DB, then ./shinpan.db)',
    )
    .option('--tls-cert <file>', 'HTTPS: the certificate chain, PEM (default SHINPAN_TLS_CERT) / HTTPS の証明書')
    .option('--tls-key <file>', 'HTTPS: its private key, PEM (default SHINPAN_TLS_KEY) / 秘密鍵')
    .option(
      '--tls-ca <file>',
      'HTTPS: the CA certificate staff phones install, offered at /https (default SHINPAN_TLS_CA) / スタッフ端末に配布する CA 証明書',
    )
    .option(
      '--http-port <port>',
      'with HTTPS: also serve the console over plain HTTP on this port, for players (default SHINPAN_HTTP_PORT) / 選手用の HTTP ポート',
    )
    .option(
      '--http-redirect-port <port>',
      'with HTTPS: a plain-HTTP port that redirects to HTTPS (default SHINPAN_HTTP_REDIRECT_PORT) / HTTPS へ転送する HTTP ポート',
    )
    .action(async (options: ServeOptions) => {
      const lang = pickLang(undefined);
      let config: ReturnType<typeof serverConfigFromEnv>;
      let tls: ReturnType<typeof loadTls> | null;
      try {
        config = serverConfigFromEnv(process.env, options);
        tls = config.tls === null ? null : loadTls(config.tls, new Date());
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.message);
        throw error;
      }
      // Loaded here, not at the top: every other CLI command would otherwise load fastify for nothing.
      const [{ openServer }, { defaultWebRoot }, { firstLoginNotice }, { checkPortFree, PortUnavailableError }] =
        await Promise.all([
          import('../../http/open-server.js'),
          import('../../http/static-console.js'),
          import('../../http/first-start.js'),
          import('../../http/port-check.js'),
        ]);
      const unavailable = (error: unknown): never => {
        if (error instanceof PortUnavailableError) {
          const text = M.text(error.reason === 'in-use' ? 'port-in-use' : 'port-denied', {
            port: error.port,
            next: error.port === 65535 ? 3000 : error.port + 1,
          });
          throw new CliError(`${text.en} / ${text.ja}`);
        }
        throw error;
      };
      // Before the database is touched: a second `npm start` while one runs must write nothing.
      await checkPortFree(config.port, config.host).catch(unavailable);
      // Before the stores open, so that their migrations are logged.
      const log = serverLogger(config.logLevel);
      const stopNotices = logNotices(log);
      let opened: Awaited<ReturnType<typeof import('../../http/open-server.js').openServer>>;
      try {
        opened = await openServer({
          database: config.database,
          secret: config.secret,
          secureCookies: config.secureCookies,
          trustProxy: config.trustProxy,
          streamLimits: { perAddress: config.streamsPerAddress },
          publicUrl: config.publicUrl,
          tls,
          httpPort: config.httpPort,
          httpRedirectPort: config.httpRedirectPort,
          webRoot: defaultWebRoot(),
          logger: log,
          metricsToken: config.metricsToken,
          caches: config.caches,
          // The client is answered 500 with no detail; the operator reads what went wrong here.
          onInternalError: (error, where) =>
            io.stderr.write(
              `shinpan: internal error on ${where} / 内部エラー: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
            ),
        });
      } catch (error) {
        stopNotices();
        if (error instanceof StoreOpenError) throw new CliError(error.text[lang]);
        throw error;
      }
      let listening: Awaited<ReturnType<typeof opened.listen>>;
      try {
        listening = await opened.listen({ port: config.port, host: config.host });
      } catch (error) {
        await opened.close();
        stopNotices();
        return unavailable(error);
      }
      log.info(
        { version: SHINPAN_VERSION, address: listening.address, database: config.database.kind, node: process.version },
        'started',
      );
      const { address, firstLogin, plainAddress } = listening;
      const local = (a: string) => a.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
      const url = local(address);
      const where = config.database.kind === 'sqlite' ? config.database.path : 'PostgreSQL';
      // Phones cannot open localhost: name the addresses they can, on the venue network.
      const port = Number(new URL(address).port);
      const lan = lanUrls(config.host, port, networkInterfaces(), tls === null ? 'http' : 'https')
        .map((lanUrl) => `  ${M.say('en', 'lan')} / ${M.say('ja', 'lan')}: ${lanUrl}\n`)
        .join('');
      const plain =
        plainAddress === null
          ? ''
          : `  ${M.say('en', config.httpPort !== null ? 'plain-port' : 'redirect-port')} / ${M.say('ja', config.httpPort !== null ? 'plain-port' : 'redirect-port')}: ${local(plainAddress)}\n`;
      const publicLine =
        config.publicUrl === null
          ? ''
          : `  ${M.say('en', 'public-url')} / ${M.say('ja', 'public-url')}: ${config.publicUrl}\n`;
      // One write: a supervisor reading stdout sees the address and the first-login password together.
      io.stdout.write(
        `shinpan: listening on ${url} / ${url} で待ち受け中 (${where})\n${publicLine}${lan}${plain}${firstLogin ? `${firstLoginNotice(url, firstLogin)}\n` : ''}`,
      );
      // A supervisor that closed our stdout must not crash the server on its next log line.
      process.stdout.on('error', () => undefined);
      const backups =
        config.backups === undefined
          ? undefined
          : new ScheduledBackups(config.database, config.backups, (outcome) =>
              outcome.kind === 'written'
                ? log.info(
                    {
                      file: outcome.report.target,
                      tournaments: outcome.report.streams.length,
                      bytes: outcome.report.bytes,
                      ms: Math.round(outcome.report.ms),
                      removed: outcome.removed,
                    },
                    'backup written and verified',
                  )
                : log.warn({ file: outcome.file, err: outcome.error }, 'backup failed'),
            );
      backups?.start();
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          io.stdout.write('shinpan: stopping / 停止します\n');
          log.info('stopping');
          void Promise.resolve(backups?.stop())
            .then(() => opened.close())
            .then(() => {
              log.info('stopped');
              stopNotices();
            })
            .then(resolve, resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
