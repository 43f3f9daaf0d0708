import { Worker } from 'node:worker_threads';
import type { Cluster } from './cluster.js';
import { pause, send, within, type Deadline, type Request, type Samples } from './venue-http.js';

/*
 * What runs beside the load for the whole scenario: a load balancer's health check, the
 * processes' memory, and readers who follow the event. Each stops when told or at the deadline.
 */

/** Health checks at a fixed pace (not one after the other), so a server that stalls for 10 s shows 10 s of slow checks, not one. */
const HEALTH_EVERY_MS = 100;
/** A check slower than this is traced with --verbose (the target of the venue parts). */
const SLOW_CHECK_MS = 50;
/** A check unanswered this long counts as this long. */
const HEALTH_TIMEOUT_MS = 30_000;

/** The longest a reader's read in flight may hold up its stop (a request's own timeout, and some). */
const READERS_STOP_MS = 65_000;

export interface Watch {
  stop(): Promise<void>;
}

/** The health checks: timed from when `ready` settles (the checker's HTTP client warmed on each process first). */
export interface HealthWatch extends Watch {
  readonly ready: Promise<void>;
}

/*
 * The health checker runs in a worker thread: the bench's own thread is busy sending the load,
 * and a check timed there would count its delays as the server's. It is given the processes'
 * addresses as they change, and answers its latencies when told to stop.
 */
const HEALTH_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { every, timeout } = workerData;
let urls = [];
let healthy = [];
let down = [];
const inFlight = new Set();
async function check(url) {
  const started = performance.now();
  try {
    const response = await fetch(url + '/api/health', { signal: AbortSignal.timeout(timeout) });
    await response.arrayBuffer();
    healthy.push([performance.now() - started, response.status, Date.now(), url]);
  } catch {
    const ms = performance.now() - started;
    if (ms >= timeout) healthy.push([ms, 0, Date.now(), url]);
    else down.push(ms);
  }
}
// The checks so far go to the bench every second, so it has them even if the worker is ended.
function flush() {
  parentPort.postMessage({ healthy, down });
  healthy = [];
  down = [];
}
let checks = null;
const flushes = setInterval(flush, 1000);
// A worker's first fetch loads and compiles the HTTP client: 45-50 ms on an idle machine, and
// some 100-300 ms with the load on the 2 cores, charged to whichever server it checked. A load
// balancer has been checking its processes long before the load comes: one check of each
// process, not timed, before the timed ones begin.
async function warm() {
  await Promise.all(urls.map((url) => fetch(url + '/api/health').then((r) => r.arrayBuffer()).catch(() => undefined)));
  checks = setInterval(() => {
    for (const url of urls) {
      const p = check(url).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }, every);
  parentPort.postMessage({ ready: true });
}
parentPort.on('message', async (message) => {
  if (message.urls) {
    const first = urls.length === 0;
    urls = message.urls;
    if (first) warm();
  }
  if (message.stop) {
    if (checks !== null) clearInterval(checks);
    clearInterval(flushes);
    await Promise.all(inFlight);
    flush();
    parentPort.postMessage({ stopped: true });
  }
});
`;

/**
 * Checks /api/health on every running process (admitted or not: a load balancer checks a
 * restarted process before sending it requests) every 100 ms; latencies under `health`.
 * A check that fails unanswered before its timeout (refused or reset, e.g. its process just
 * killed) counts under `health down`, not in the latencies.
 */
export function watchHealth(
  cluster: Pick<Cluster, 'running'>,
  samples: Samples,
  /** With --verbose: each check slower than SLOW_CHECK_MS, when it ended and on which process, to place it beside the load's own lines. */
  log?: (line: string) => void,
): HealthWatch {
  const worker = new Worker(HEALTH_WORKER, {
    eval: true,
    workerData: { every: HEALTH_EVERY_MS, timeout: HEALTH_TIMEOUT_MS },
  });
  let stopped = (): void => undefined;
  let warmed = (): void => undefined;
  const ready = new Promise<void>((resolve) => {
    warmed = resolve;
  });
  type Message = { healthy?: [number, number, number, string][]; down?: number[]; stopped?: true; ready?: true };
  worker.on('message', (message: Message) => {
    if (message.ready) warmed();
    for (const [ms, status, endedAt, url] of message.healthy ?? []) {
      samples.add('health', ms, status);
      if (ms > SLOW_CHECK_MS)
        log?.(`slow health check: ${ms.toFixed(1)} ms, ended ${new Date(endedAt).toISOString()} on ${url}`);
    }
    for (const ms of message.down ?? []) samples.add('health down', ms, 0);
    if (message.stopped) stopped();
  });
  let known = '';
  const follow = () => {
    const urls = cluster.running().map((s) => s.url);
    if (urls.join(' ') === known) return;
    known = urls.join(' ');
    worker.postMessage({ urls });
  };
  follow();
  const timer = setInterval(follow, 50);
  return {
    // Bounded: a checker that cannot reach a process still lets the load begin.
    ready: within(ready, 10_000).then(() => undefined),
    async stop() {
      clearInterval(timer);
      const done = new Promise<void>((resolve) => {
        stopped = resolve;
      });
      worker.postMessage({ stop: true });
      // The checks in flight end within their timeout; past it, the worker is ended with what it sent.
      await within(done, HEALTH_TIMEOUT_MS + 5_000);
      await worker.terminate();
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
          await send(cluster, deadline, samples, { ...request, discard: true });
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
      // Each loop ends after its read in flight (bounded by the request timeout) and its pause.
      await within(Promise.all(loops), READERS_STOP_MS + thinkMs);
    },
  };
}
