import type { Cluster } from './cluster.js';
import type { Deadline } from './venue-http.js';

/* A process killed the hard way and started again on the same database, and its first read. */

export interface Restart {
  /** From the kill until the new process listened. */
  readonly startMs: number;
  /** Its first read (the log folded to answer it). */
  readonly firstReadMs: number;
  /** From the kill until the balancer sent it requests again (after its first read and a passing health check). */
  readonly windowMs: number;
  readonly killedAt: number;
  readonly admittedAt: number;
}

/**
 * kill -9, start again on the same database, time the first read, then back into the balancer
 * once its health check has passed (`passed`, the balancer's own check of the new process).
 */
export async function killAndRestart(
  cluster: Cluster,
  victim: number,
  readPath: string,
  deadline: Deadline,
  passed: (url: string) => Promise<void>,
): Promise<Restart> {
  const killedAt = performance.now();
  cluster.kill(victim);
  const server = await cluster.restart(victim);
  const upAt = performance.now();
  const attempt = deadline.request(120_000);
  try {
    const response = await fetch(server.url + readPath, { signal: attempt.signal });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`first read after the restart: HTTP ${response.status}`);
  } finally {
    attempt.done();
  }
  const readAt = performance.now();
  await passed(server.url);
  cluster.admit(victim);
  const admittedAt = performance.now();
  return {
    startMs: upAt - killedAt,
    firstReadMs: readAt - upAt,
    windowMs: admittedAt - killedAt,
    killedAt,
    admittedAt,
  };
}
