/*
 * Requests enter their handlers a few per turn of the event loop, in the order they came; a
 * liveness or readiness check or a metrics scrape does not wait its turn. When a hundred
 * phones' requests reach a process at once (the YCSJ's check-ins opening, or every phone of a
 * venue coming back to a restarted process), Node ran every request found in one read of the
 * sockets before it looked at them again, and a load balancer's health check behind them waited
 * for all of them (140–540 ms on a cold process, docs/performance.md). Let in a few per turn,
 * the sockets are read again between two groups, and a check waits for one group at most.
 *
 * How many per turn follows what a turn costs: while turns are short and requests wait, twice
 * as many each turn; once a turn runs long, half. Requests are cheap in a warm process (a group
 * of dozens is a few milliseconds, and their appends share one commit: group-commit.ts commits
 * what one turn decided, so one request per turn would be one fsync per write), and costly on
 * cold code or for a big view (one at a time then).
 */

/** Paths answered without waiting for a turn: what a load balancer or a scraper polls. */
const UNQUEUED = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * What a turn's requests are aimed to cost the loop (ms). With 8 and groups of up to 64, the
 * YCSJ's health p99 was 64–218 ms over four runs; with 4 and 16, 39–107 ms, and its results/s
 * as high (docs/performance.md). What a check still waits for is mostly not a turn's requests
 * but the work their appends resume once committed, garbage collection and cold code.
 */
const TURN_MS = 4;
/** Requests let in per turn at most: a turn on cold code costs about a millisecond per request or more. */
const MAX_GROUP = 16;

/** Whether a request (its URL as sent, query included) waits for its turn. */
export function waitsForTurn(url: string): boolean {
  const query = url.indexOf('?');
  return !UNQUEUED.has(query === -1 ? url : url.slice(0, query));
}

export class LoopTurns {
  /** The waiting requests' wake-ups, oldest first from `#head` (a queue without shifting the array). */
  #waiting: (() => void)[] = [];
  #head = 0;
  #scheduled = false;
  /** Requests let in per turn now. */
  #group = 1;
  /** When the last turn began (0: the queue ran empty since), to know what a turn cost. */
  #turnAt = 0;
  /** Whether the last turn left requests waiting (only then may the group grow). */
  #limited = false;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Resolves on a later turn of the loop, after every request that asked before. */
  enter(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  /** Requests waiting for their turn now. */
  get waiting(): number {
    return this.#waiting.length - this.#head;
  }

  /** Requests let in per turn now. */
  get group(): number {
    return this.#group;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // setImmediate, not a microtask: the sockets are read between two turns queued one after
    // the other, never within a chain of promises.
    setImmediate(this.#turn);
  }

  readonly #turn = (): void => {
    this.#scheduled = false;
    const now = this.now();
    if (this.#turnAt > 0) {
      const cost = now - this.#turnAt;
      if (cost > TURN_MS) this.#group = Math.max(1, this.#group >> 1);
      else if (this.#limited && cost < TURN_MS / 2) this.#group = Math.min(MAX_GROUP, this.#group * 2);
    }
    const wake = this.#waiting.slice(this.#head, this.#head + this.#group);
    this.#head += wake.length;
    if (this.#head === this.#waiting.length) {
      this.#waiting = [];
      this.#head = 0;
    } else if (this.#head >= 1024 && this.#head * 2 >= this.#waiting.length) {
      // Drop the part already woken once it is most of the array.
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
    }
    this.#limited = this.waiting > 0;
    this.#turnAt = this.#limited ? now : 0;
    if (this.#limited) this.#schedule();
    for (const w of wake) w();
  };
}
