import type { CDPSession, Page } from 'playwright-core';
import { browserSettled } from './settle.js';

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

/** A network as CDP emulates it: round trip (ms) and bytes per second each way. */
export interface NetworkConditions {
  readonly offline: boolean;
  readonly latency: number;
  readonly downloadThroughput: number;
  readonly uploadThroughput: number;
}

/**
 * A page slowed as a mid-range phone: the CPU `rate`× slower, and the network when given.
 * Chromium's own work for the page's new window is waited out first (settle.ts); `busy` is
 * told when it never ended.
 */
export async function throttle(
  page: Page,
  options: {
    readonly cpu: number;
    readonly network?: NetworkConditions;
    /** With `network`: keep the browser's cache (a phone that opened the page before); else it is off. */
    readonly keepCache?: boolean;
    readonly busy?: () => void;
  },
): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await drawWholeScreen(page, cdp);
  const browser = page.context().browser();
  if (browser && !(await browserSettled(browser))) options.busy?.();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  if (options.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: options.keepCache !== true });
    await cdp.send('Network.emulateNetworkConditions', options.network);
  }
  return cdp;
}

/** How much larger than the emulated phone the window around it is made. */
const WINDOW_MARGIN = 200;

/**
 * Headless Chromium sizes its window to the emulated viewport, but draws only about the top
 * 720 of a 780-pixel phone screen: a change in the bottom strip is never presented, so Event
 * Timing counts a keystroke in a field there until the next change higher up (measured: 1.7 s
 * a key in the round screen's search field at y 716, 60–90 ms with the field 60 px higher or
 * with this margin). The window is made larger than the phone, which still sees its own
 * viewport, so every pixel of it is drawn as on the phone. Fails when Chromium keeps the window
 * at the viewport's size, rather than measure that strip again.
 */
async function drawWholeScreen(page: Page, cdp: CDPSession): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return;
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  const wanted = { width: viewport.width + WINDOW_MARGIN, height: viewport.height + WINDOW_MARGIN };
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: wanted });
  const { bounds } = await cdp.send('Browser.getWindowBounds', { windowId });
  if ((bounds.height ?? 0) < wanted.height || (bounds.width ?? 0) < wanted.width)
    throw new Error(
      `the browser window stayed ${bounds.width}×${bounds.height}, smaller than ${wanted.width}×${wanted.height}`,
    );
  const inner = (await page.evaluate('[innerWidth, innerHeight]')) as [number, number];
  if (inner[0] !== viewport.width || inner[1] !== viewport.height)
    throw new Error(`the page saw ${inner[0]}×${inner[1]} instead of the phone's ${viewport.width}×${viewport.height}`);
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
