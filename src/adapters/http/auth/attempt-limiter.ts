import { HttpError } from '../errors.js';
import type { Text } from '../../../core/text.js';

/** Counts one attempt in a window kept outside the process (the database), answering the count so far and when the window ends. */
export type SharedAttempts = (
  key: string,
  windowMs: number,
  nowMs: number,
) => Promise<{ count: number; endsAt: number }>;

/**
 * Counts attempts per key in fixed windows (wall time, not the server's injectable clock: a
 * test that moves the tournament clock must not reset a brute-force limit). Keys of windows
 * that ended are dropped as the map grows (at most once a second: sweeping a large map on
 * every attempt would make a flood quadratic). A count in a running window is never dropped,
 * so requests naming other keys cannot reset one; with `maxKeys`, a new key is refused while
 * that many windows run, so memory stays bounded without forgetting a count.
 *
 * With `shared`, the count is also kept in the database, so the limit holds for every process
 * serving it together (behind a round-robin balancer, one kept in memory would let each
 * process allow the maximum). The process's own count is checked first: a flood is refused
 * without a query.
 */
export class AttemptLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  #sweptAt = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly code: string,
    /** The refusal; `seconds` is how long until the window ends. */
    readonly refusal: (seconds: number) => Text,
    readonly shared?: { readonly name: string; readonly count: SharedAttempts },
    readonly maxKeys?: number,
  ) {}

  /** Counts one attempt for `key`; past the maximum throws 429 with Retry-After. */
  async hit(key: string): Promise<void> {
    const now = Date.now();
    const window = this.#open(key, now);
    window.count++;
    this.#refuseOver(window, now);
    if (!this.shared) return;
    // As JSON text: PostgreSQL's text cannot hold the NUL a key may carry.
    this.#refuseOver(await this.shared.count(JSON.stringify([this.shared.name, key]), this.windowMs, now), now);
  }

  /**
   * Refuses (429 with Retry-After) when `key` has used every attempt of its running window, or
   * when it has none and no new count fits (`maxKeys`); counts nothing. With `count` in the same
   * turn of the loop, for limits that count only failures, checked before the attempt is judged.
   */
  refuseSpent(key: string): void {
    const now = Date.now();
    const window = this.#windows.get(key);
    if (window && window.endsAt > now) {
      this.#refuseOver({ count: window.count + 1, endsAt: window.endsAt }, now);
      return;
    }
    this.#sweep(now);
    if (!window && this.maxKeys !== undefined && this.#full())
      this.#refuseOver({ count: this.max + 1, endsAt: now + this.windowMs }, now);
  }

  /** Counts one failed attempt for `key` (kept in this process only), after `refuseSpent` let it through. */
  count(key: string): void {
    this.#open(key, Date.now()).count++;
  }

  /** The running window of `key`, a new one when it has none (refused while every count is taken, see maxKeys). */
  #open(key: string, now: number): { count: number; endsAt: number } {
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      if (!window && this.maxKeys !== undefined && this.#full())
        this.#refuseOver({ count: this.max + 1, endsAt: now + this.windowMs }, now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    return window;
  }

  #full(): boolean {
    return this.#windows.size >= (this.maxKeys ?? 10_000);
  }

  /** Drops ended windows once the map is full, at most once a second. */
  #sweep(now: number): void {
    if (!this.#full() || now - this.#sweptAt < 1000) return;
    this.#sweptAt = now;
    for (const [k, w] of this.#windows) if (w.endsAt <= now) this.#windows.delete(k);
  }

  #refuseOver({ count, endsAt }: { count: number; endsAt: number }, now: number): void {
    if (count <= this.max) return;
    const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
    throw new HttpError(429, this.code, this.refusal(seconds), undefined, { 'retry-after': String(seconds) });
  }
}
