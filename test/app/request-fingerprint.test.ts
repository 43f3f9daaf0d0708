import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { deepFreeze, isDeeplyFrozen } from '../../src/core/deep-freeze.js';
import { canonicalJson, commandsFingerprint, fingerprintOf } from '../../src/app/request-fingerprint.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';

/*
 * The fingerprint stored with an idempotency key: the same request in any key order is the
 * same, another is not. Keys stored by an older process are matched against what this one
 * makes, so the canonical JSON must stay exactly what it was (sorted keys, no undefined).
 */

/** The canonical JSON as first written (entries filtered, sorted and joined): what every stored fingerprint was made from. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => reference(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${reference(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('request fingerprints', () => {
  it('are made from the same canonical JSON as before, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
    const odd = { b: undefined, é: 1, a: [undefined, null, new Date(0)], Z: { y: 2, x: 'ー' } };
    expect(canonicalJson(odd)).toBe(reference(odd));
    expect(canonicalJson(odd)).toBe('{"Z":{"x":"ー","y":2},"a":[null,null,"1970-01-01T00:00:00.000Z"],"é":1}');
  });

  it('do not depend on key order', () => {
    expect(fingerprintOf({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprintOf({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });

  it('of the shipped pack are made once, and the pack cannot be changed', () => {
    const pack = loadDefaultPack();
    expect(isDeeplyFrozen(pack)).toBe(true);
    expect(isDeeplyFrozen(pack.settings)).toBe(true);
    expect(canonicalJson(pack)).toBe(reference(pack));
    expect(() => {
      (pack.settings as { confirmMinutes?: number }).confirmMinutes = 1;
    }).toThrow(TypeError);
    const create = (content: unknown) =>
      [
        {
          type: 'CreateTournament',
          data: { tournamentId: 't', pack: { id: 'p', version: '1', content } },
          meta: { at: '2026-01-01T00:00:00Z', actor: { id: 'desk', role: 'scorekeeper' } },
        },
      ] as unknown as TournamentCommand[];
    // A pack equal to the shipped one but not frozen has the same fingerprint.
    expect(commandsFingerprint(create(pack))).toBe(commandsFingerprint(create(structuredClone(pack))));
  });

  it('of a frozen value are kept with it, and a value merely frozen is made anew', () => {
    const shared = deepFreeze({ b: 1, a: { c: [1, 2] } });
    expect(canonicalJson(shared)).toBe('{"a":{"c":[1,2]},"b":1}');
    expect(canonicalJson(shared)).toBe('{"a":{"c":[1,2]},"b":1}');
    const inner = { c: 1 };
    const shallow = Object.freeze({ inner });
    expect(canonicalJson(shallow)).toBe('{"inner":{"c":1}}');
    inner.c = 2;
    expect(canonicalJson(shallow)).toBe('{"inner":{"c":2}}');
  });
});
