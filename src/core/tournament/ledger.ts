/*
 * A list that only grows, with its items found by key, for what players add one at a time
 * (check-ins, their reports): thousands of items, one event each. Copying the list (or an
 * object keyed by player) for every event made a replay quadratic: 8,192 check-ins took 19 s
 * to fold. A ledger is persistent instead: every state of one history shares one array and
 * one index, and a ledger sees only the first `size` items of it. Adding to the newest ledger
 * of a history pushes onto the shared array, so no older ledger sees a change; adding to an
 * older one (a write decided on a state that then lost its race) copies what it sees first.
 * Keys are looked up in a Map, so a player id like `constructor` is only a name.
 */

interface Shared<T> {
  readonly items: T[];
  /** Key → the positions of its items in `items`, ascending. */
  readonly positions: Map<string, number[]>;
  readonly keyOf: (item: T) => string;
}

export class Ledger<T> implements Iterable<T> {
  readonly #shared: Shared<T>;
  /** How many items this ledger holds: the first `size` of the shared array. */
  readonly size: number;

  private constructor(shared: Shared<T>, size: number) {
    this.#shared = shared;
    this.size = size;
  }

  /** An empty ledger whose items are found by `keyOf`. */
  static empty<T>(keyOf: (item: T) => string): Ledger<T> {
    return new Ledger({ items: [], positions: new Map(), keyOf }, 0);
  }

  /** This ledger with `item` added at the end; this one is left as it was. */
  with(item: T): Ledger<T> {
    const newest = this.size > 0 && this.#shared.items.length === this.size;
    const shared = newest ? this.#shared : this.#copy();
    shared.items.push(item);
    const key = shared.keyOf(item);
    const at = shared.positions.get(key);
    if (at) at.push(shared.items.length - 1);
    else shared.positions.set(key, [shared.items.length - 1]);
    return new Ledger(shared, this.size + 1);
  }

  /** The items under `key`, oldest first. */
  of(key: string): T[] {
    const at = this.#shared.positions.get(key) ?? [];
    const seen: T[] = [];
    for (const i of at) {
      if (i >= this.size) break;
      seen.push(this.#shared.items[i] as T);
    }
    return seen;
  }

  /** The newest item under `key`, if any. */
  latest(key: string): T | undefined {
    const at = this.#shared.positions.get(key);
    if (!at) return undefined;
    for (let j = at.length - 1; j >= 0; j -= 1) {
      const i = at[j] as number;
      if (i < this.size) return this.#shared.items[i];
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.latest(key) !== undefined;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#shared.items.slice(0, this.size)[Symbol.iterator]();
  }

  /** A fresh shared array and index holding what this ledger sees. */
  #copy(): Shared<T> {
    const { keyOf } = this.#shared;
    const fresh: Shared<T> = { items: [], positions: new Map(), keyOf };
    for (const item of this) {
      fresh.items.push(item);
      const key = keyOf(item);
      const at = fresh.positions.get(key);
      if (at) at.push(fresh.items.length - 1);
      else fresh.positions.set(key, [fresh.items.length - 1]);
    }
    return fresh;
  }
}
