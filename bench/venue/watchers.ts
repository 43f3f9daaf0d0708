import type { Cluster } from './cluster.js';
import { pause, send, type Deadline, type Request, type Samples } from './venue-http.js';

/*
 * What runs beside the load for the whole scenario: a load balancer's health check, the
 * processes' memory, and readers who follow the event. Each stops when told or at the deadline.
 */

/** Health checks at a fixed pace (not one after the other), so a server that stalls for 10 s shows 10 s of slow checks, not one. */
const HEALTH_EVERY_MS = 100;
/** A check unanswered this long counts as this long. */
const HEALTH_TIMEOUT_MS = 30_000;

export interface Watch {
  stop(): Promise<void>;
}

/**
 * Checks /api/health on every running process (admitted or not: a load balancer checks a
 * restarted process before sending it requests) every 100 ms; latencies under `health`.
 * A check refused because the process was just killed counts under `health down`.
 */
export function watchHealth(cluster: Cluster, deadline: Deadline, samples: Samples): Watch {
  const inFlight = new Set<Promise<void>>();
  const check = async (url: string) => {
    const started = performance.now();
    const attempt = deadline.request(HEALTH_TIMEOUT_MS);
    try {
      const response = await fetch(`${url}/api/health`, { signal: attempt.signal });
      await response.arrayBuffer();
      samples.add('health', performance.now() - started, response.status);
    } catch {
      if (deadline.passed) return;
      const ms = performance.now() - started;
      if (ms >= HEALTH_TIMEOUT_MS) samples.add('health', ms, 0);
      else samples.add('health down', ms, 0);
    } finally {
      attempt.done();
    }
  };
  const timer = setInterval(() => {
    if (deadline.passed) return;
    for (const server of cluster.running()) {
      const p = check(server.url).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }, HEALTH_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

/** Notes the processes' peak memory every 500 ms (a killed process's last note stands). */
export function watchMemory(cluster: Cluster): Watch {
  const timer = setInterval(() => cluster.sampleMemory(), 500);
  return {
    async stop() {
      clearInterval(timer);
      cluster.sampleMemory();
    },
  };
}

/**
 * `count` readers, each sending its next reads (`reads(reader)`, one after the other), then
 * waiting `thinkMs`, until stopped. Latencies under each request's kind.
 */
export function readers(
  count: number,
  thinkMs: number,
  cluster: Cluster,
  deadline: Deadline,
  samples: Samples,
  reads: (reader: number) => Promise<Request[]> | Request[],
): Watch {
  let running = true;
  const loops = Array.from({ length: count }, async (_, reader) => {
    // Spread over the first think time, as people do not all reload at the same instant.
    await pause((thinkMs * reader) / count);
    while (running && !deadline.passed) {
      try {
        for (const request of await reads(reader)) {
          if (!running) break;
          await send(cluster, deadline, samples, request);
        }
      } catch {
        // The deadline passed mid-read: the loop ends below.
      }
      await pause(thinkMs);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
