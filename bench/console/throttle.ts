import type { CDPSession, Page } from 'playwright-core';

/**
 * Chrome DevTools' "Fast 3G" profile as Lighthouse and the DevTools panel define it: 562.5 ms
 * round trip, 1.6 Mbit/s down and 750 kbit/s up, each times 0.9 for the packet-level overhead.
 */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
} as const;

/** A page slowed as a mid-range phone: the CPU `rate`× slower, and the network when given. */
export async function throttle(
  page: Page,
  options: { readonly cpu: number; readonly network?: typeof FAST_3G },
): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  if (options.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', options.network);
  }
  return cdp;
}

/**
 * Counts the bytes of JavaScript as they crossed the wire (compressed, headers included) on a
 * page from now on; read it with `total()`.
 */
export async function countScriptBytes(cdp: CDPSession): Promise<{ total(): number; files(): string[] }> {
  const scripts = new Map<string, string>();
  const bytes = new Map<string, number>();
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes.set(e.requestId, e.encodedDataLength);
  });
  return {
    total: () => [...scripts.keys()].reduce((sum, id) => sum + (bytes.get(id) ?? 0), 0),
    files: () => [...scripts.values()].map((u) => new URL(u).pathname),
  };
}
