import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

/*
 * Real `shinpan serve` processes for the tests that need more than one server on a database
 * (scale-out) or a crash (kill -9): each is its own OS process with its own connections and
 * memory, run from the sources through tsx.
 */

const root = new URL('../../../', import.meta.url).pathname;

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** The first organizer's one-time password, on a first start. */
  readonly password: string | undefined;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** What the process wrote to stdout so far (the start banner, the JSON log). */
  stdout(): string;
  /** SIGKILL: no shutdown, no flush. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Starts `shinpan serve --db <db>` on a loopback port (a free one unless `port` is given) and waits for its "listening" line. */
export function serveProcess(db: string, env: Record<string, string> = {}, port = 0): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/http/support/serve-main.ts',
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--db',
      db,
    ],
    {
      cwd: root,
      env: { ...process.env, SHINPAN_SECRET: 'scale-out-secret-0123456789', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const ended = (signal: NodeJS.Signals) => (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill(signal);
    });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`serve: no "listening" line within 60 s\n${err}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}${out}`));
    };
    child.once('exit', early);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/[\d.:]+)/.exec(out)?.[1];
      const firstStart = out.includes('First start');
      const password = /password \/ パスワード: (\S+)/.exec(out)?.[1];
      if (!url || (firstStart && !password)) return;
      clearTimeout(timer);
      child.off('exit', early);
      resolve({
        child,
        url,
        password,
        stderr: () => err,
        stdout: () => out,
        kill: ended('SIGKILL'),
        stop: ended('SIGTERM'),
      });
    });
  });
}

/** Kills every server process a test left running. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** A new empty PostgreSQL database next to the test database (the test role may create them); answers its URL and how to drop it. */
export async function freshDatabase(
  testUrl: string,
  name: string,
): Promise<{ readonly url: string; drop(): Promise<void> }> {
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: testUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
