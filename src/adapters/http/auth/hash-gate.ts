import { HttpError } from '../errors.js';

/**
 * Bounds the password hashes in flight. Each scrypt takes 32 MiB and a thread of libuv's pool
 * (four by default, shared with file reads) for a few hundred milliseconds: sixty bogus
 * sign-ins at once would queue a real one behind all of them. The gate lets `running` hashes
 * run, `waiting` more wait their turn, and at most `perAddress` of either come from one
 * client address signing in; past that the answer is 429 with Retry-After at once, costing no
 * hash. Work of a logged-in account (creating accounts, changing a password) passes `null`:
 * it queues without the per-address cap (an organizer creating staff in parallel).
 */
export class HashGate {
  #running = 0;
  readonly #queue: (() => void)[] = [];
  readonly #byAddress = new Map<string, number>();

  constructor(
    readonly running = 2,
    readonly waiting = 8,
    readonly perAddress = 3,
  ) {}

  async run<T>(address: string | null, hash: () => Promise<T>): Promise<T> {
    if (this.#running >= this.running && this.#queue.length >= this.waiting) throw busy();
    if (address === null) return this.#take(hash);
    const held = this.#byAddress.get(address) ?? 0;
    if (held >= this.perAddress) throw busy();
    this.#byAddress.set(address, held + 1);
    try {
      return await this.#take(hash);
    } finally {
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left === 0) this.#byAddress.delete(address);
      else this.#byAddress.set(address, left);
    }
  }

  async #take<T>(hash: () => Promise<T>): Promise<T> {
    if (this.#running >= this.running) await new Promise<void>((resolve) => this.#queue.push(resolve));
    else this.#running++;
    try {
      return await hash();
    } finally {
      // Hand the slot straight to the next in line, else free it.
      const next = this.#queue.shift();
      if (next) next();
      else this.#running--;
    }
  }
}

const busy = (): HttpError =>
  new HttpError(
    429,
    'sign-in-busy',
    { en: 'The server is checking other passwords right now. Try again in a second.', ja: 'サーバーは他のパスワードを確認中です。1 秒後にやり直してください。' },
    undefined,
    { 'retry-after': '1' },
  );
