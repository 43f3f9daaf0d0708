import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/core/tournament/ledger.js';

/*
 * The ledger against the plainest model there is: every version a copied array. Ledgers are
 * extended and read in any order, from any version (branches of one history, as two processes'
 * writes make them), and every version must keep answering what it held.
 */

interface Item {
  readonly key: string;
  readonly n: number;
}
const keyOf = (item: Item) => item.key;

/** What a ledger holding `items` answers, from the model. */
function expectMatches(ledger: Ledger<Item>, items: readonly Item[], keys: readonly string[]): void {
  expect(ledger.size).toBe(items.length);
  expect([...ledger]).toEqual(items);
  for (const key of keys) {
    const mine = items.filter((i) => i.key === key);
    expect(ledger.of(key)).toEqual(mine);
    expect(ledger.latest(key)).toEqual(mine.at(-1));
    expect(ledger.has(key)).toBe(mine.length > 0);
  }
}

const keys = ['a', 'b', 'c', 'constructor', '__proto__'];
const step = fc.oneof(
  fc.record({ op: fc.constant('add' as const), from: fc.nat(), key: fc.constantFrom(...keys) }),
  fc.record({ op: fc.constant('read' as const), from: fc.nat() }),
);

describe('a ledger', () => {
  it('answers what each version held, whatever the order versions are extended and read in', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const versions: { ledger: Ledger<Item>; items: Item[] }[] = [{ ledger: Ledger.empty(keyOf), items: [] }];
        steps.forEach((s, n) => {
          const version = versions[s.from % versions.length]!;
          if (s.op === 'add') {
            const item = { key: s.key, n };
            versions.push({ ledger: version.ledger.with(item), items: [...version.items, item] });
          } else expectMatches(version.ledger, version.items, keys);
        });
        for (const version of versions) expectMatches(version.ledger, version.items, keys);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each history started from one shared empty ledger its own items', () => {
    const empty = Ledger.empty(keyOf);
    let first = empty;
    let second = empty;
    for (let n = 0; n < 5; n++) {
      first = first.with({ key: 'a', n });
      second = second.with({ key: 'b', n });
    }
    expectMatches(
      first,
      [0, 1, 2, 3, 4].map((n) => ({ key: 'a', n })),
      keys,
    );
    expectMatches(
      second,
      [0, 1, 2, 3, 4].map((n) => ({ key: 'b', n })),
      keys,
    );
    expectMatches(empty, [], keys);
  });

  it('reads a branch made from an older version without copying what both share', () => {
    // 10,000 items, then a branch of one item from the version before the last: reading the
    // two in turn moves two items each time. Counted through keyOf, which every item moved calls.
    let calls = 0;
    let ledger = Ledger.empty<Item>((item) => {
      calls += 1;
      return item.key;
    });
    for (let n = 0; n < 10_000; n++) ledger = ledger.with({ key: `k${n % 100}`, n });
    const before = ledger;
    calls = 0;
    const main = before.with({ key: 'k1', n: -1 });
    const branch = before.with({ key: 'k2', n: -2 });
    for (let turn = 0; turn < 50; turn++) {
      expect(main.latest('k1')).toEqual({ key: 'k1', n: -1 });
      expect(branch.latest('k2')).toEqual({ key: 'k2', n: -2 });
    }
    expect(calls).toBeLessThanOrEqual(2 + 50 * 4);
  });
});
