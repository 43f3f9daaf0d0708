import { percentile } from '../lib/pool.js';
import { staffTokens } from '../server/api-client.js';
import { row, single, type Row } from '../lib/report-table.js';
import type { Cluster } from './cluster.js';
import type { Samples } from './venue-http.js';

/* The figures both venue parts report the same way: health, memory, acknowledged writes. */

export const TARGETS = { healthP99Ms: 50 };

export interface Watched {
  readonly healthP50Ms: number;
  readonly healthP99Ms: number;
  readonly healthChecks: number;
  /** The checks made once a second on a new connection (no target: they wait in the kernel's queue behind other new connections). */
  readonly newConnectionP99Ms: number;
  readonly newConnectionChecks: number;
  /** Checks that failed before the timeout without an answer (refused or reset; not in the latencies). */
  readonly healthDown: number;
  /** Peak resident memory (VmHWM) per process, MB. */
  readonly peakMb: Readonly<Record<string, number>>;
  /** CPU time of the server processes together, and of the bench's own process (the clients), in s. */
  readonly serverCpuS: number;
  readonly clientCpuS: number;
}

/** The bench process's CPU time so far, in ms (its clients share the cores with the servers). */
export function clientCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** What was watched over a scenario; `clientCpuFrom` is clientCpuMs() at its start. */
export function watched(cluster: Cluster, samples: Samples, clientCpuFrom: number): Watched {
  const health = samples.of('health');
  const newConnection = samples.of('health, new connection');
  return {
    serverCpuS: cluster.cpuMs() / 1000,
    clientCpuS: (clientCpuMs() - clientCpuFrom) / 1000,
    healthP50Ms: percentile(health, 0.5),
    healthP99Ms: percentile(health, 0.99),
    healthChecks: health.length,
    newConnectionP99Ms: percentile(newConnection, 0.99),
    newConnectionChecks: newConnection.length,
    healthDown: samples.of('health down').length,
    peakMb: Object.fromEntries(cluster.peaks()),
  };
}

export function watchedRows(w: Watched): Row[] {
  const peaks = Object.entries(w.peakMb);
  return [
    row(
      '  /api/health p99 (checked every 100 ms on each process throughout, on a kept connection)',
      'ms',
      single(w.healthP99Ms),
      { max: TARGETS.healthP99Ms },
      `p50 ${w.healthP50Ms.toFixed(1)} ms, ${w.healthChecks} checks${w.healthDown ? `, ${w.healthDown} failed unanswered (refused or reset: a process killed, or its backlog full)` : ''}`,
    ),
    row(
      '  /api/health p99 on a new connection (once a second on each process)',
      'ms',
      single(w.newConnectionP99Ms),
      undefined,
      `${w.newConnectionChecks} checks; a new connection waits in the kernel's queue behind the others opened with it (Node accepts one per turn of its loop)`,
    ),
    row(
      '  peak memory (VmHWM), largest process',
      'MB',
      single(Math.max(...peaks.map(([, mb]) => mb))),
      undefined,
      peaks.map(([p, mb]) => `${p} ${mb.toFixed(0)} MB`).join(', '),
    ),
    row(
      '  CPU time of the server processes together',
      's',
      single(w.serverCpuS),
      undefined,
      `the bench's clients: ${w.clientCpuS.toFixed(0)} s`,
    ),
  ];
}

/** Server errors are bugs: each one counted (the request was sent again), the target none. */
export function errorRow(serverErrors: Readonly<Record<string, number>>): Row {
  const total = Object.values(serverErrors).reduce((sum, n) => sum + n, 0);
  return row(
    '  answers 5xx (each sent again with its key, as the outbox does)',
    '',
    single(total),
    { max: 0 },
    Object.entries(serverErrors)
      .map(([key, n]) => `${n}× ${key}`)
      .join(', '),
  );
}

export function lostRow(check: { found: number; events: number; writes: number; missing: readonly string[] }): Row {
  return row(
    '  acknowledged writes found in the log afterwards (every event each 2xx named)',
    '',
    single(check.events === 0 ? Number.NaN : check.found / check.events),
    { min: 1 },
    `${check.found} of ${check.events} events of ${check.writes} writes${check.missing.length ? `; missing: ${check.missing.join(', ')}` : ''}`,
  );
}

/** The organizer's first sign-in on a fresh database, then an API token of a desk account (organizer and scorekeeper). */
export async function deskToken(
  url: string,
  firstLogin: { username: string; password: string } | null,
): Promise<string> {
  if (!firstLogin) throw new Error('a fresh database must print the first organizer');
  const { desk } = await staffTokens(url, firstLogin, { desk: ['organizer', 'scorekeeper'] });
  return desk!;
}
