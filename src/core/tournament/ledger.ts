/*
 * A list that only grows, with its items found by key, for what players add one at a time
 * (check-ins, their reports): thousands of items, one event each. Copying the list (or an
 * object keyed by player) for every event made a replay quadratic in the players (figures in
 * docs/performance.md). A ledger is persistent instead: each ledger is a node (its last item and the ledger
 * before it), and all the ledgers of one history share one array and key index holding the
 * items of one of them, the checkout. Reading a ledger moves the checkout to it: back to the
 * ledger both share, then forward along its own items, so the cost is the distance between
 * the two, not the ledger's size. Adding to the checked-out ledger is a push.
 *
 * Branches are the ordinary case, not a rare one: a process that folds the events another
 * process appended (or its own, committed before its write path took them in) onto a state
 * from which a pending write already added items makes a second branch. Copying the whole
 * ledger there (the first design) cost a copy of every check-in and report per write on two
 * PostgreSQL processes; moving the checkout costs the few items the branches differ by.
 * Keys are looked up in a Map, so a player id like `constructor` is only a name.
 */

/** One ledger: its last item and the ledger it extends (null for an empty one). */
interface Node<T> {
  readonly parent: Node<T> | null;
  readonly item: T | undefined;
  readonly size: number;
}

/** The array and index all ledgers of one history share, holding the items of `head`. */
interface Checkout<T> {
  readonly items: T[];
  /** Key → the positions of its items in `items`, ascending. */
  readonly positions: Map<string, number[]>;
  readonly keyOf: (item: T) => string;
  head: Node<T>;
}

export class Ledger<T> implements Iterable<T> {
  readonly #checkout: Checkout<T>;
  readonly #node: Node<T>;
  /** How many items this ledger holds. */
  readonly size: number;

  private constructor(checkout: Checkout<T>, node: Node<T>) {
    this.#checkout = checkout;
    this.#node = node;
    this.size = node.size;
  }

  /** An empty ledger whose items are found by `keyOf`. */
  static empty<T>(keyOf: (item: T) => string): Ledger<T> {
    const root: Node<T> = { parent: null, item: undefined, size: 0 };
    return new Ledger({ items: [], positions: new Map(), keyOf, head: root }, root);
  }

  /** This ledger with `item` added at the end; this one is left as it was. */
  with(item: T): Ledger<T> {
    const node: Node<T> = { parent: this.#node, item, size: this.#node.size + 1 };
    // An empty ledger is often a module constant shared by every tournament: each history
    // that starts from it gets a checkout of its own, so no two histories move one checkout.
    const checkout =
      this.#node.size === 0
        ? { items: [], positions: new Map(), keyOf: this.#checkout.keyOf, head: this.#node }
        : this.#checkout;
    if (checkout.head === this.#node) {
      push(checkout, item);
      checkout.head = node;
    }
    return new Ledger(checkout, node);
  }

  /** The items under `key`, oldest first. */
  of(key: string): T[] {
    const { items, positions } = this.#checkedOut();
    return (positions.get(key) ?? []).map((i) => items[i] as T);
  }

  /** The newest item under `key`, if any. */
  latest(key: string): T | undefined {
    const { items, positions } = this.#checkedOut();
    const at = positions.get(key);
    return at === undefined ? undefined : items[at[at.length - 1] as number];
  }

  has(key: string): boolean {
    return this.latest(key) !== undefined;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#checkedOut().items.slice()[Symbol.iterator]();
  }

  /** The checkout moved to this ledger: back to the ledger both share, then forward. */
  #checkedOut(): Checkout<T> {
    const checkout = this.#checkout;
    let back = checkout.head;
    let ahead: Node<T> = this.#node;
    if (back === ahead) return checkout;
    const forward: T[] = [];
    while (ahead.size > back.size) {
      forward.push(ahead.item as T);
      ahead = ahead.parent as Node<T>;
    }
    while (back.size > ahead.size) {
      pop(checkout);
      back = back.parent as Node<T>;
    }
    while (back !== ahead) {
      pop(checkout);
      back = back.parent as Node<T>;
      forward.push(ahead.item as T);
      ahead = ahead.parent as Node<T>;
    }
    for (let i = forward.length - 1; i >= 0; i -= 1) push(checkout, forward[i] as T);
    checkout.head = this.#node;
    return checkout;
  }
}

function push<T>(checkout: Checkout<T>, item: T): void {
  checkout.items.push(item);
  const key = checkout.keyOf(item);
  const at = checkout.positions.get(key);
  if (at) at.push(checkout.items.length - 1);
  else checkout.positions.set(key, [checkout.items.length - 1]);
}

function pop<T>(checkout: Checkout<T>): void {
  const item = checkout.items.pop() as T;
  const key = checkout.keyOf(item);
  const at = checkout.positions.get(key) as number[];
  at.pop();
  if (at.length === 0) checkout.positions.delete(key);
}
