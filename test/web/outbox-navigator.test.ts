import { describe, expect, it } from 'vitest';
import { onlineAtStart } from '../../web/src/api/online-at-start.js';

/*
 * The outbox's first word on the connection (web/src/api/outbox.ts takes it from here). Node 21
 * and later have a global `navigator` with no `onLine`: that is not "offline". Stand-in
 * navigators, since this machine's Node may have none.
 */

describe("the outbox's first word on the connection", () => {
  it("is online under a navigator without onLine (Node ≥ 21's global)", () => {
    const nodeNavigator = { userAgent: 'Node.js/24', language: 'en-US', hardwareConcurrency: 2, platform: 'linux' };
    expect(onlineAtStart(nodeNavigator)).toBe(true);
  });

  it("follows a browser's onLine either way", () => {
    expect(onlineAtStart({ onLine: false })).toBe(false);
    expect(onlineAtStart({ onLine: true })).toBe(true);
  });

  it('is online with no navigator at all (Node 20)', () => {
    expect(onlineAtStart(undefined)).toBe(true);
  });

  it('is the global navigator of the Node running this test read rightly', () => {
    const global = (globalThis as { navigator?: object }).navigator;
    expect(onlineAtStart(global)).toBe(true);
  });
});
