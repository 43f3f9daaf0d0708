import type { AppendNotice } from '../../app/event-store.js';

/** The listeners of one store's append notices; each store feeds it from its own source. */
export class AppendNotices {
  readonly #listeners = new Set<(notice: AppendNotice) => void>();

  constructor(
    /** Starts watching the database when the first listener comes, stops when the last goes. */
    private readonly onFirst: () => void,
    private readonly onLast: () => void,
  ) {}

  add(listener: (notice: AppendNotice) => void): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.onFirst();
    return () => {
      if (!this.#listeners.delete(listener)) return;
      if (this.#listeners.size === 0) this.onLast();
    };
  }

  get size(): number {
    return this.#listeners.size;
  }

  emit(notice: AppendNotice): void {
    for (const listener of this.#listeners) listener(notice);
  }
}
