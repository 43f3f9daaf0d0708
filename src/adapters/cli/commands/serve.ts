import type { Command } from 'commander';
import { ConfigError, serverConfigFromEnv } from '../../http/config.js';
import { StoreOpenError } from '../../store/store-open-error.js';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import type { Io } from '../output.js';

interface ServeOptions {
  readonly port?: string;
  readonly host?: string;
  readonly db?: string;
}

/** `shinpan serve`: the API, live updates and the built console on one port, until SIGINT/SIGTERM. */
export function registerServe(program: Command, io: Io): void {
  program
    .command('serve')
    .description(
      'serve the API and the judge console (PORT, HOST, SHINPAN_DB, DATABASE_URL, SHINPAN_SECRET) / API とジャッジコンソールを起動',
    )
    .option('--port <port>', 'port to listen on (default PORT or 3000; 0 picks a free one)')
    .option('--host <host>', 'address to listen on (default HOST or 0.0.0.0)')
    .option(
      '--db <file-or-url>',
      'SQLite file or postgres:// URL (default DATABASE_URL, then SHINPAN_DB, then ./shinpan.db)',
    )
    .action(async (options: ServeOptions) => {
      const lang = pickLang(undefined);
      let config: ReturnType<typeof serverConfigFromEnv>;
      try {
        config = serverConfigFromEnv(process.env, options);
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.message);
        throw error;
      }
      // Loaded here, not at the top: every other CLI command would otherwise load fastify for nothing.
      const [{ openServer }, { defaultWebRoot }, { firstLoginNotice }] = await Promise.all([
        import('../../http/open-server.js'),
        import('../../http/static-console.js'),
        import('../../http/first-start.js'),
      ]);
      let opened: Awaited<ReturnType<typeof import('../../http/open-server.js').openServer>>;
      try {
        opened = await openServer({
          database: config.database,
          secret: config.secret,
          secureCookies: config.secureCookies,
          trustProxy: config.trustProxy,
          streamLimits: { perAddress: config.streamsPerAddress },
          webRoot: defaultWebRoot(),
          // The client is answered 500 with no detail; the operator reads what went wrong here.
          onInternalError: (error, where) =>
            io.stderr.write(
              `shinpan: internal error on ${where} / 内部エラー: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
            ),
        });
      } catch (error) {
        if (error instanceof StoreOpenError) throw new CliError(error.text[lang]);
        throw error;
      }
      const address = await opened.app.listen({ port: config.port, host: config.host });
      const url = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
      const where = config.database.kind === 'sqlite' ? config.database.path : 'PostgreSQL';
      // One write: a supervisor reading stdout sees the address and the first-login password together.
      io.stdout.write(
        `shinpan: listening on ${url} / ${url} で待ち受け中 (${where})\n${opened.firstLogin ? `${firstLoginNotice(url, opened.firstLogin)}\n` : ''}`,
      );
      // A supervisor that closed our stdout must not crash the server on its next log line.
      process.stdout.on('error', () => undefined);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          io.stdout.write('shinpan: stopping / 停止します\n');
          void opened.close().then(resolve, resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
