import { describe, expect, it } from 'vitest';
import { knownDeviceMark, playerCode, playerCodeMatches } from '../../src/adapters/http/auth/tokens.js';

/*
 * A player's code is an HMAC of the tournament and player ids under the server's secret, kept
 * once made (tokens.ts, KEPT): what is kept must never answer for another secret, tournament or
 * player, and the known-device mark kept beside the codes is never a code.
 */
describe('player codes', () => {
  it('are made again the same, and differ by secret, tournament and player', () => {
    const code = playerCode('secret-a', 't1', 'p1');
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(playerCode('secret-a', 't1', 'p1')).toBe(code);
    const others = [
      playerCode('secret-b', 't1', 'p1'),
      playerCode('secret-a', 't2', 'p1'),
      playerCode('secret-a', 't1', 'p2'),
    ];
    for (const other of others) expect(other).not.toBe(code);
    expect(playerCodeMatches('secret-b', 't1', 'p1', code)).toBe(false);
    expect(playerCodeMatches('secret-a', 't1', 'p1', code.toLowerCase().replace(/^(.{4})/, '$1-'))).toBe(true);
  });

  it('are the same after many others were made (the kept ones dropped)', () => {
    const first = playerCode('secret-c', 't', 'first');
    for (let i = 0; i < 70_000; i++) playerCode('secret-c', 't', String(i));
    expect(playerCode('secret-c', 't', 'first')).toBe(first);
  });

  it('keep the known-device mark apart from the code: another value, the same again, different per secret, tournament and player', () => {
    const mark = knownDeviceMark('secret-d', 't1', 'p1');
    expect(mark).toMatch(/^[\w-]{22}$/);
    expect(knownDeviceMark('secret-d', 't1', 'p1')).toBe(mark);
    const code = playerCode('secret-d', 't1', 'p1');
    expect(mark.toUpperCase()).not.toContain(code);
    for (const other of [
      knownDeviceMark('secret-e', 't1', 'p1'),
      knownDeviceMark('secret-d', 't2', 'p1'),
      knownDeviceMark('secret-d', 't1', 'p2'),
    ])
      expect(other).not.toBe(mark);
    // Made after the code of the same ids, the mark is not the kept code answered again.
    expect(playerCode('secret-d', 't1', 'p1')).toBe(code);
  });
});
