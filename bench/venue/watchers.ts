import { Worker } from 'node:worker_threads';
import type { Cluster } from './cluster.js';
import { pause, send, within, type Deadline, type Request, type Samples } from './venue-http.js';

/*
 * What runs beside the load for the whole scenario: a load balancer's health check, the
 * processes' memory, and readers who follow the event. Each stops when told or at the deadline.
 */

/** Of the checks, every this many is also made on a new connection (once a second). */
const NEW_CONNECTION_EVERY = 10;
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
  /** Settles once a check of the process at `url` has passed: a balancer admits a process its checks found healthy. */
  passed(url: string): Promise<void>;
}

/*
 * The health checker runs in a worker thread: the bench's own thread is busy sending the load,
 * and a check timed there would count its delays as the server's. It is given the processes'
 * addresses as they change, and answers its latencies when told to stop.
 *
 * It checks as a load balancer that keeps its connection to each process (Envoy's default): one
 * kept connection per process, a check due while the last is unanswered waits for it (timed from
 * when it was due). Node accepts one new connection per turn of its loop (libuv 1.46: one
 * accept() per wake-up), so a check on a new connection opened while a hundred phones open
 * theirs (the check-ins opening, a restarted process admitted) waits in the kernel's queue behind
 * them, 100-300 ms, while the loop turns every few milliseconds (docs/performance.md). That is
 * a connection's wait, not the process's: once a second a check on a new connection is timed
 * apart ('health, new connection'), as a balancer that opens one per check would see it.
 */
const HEALTH_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { every, fresh, timeout } = workerData;
let urls = [];
const kept = new Map();
let healthy = [];
let newConnection = [];
let down = [];
const seen = new Set();
const inFlight = new Set();
function get(url, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url + '/api/health', { agent, signal: AbortSignal.timeout(timeout) }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
async function check(url, agent, into) {
  const started = performance.now();
  try {
    const status = await get(url, agent);
    into.push([performance.now() - started, status, Date.now(), url]);
    // Told at once, not with the second's checks: the bench admits the process on it.
    if (status === 200 && !seen.has(url)) {
      seen.add(url);
      parentPort.postMessage({ passed: [url] });
    }
  } catch {
    const ms = performance.now() - started;
    if (ms >= timeout) into.push([ms, 0, Date.now(), url]);
    else down.push(ms);
  }
}
function keptAgent(url) {
  let agent = kept.get(url);
  if (agent === undefined) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    kept.set(url, agent);
  }
  return agent;
}
// The checks so far go to the bench every second, so it has them even if the worker is ended.
function flush() {
  parentPort.postMessage({ healthy, newConnection, down });
  healthy = [];
  newConnection = [];
  down = [];
}
let checks = null;
let tick = 0;
const flushes = setInterval(flush, 1000);
function start(p) {
  inFlight.add(p);
  p.finally(() => inFlight.delete(p));
}
// A thread's first requests load and compile the HTTP client (tens of milliseconds, more with
// the load on the 2 cores), charged to whichever server they checked. A load balancer has been
// checking its processes long before the load comes: one check of each kind on each process,
// not timed, before the timed ones begin.
async function warm() {
  await Promise.all(urls.flatMap((url) => [get(url, keptAgent(url)), get(url, false)].map((p) => p.catch(() => undefined))));
  checks = setInterval(() => {
    tick += 1;
    for (const url of urls) {
      start(check(url, keptAgent(url), healthy));
      if (tick % fresh === 0) start(check(url, false, newConnection));
    }
  }, every);
  parentPort.postMessage({ ready: true });
}
parentPort.on('message', async (message) => {
  if (message.urls) {
    const first = urls.length === 0;
    urls = message.urls;
    for (const [url, agent] of kept) {
      if (urls.includes(url)) continue;
      agent.destroy();
      kept.delete(url);
    }
    if (first) warm();
  }
  if (message.stop) {
    if (checks !== null) clearInterval(checks);
    clearInterval(flushes);
    await Promise.all(inFlight);
    flush();
    for (const agent of kept.values()) agent.destroy();
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
    workerData: { every: HEALTH_EVERY_MS, fresh: NEW_CONNECTION_EVERY, timeout: HEALTH_TIMEOUT_MS },
  });
  let stopped = (): void => undefined;
  let warmed = (): void => undefined;
  const ready = new Promise<void>((resolve) => {
    warmed = resolve;
  });
  const passedUrls = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  type Check = [ms: number, status: number, endedAt: number, url: string];
  type Message = {
    healthy?: Check[];
    newConnection?: Check[];
    down?: number[];
    passed?: string[];
    stopped?: true;
    ready?: true;
  };
  const note = (kind: string, checks: Check[] | undefined, what: string) => {
    for (const [ms, status, endedAt, url] of checks ?? []) {
      samples.add(kind, ms, status);
      if (ms > SLOW_CHECK_MS)
        log?.(`slow ${what}: ${ms.toFixed(1)} ms, ended ${new Date(endedAt).toISOString()} on ${url}`);
    }
  };
  worker.on('message', (message: Message) => {
    if (message.ready) warmed();
    note('health', message.healthy, 'health check');
    note('health, new connection', message.newConnection, 'health check on a new connection');
    for (const ms of message.down ?? []) samples.add('health down', ms, 0);
    for (const url of message.passed ?? []) {
      passedUrls.add(url);
      for (const resolve of waiting.get(url) ?? []) resolve();
      waiting.delete(url);
    }
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
    passed(url) {
      if (passedUrls.has(url)) return Promise.resolve();
      const passing = new Promise<void>((resolve) => {
        waiting.set(url, [...(waiting.get(url) ?? []), resolve]);
      });
      // Bounded as `ready` is: a process the checker cannot reach is still admitted, its checks counted.
      return within(passing, 10_000).then(() => undefined);
    },
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
