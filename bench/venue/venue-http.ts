import { setMaxListeners } from 'node:events';
import { leanRequest } from './lean-client.js';
import type { Cluster } from './cluster.js';

/*
 * Requests as the venue's phones and staff consoles send them, through the balancer: a write
 * carries an idempotency key (as the console's outbox does), so one that got no answer (its
 * process killed, a connection dropped) is sent again with the same key until answered. Every
 * loop is bounded: each request by a timeout, every attempt by the scenario's deadline.
 */

/** How long one request may take before it counts as lost and is sent again. */
const REQUEST_TIMEOUT_MS = 60_000;
/** The pause before sending again after no answer. */
const RETRY_PAUSE_MS = 100;

export class DeadlineReached extends Error {
  constructor(seconds: number) {
    super(`the scenario's deadline of ${seconds} s was reached`);
  }
}

/** A scenario's time limit: every request and loop stops when it passes. */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  /** The requests in flight, aborted when the deadline passes. */
  readonly #inFlight = new Set<AbortController>();

  constructor(readonly seconds: number) {
    // Every client waiting for a restarted process listens for the deadline meanwhile.
    setMaxListeners(0, this.#controller.signal);
    this.#timer = setTimeout(() => {
      const reason = new DeadlineReached(seconds);
      this.#controller.abort(reason);
      for (const request of this.#inFlight) request.abort(reason);
    }, seconds * 1000);
    // A deadline never keeps the bench running by itself.
    this.#timer.unref();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** A signal for one request: aborted after `timeoutMs` or at the deadline; `done` forgets it. */
  request(timeoutMs: number): { signal: AbortSignal; done(): void } {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    this.#inFlight.add(controller);
    if (this.passed) controller.abort(this.#controller.signal.reason);
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(timer);
        this.#inFlight.delete(controller);
      },
    };
  }

  get passed(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Throws once the deadline has passed. */
  check(): void {
    if (this.passed) throw this.#controller.signal.reason;
  }

  end(): void {
    clearTimeout(this.#timer);
  }
}

/** At most `size` requests in flight (the client's connections). */
export class Gate {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}

/** Latencies by kind of request, in ms, answers by kind and status, and how many attempts were sent again. */
export class Samples {
  readonly ms = new Map<string, number[]>();
  readonly statuses = new Map<string, number>();
  retries = 0;

  add(kind: string, ms: number, status: number): void {
    let list = this.ms.get(kind);
    if (!list) {
      list = [];
      this.ms.set(kind, list);
    }
    list.push(ms);
    const key = `${kind} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  of(kind: string): number[] {
    return this.ms.get(kind) ?? [];
  }

  /** Answers with a 5xx status, by kind and status ("check-in 500": 3). */
  serverErrors(): Record<string, number> {
    return Object.fromEntries([...this.statuses].filter(([key]) => /\s5\d\d$/.test(key)));
  }
}

export interface Answer {
  readonly status: number;
  readonly body: any;
  readonly ms: number;
}

export interface Request {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly token?: string;
  /** Idempotency-Key of a write: the same key on every attempt. */
  readonly key?: string;
  /** The kind the latency is counted under. */
  readonly kind: string;
  /**
   * The answer is read to its last byte but not decoded or parsed: a reader only loads the
   * server, and on the same 2 cores a client parsing megabytes of standings per read took as
   * much CPU as the server it measured.
   */
  readonly discard?: boolean;
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `work`, but no longer than `ms` (then answers undefined and leaves it). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends `request` to an admitted process, again (with the same key) while it gets no answer, a
 * 5xx, 408 or 429, until the deadline. Answers the first other answer; its latency is the attempt's.
 */
export async function send(cluster: Cluster, deadline: Deadline, samples: Samples, request: Request): Promise<Answer> {
  for (;;) {
    deadline.check();
    const base = cluster.pickNow() ?? (await upBefore(cluster, deadline));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.key) headers['idempotency-key'] = request.key;
    const started = performance.now();
    const attempt = deadline.request(REQUEST_TIMEOUT_MS);
    try {
      const response = await leanRequest(base + request.path, {
        method: request.method,
        headers,
        signal: attempt.signal,
        ...(request.discard ? { drain: true } : {}),
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      attempt.done();
      const ms = performance.now() - started;
      samples.add(request.kind, ms, response.status);
      // Sent again with the same key, as the console's outbox does (5xx, 408, 429); counted under its status.
      if (response.status >= 500 || response.status === 408 || response.status === 429)
        throw new Error(`HTTP ${response.status}`);
      const { text } = response;
      const json = response.contentType.startsWith('application/json');
      return { status: response.status, body: text && json ? JSON.parse(text) : text, ms };
    } catch (error) {
      attempt.done();
      deadline.check();
      samples.retries++;
      if (!request.key && request.method !== 'GET') throw error;
      await pause(RETRY_PAUSE_MS);
    }
  }
}

/** Like `send`, but an answer outside 2xx throws with the answer. */
export async function sendOk(
  cluster: Cluster,
  deadline: Deadline,
  samples: Samples,
  request: Request,
): Promise<Answer> {
  const answer = await send(cluster, deadline, samples, request);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${request.method} ${request.path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer;
}

/** An admitted process's URL once one is up again, or the deadline's error. */
async function upBefore(cluster: Cluster, deadline: Deadline): Promise<string> {
  deadline.check();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(deadline.signal.reason);
    deadline.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([cluster.pick(), aborted]);
  } finally {
    deadline.signal.removeEventListener('abort', onAbort);
  }
}
