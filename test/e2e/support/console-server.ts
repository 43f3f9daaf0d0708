import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServer, type OpenedServer, type OpenServerOptions } from '../../../src/adapters/http/open-server.js';

const root = new URL('../../../', import.meta.url).pathname;
export const webRoot = join(root, 'web', 'dist');

/** The newest modification time under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Builds the console unless web/dist is newer than every source file (`npm test` has just
 * built it). The build runs in its own process: inside vitest NODE_ENV is "test", which would
 * mix React's development and production builds.
 */
export function ensureConsoleBuilt(): void {
  let built = 0;
  try {
    built = statSync(join(webRoot, 'index.html')).mtimeMs;
  } catch {
    built = 0;
  }
  const sources = Math.max(newest(join(root, 'web', 'src')), statSync(join(root, 'web', 'index.html')).mtimeMs);
  if (built > sources) return;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', '--config', join(root, 'web', 'vite.config.ts'), '--logLevel', 'warn'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** The server's clock, moved by the test (seat times and tardiness count on it). */
export class TestClock {
  constructor(public now: Date) {}
  readonly read = (): Date => this.now;
  advanceMinutes(minutes: number): void {
    this.now = new Date(this.now.getTime() + minutes * 60_000);
  }
}

export interface ConsoleServer {
  readonly url: string;
  /** The plain-HTTP port's address beside HTTPS (`httpPort`), when asked for. */
  readonly plainUrl: string | null;
  readonly clock: TestClock;
  readonly firstLogin: { readonly username: string; readonly password: string };
  close(): Promise<void>;
}

/**
 * The real server (`shinpan serve` minus the CLI) over a fresh SQLite file, serving the built
 * console; `options` as `serve` would pass them (public URL, HTTPS, a plain port), or another
 * built console (a copy, when a test deploys a new build meanwhile).
 */
export async function startConsoleServer(
  options: Pick<OpenServerOptions, 'publicUrl' | 'tls' | 'httpPort' | 'webRoot'> = {},
): Promise<ConsoleServer> {
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-e2e-'));
  const clock = new TestClock(new Date());
  let opened: OpenedServer;
  try {
    opened = await openServer({
      database: { kind: 'sqlite', path: join(dir, 'e2e.db') },
      clock: clock.read,
      secret: 'e2e-secret-0123456789abcdef',
      webRoot: options.webRoot ?? webRoot,
      heartbeatMs: 10_000,
      ...options,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const { address: url, firstLogin, plainAddress } = await opened.listen({ port: 0, host: '127.0.0.1' });
  if (!firstLogin) throw new Error('a fresh database must create the first organizer');
  return {
    url,
    plainUrl: plainAddress,
    clock,
    firstLogin,
    async close() {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
