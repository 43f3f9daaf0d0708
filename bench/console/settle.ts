import type { Browser } from 'playwright-core';

/** CPU time (all of Chromium's processes) per poll below which the browser counts as idle. */
const IDLE_CPU_MS = 20;
const POLL_MS = 200;
const GIVE_UP_MS = 10_000;

/**
 * Waits until Chromium itself has stopped working, before a measured navigation. Headless
 * Chromium 156 builds a window's omnibox popup (a WebUI page) in a renderer of its own for
 * every new page, and again when the window is resized: about 1.3 s of CPU, unthrottled,
 * within the first second or two, which on a two-core machine ran alongside the page being
 * measured and counted in its time to show. No phone pays that. Call it before slowing the
 * page's CPU: the throttling itself keeps a renderer busy. Answers whether the browser went
 * idle (false: it kept busy GIVE_UP_MS long, and the measurement goes ahead anyway).
 */
export async function browserSettled(browser: Browser): Promise<boolean> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const cpu = async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { cpuTime: number }[];
      };
      return processInfo.reduce((sum, p) => sum + p.cpuTime, 0) * 1000;
    };
    const started = performance.now();
    let last = await cpu();
    let quiet = 0;
    while (performance.now() - started < GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const now = await cpu();
      quiet = now - last < IDLE_CPU_MS ? quiet + 1 : 0;
      last = now;
      if (quiet >= 2) return true;
    }
    return false;
  } finally {
    await cdp.detach();
  }
}
