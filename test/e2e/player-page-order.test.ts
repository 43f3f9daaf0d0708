import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { playerInRunningRound, type PlayerAtTable } from './support/running-round.js';
import { venueTournament } from './support/venue-tournament.js';

/*
 * The player's own page during a round, on a phone (issues 39 and 44): the table, the opponent
 * and the clock come first, the decklist card below them; on a 360×740 screen the clock is on
 * the first screen, and at 200% text the table still is. The page loads one language's texts:
 * the other's file only once the player switches to it.
 */

const executablePath = chromiumPath();
const SCREEN = { width: 360, height: 740 } as const;

/** Run in the page: an element's top and bottom from the top of the page. */
const pageBox = (e: { getBoundingClientRect(): { top: number; bottom: number } }) => {
  const r = e.getBoundingClientRect();
  const { scrollY } = globalThis as unknown as { scrollY: number };
  return { top: r.top + scrollY, bottom: r.bottom + scrollY };
};

/** The top and bottom of an element, in CSS pixels from the top of the page (not the viewport). */
async function box(page: Page, testId: string): Promise<{ top: number; bottom: number }> {
  return page.getByTestId(testId).first().evaluate(pageBox);
}

describe.skipIf(!executablePath)("the player's page during a round", () => {
  let server: ConsoleServer;
  let browser: Browser;
  let player: PlayerAtTable;
  const people: Person[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    const venue = await venueTournament(server, 8);
    player = await playerInRunningRound(venue);
    browser = await launchChromium(executablePath!);
  }, 120_000);

  afterAll(async () => {
    for (const person of people) expect(person.errors).toEqual([]);
    await browser?.close();
    await server?.close();
  });

  /** A player's phone; `secure` for the visit that needs the service worker (a secure context). */
  async function phone(lang: 'ja' | 'en', secure = false): Promise<{ page: Page; requested: string[] }> {
    const person = await openPerson(browser, server.url, { lang, viewport: SCREEN, secure });
    people.push(person);
    const requested: string[] = [];
    person.page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    return { page: person.page, requested };
  }

  it('shows the table, opponent and clock first, the clock on the first screen, in one language', async () => {
    const { page, requested } = await phone('ja');
    await page.goto(player.path);
    await page.getByTestId('self-clock').waitFor();
    const match = page.getByTestId('my-match');
    await expect(match.textContent()).resolves.toContain(player.opponent.name);
    await expect(match.textContent()).resolves.toContain(`${player.table}番卓`);
    const [matchBox, clock, list] = await Promise.all([
      box(page, 'my-match'),
      box(page, 'self-clock'),
      box(page, 'my-decklist'),
    ]);
    expect(matchBox.top).toBeLessThan(list.top);
    expect(clock.bottom).toBeLessThanOrEqual(SCREEN.height);
    // The page's data is one read: the clock is in it, not asked after it.
    expect(requested.filter((p) => /\/rounds\/\d+\/clock$/.test(p))).toEqual([]);
    expect(requested.filter((p) => p.includes('/players/') && p.endsWith('/page'))).toHaveLength(1);
    // One language's texts, no QR generator until asked.
    expect(requested.some((p) => /\/assets\/ja-[\w-]+\.js$/.test(p))).toBe(true);
    expect(requested.some((p) => /\/assets\/en-[\w-]+\.js$/.test(p))).toBe(false);
    expect(requested.some((p) => /\/assets\/qr-code-/.test(p))).toBe(false);
    await shootPhone(page, screenshotDir, '44-player-page-round');
    // Switching loaded the other language's texts, and the page is in English now.
    expect(requested.some((p) => /\/assets\/en-[\w-]+\.js$/.test(p))).toBe(true);
    await page.locator('.lang-switch button[lang=en]').click();
    await expect(match.textContent()).resolves.toContain(`Table ${player.table}`);
  });

  it('a phone that opened the page before draws it at once from what it saved, marked as refreshing', async () => {
    const { page } = await phone('ja', true);
    await page.goto(player.path);
    await page.waitForFunction(() =>
      (
        globalThis as unknown as {
          navigator: { serviceWorker: { ready: Promise<{ active: { state: string } | null }> } };
        }
      ).navigator.serviceWorker.ready.then((r) => r.active?.state === 'activated'),
    );
    // Under the service worker's control now: this visit's answer is saved.
    await page.reload();
    await page.getByTestId('my-match').waitFor();
    await expect(page.getByTestId('page-refreshing').count()).resolves.toBe(0);
    // The venue's network answers the page's read late (under the service worker's 4 s).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route(/\/players\/[^/]+\/page\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('page-refreshing').waitFor();
    await expect(page.getByTestId('my-match').textContent()).resolves.toContain(player.opponent.name);
    release();
    await page.getByTestId('page-refreshing').waitFor({ state: 'detached' });
    await page.getByTestId('my-match').waitFor();
  });

  it('at 200% text the table is still on the first screen, above the decklist', async () => {
    for (const lang of ['ja', 'en'] as const) {
      const { page } = await phone(lang);
      await page.goto(player.path);
      // The phone's text at 200%: the console sizes everything from the root's font size (rem).
      // Through the CSSOM: the console's CSP refuses inline style sheets.
      await page.evaluate(() =>
        (
          globalThis as unknown as {
            document: { documentElement: { style: { setProperty(p: string, v: string, i: string): void } } };
          }
        ).document.documentElement.style.setProperty('font-size', '200%', 'important'),
      );
      await page.getByTestId('self-clock').waitFor();
      const table = await box(page, 'my-table');
      const list = await box(page, 'my-decklist');
      await page.screenshot({ path: `${screenshotDir}44-player-page-200pct.${lang}.png`, fullPage: false });
      expect(table.bottom).toBeLessThanOrEqual(SCREEN.height);
      expect(table.top).toBeLessThan(list.top);
    }
  });
});
