import { HttpError } from '../errors.js';
import { M } from '../messages/auth.js';

interface Waiter {
  readonly address: string | null;
  readonly start: () => void;
}

/**
 * Bounds the password hashes in flight. Each scrypt takes 32 MiB and a thread of libuv's pool
 * (four by default, shared with file reads) for a few hundred milliseconds: sixty bogus
 * sign-ins at once would queue a real one behind all of them. The gate lets `running` hashes
 * run and `waiting` more wait; one client address signing in holds at most `perAddress` of
 * either (past that, or with the queue full, the answer is 429 with Retry-After at once,
 * costing no hash). A freed slot goes to the first waiter whose address is not hashing
 * already, so a stranger's burst never stands between a judge and the next free slot. Work of
 * a logged-in account (creating accounts, changing a password) passes `null`: it queues
 * without the per-address cap (an organizer creating staff in parallel).
 */
export class HashGate {
  readonly #queue: Waiter[] = [];
  /** Hashes held (running or waiting) and running, per address. */
  readonly #held = new Map<string, number>();
  readonly #runningBy = new Map<string, number>();
  #running = 0;

  constructor(
    readonly running = 2,
    readonly waiting = 8,
    readonly perAddress = 3,
  ) {}

  async run<T>(address: string | null, hash: () => Promise<T>): Promise<T> {
    if (this.#running >= this.running && this.#queue.length >= this.waiting) throw busy();
    if (address !== null && (this.#held.get(address) ?? 0) >= this.perAddress) throw busy();
    if (address !== null) bump(this.#held, address, 1);
    try {
      if (this.#running < this.running) this.#begin(address);
      else await new Promise<void>((resolve) => this.#queue.push({ address, start: resolve }));
      try {
        return await hash();
      } finally {
        this.#end(address);
      }
    } finally {
      if (address !== null) bump(this.#held, address, -1);
    }
  }

  #begin(address: string | null): void {
    this.#running++;
    if (address !== null) bump(this.#runningBy, address, 1);
  }

  #end(address: string | null): void {
    this.#running--;
    if (address !== null) bump(this.#runningBy, address, -1);
    if (this.#queue.length === 0) return;
    const fair = this.#queue.findIndex((w) => w.address === null || !this.#runningBy.has(w.address));
    const [next] = this.#queue.splice(Math.max(fair, 0), 1);
    this.#begin(next!.address);
    next!.start();
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const value = (counts.get(key) ?? 0) + by;
  if (value <= 0) counts.delete(key);
  else counts.set(key, value);
}

const busy = (): HttpError =>
  new HttpError(429, 'sign-in-busy', M.text('sign-in-busy'), undefined, { 'retry-after': '1' });
