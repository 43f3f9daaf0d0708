import { HttpError } from '../errors.js';
import type { Text } from '../../../core/text.js';

/**
 * Counts attempts per key in fixed windows (wall time, not the server's injectable clock: a
 * test that moves the tournament clock must not reset a brute-force limit). Keys of windows
 * that ended are dropped as the map grows, so random keys cannot fill memory.
 */
export class AttemptLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly code: string,
    /** The refusal; `seconds` is how long until the window ends. */
    readonly refusal: (seconds: number) => Text,
  ) {}

  /** Counts one attempt for `key`; past the maximum throws 429 with Retry-After. */
  hit(key: string): void {
    const now = Date.now();
    if (this.#windows.size > 10_000) for (const [k, w] of this.#windows) if (w.endsAt <= now) this.#windows.delete(k);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    if (window.count > this.max) {
      const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
      throw new HttpError(429, this.code, this.refusal(seconds), undefined, { 'retry-after': String(seconds) });
    }
  }
}
