import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { Principal } from './auth/principal.js';

/** When big answers to the public are paced, and by how much. */
export interface PublicPaceOptions {
  /** The event loop's busy share (over the last sample) from which the process counts as loaded. */
  readonly busyAbove: number;
  /** How often the loop's busy share is sampled. */
  readonly sampleMs: number;
  /** How long a big public answer waits while the process is loaded. */
  readonly pauseMs: number;
  /** From what size (bytes as sent, compressed when the client asked for it) an answer is big. */
  readonly bigBytes: number;
}

export const DEFAULT_PUBLIC_PACE: PublicPaceOptions = {
  busyAbove: 0.5,
  sampleMs: 100,
  pauseMs: 50,
  // An 8,192-player board is 160 KB compressed, its standings 80 KB; a 32-player tournament's
  // views and the list of 1,000 tournaments are under 20 KB.
  bigBytes: 64 * 1024,
};

/**
 * Staff first when the process is loaded. Big answers to anyone who is not staff (a board or
 * standings of a large tournament, read by phones and spectators) wait `pauseMs` before they
 * are sent while the event loop was busy for more than `busyAbove` of the last sample. Two
 * anonymous clients reading an 8,192-player board and standings back to back slowed the
 * staff's result entry on the 2-core bench (docs/performance.md). A wait costs no CPU and
 * holds up no other request: many phones each reading once are all answered, each `pauseMs`
 * later; only a client that reads again the moment it has an answer is slowed. Nothing is
 * refused, and a process busy less than `busyAbove` of the time pauses nothing. Per process,
 * not per address: a venue's phones share one NAT address. (A shorter wait from a higher busy
 * share let the readers through once the writes got faster: the loop then dipped under it
 * often enough.)
 */
export class PublicPace {
  readonly #options: PublicPaceOptions;
  #loaded = false;
  readonly #sampler: ReturnType<typeof setInterval>;

  constructor(
    options: Partial<PublicPaceOptions> = {},
    /** How a paced answer waits; tests count the waits. */
    private readonly pause: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms).unref?.()),
    /** Whether the process is loaded now; by default the sampled busy share of the event loop. */
    private readonly loaded: () => boolean = () => this.#loaded,
    /** The loop's busy share since the last sample (0–1); tests give their own, so no timing decides them. */
    busyShare: () => number = eventLoopBusyShare(),
  ) {
    this.#options = { ...DEFAULT_PUBLIC_PACE, ...options };
    this.#sampler = setInterval(() => {
      this.#loaded = busyShare() > this.#options.busyAbove;
    }, this.#options.sampleMs);
    this.#sampler.unref?.();
  }

  /** Waits, when `payload` is a big answer to someone not staff and the process is loaded. */
  async before(principal: Principal | null, payload: unknown): Promise<void> {
    // No principal: a request refused before its hooks ran (an unreadable URL), answered small.
    if (principal?.kind === 'staff') return;
    const bytes = typeof payload === 'string' ? payload.length : Buffer.isBuffer(payload) ? payload.length : Number.NaN;
    if (!(bytes >= this.#options.bigBytes) || !this.loaded()) return;
    await this.pause(this.#options.pauseMs);
  }

  close(): void {
    clearInterval(this.#sampler);
  }
}

/** A reader of the event loop's busy share: each call answers the share since the one before. */
export function eventLoopBusyShare(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}
