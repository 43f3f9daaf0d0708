import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib/results-file.js';

/*
 * The real server as an operator runs it: `node bin/shinpan.js serve` (the built dist/) on a
 * SQLite file, on loopback, in its own process, so its memory and CPU are its own.
 */

/** User and system CPU time of a process so far, in ms, from /proc (clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Builds dist/ with the project's build config; answers the compiler's complaint when it fails. */
export function buildServer(): string | null {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const built = spawnSync(npx, ['tsc', '-p', 'tsconfig.build.json'], { cwd: repoRoot, encoding: 'utf8' });
  if (built.status === 0) return null;
  return `npx tsc -p tsconfig.build.json failed: ${(built.stdout + built.stderr).split('\n').slice(0, 5).join(' | ')}`;
}

export interface RunningServer {
  readonly url: string;
  readonly pid: number;
  /** The one-time organizer credentials printed on a first start, else null. */
  readonly firstLogin: { readonly username: string; readonly password: string } | null;
  /** What the server wrote to stderr (its crash, if it crashed). */
  stderr(): string;
  /** Peak resident memory so far (VmHWM), in MB. */
  peakMb(): number;
  /** Resident memory now (VmRSS), in MB. */
  rssMb(): number;
  /** CPU time the process has used so far (user and system), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

const SECRET = 'bench-secret-0123456789abcdef';
/** The end of a server's stderr kept for a failure's message. */
const STDERR_KEPT = 4000;

/**
 * Node arguments for every server a part starts: those `npm start` gives it (a young generation
 * of 64 MB: see server.md), then SHINPAN_BENCH_SERVER_ARGS split at spaces, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
const SERVER_ARGS = [
  '--max-semi-space-size=64',
  ...(process.env.SHINPAN_BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
];

/** Starts `shinpan serve` on `db` and waits for its "listening" line; `nodeArgs` go to node (e.g. --cpu-prof to see what bounds it). */
export function startServer(
  db: string,
  nodeArgs: readonly string[] = SERVER_ARGS,
  env: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, join(repoRoot, 'bin', 'shinpan.js'), 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db],
    {
      cwd: repoRoot,
      env: { ...process.env, SHINPAN_SECRET: SECRET, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const fail = (why: string) => reject(new Error(`shinpan serve: ${why}\n${err}`));
    const timer = setTimeout(() => fail('no "listening" line within 60 s'), 60_000);
    // Only the tail is kept: the server logs a line per request, and a bench's client shares the
    // cores with it (keeping and scanning all of it cost the client more than the server's writes).
    child.stderr!.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-STDERR_KEPT);
    });
    const early = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      fail(`exited (${signal ?? `code ${code}`}) before listening`);
    };
    child.once('exit', early);
    const untilListening = (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /listening on (\S+)/.exec(out);
      // The credentials follow the listening line on a first start: wait for the end of the notice.
      const firstStart = /First start/.test(out);
      const password = /password \/ パスワード: (\S+)/.exec(out);
      if (!listening || (firstStart && !password)) return;
      clearTimeout(timer);
      child.off('exit', early);
      // From here on the request log is drained unread (a full pipe would stop the server).
      child.stdout!.off('data', untilListening);
      child.stdout!.resume();
      const status = (field: string) =>
        Number(
          /\d+/.exec(
            new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? '',
          )?.[0] ?? Number.NaN,
        ) / 1024;
      resolve({
        url: listening[1]!.replace('localhost', '127.0.0.1'),
        pid: child.pid!,
        firstLogin: password
          ? { username: /username \/ ユーザー名: (\S+)/.exec(out)?.[1] ?? 'organizer', password: password[1]! }
          : null,
        stderr: () => err,
        peakMb: () => status('VmHWM'),
        rssMb: () => status('VmRSS'),
        cpuMs: () => processCpuMs(child.pid!),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', untilListening);
  });
}
