import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium, PHONE } from '../../test/e2e/support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from '../../test/e2e/support/console-server.js';
import { playerInRunningRound, type PlayerAtTable } from '../../test/e2e/support/running-round.js';
import { venueTournament } from '../../test/e2e/support/venue-tournament.js';
import { missNotes, row, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { consoleBench } from './console-bench.js';
import { throttle } from './throttle.js';

/*
 * The player's own page on a venue phone (issue 44), in Chromium driven over CDP: a 360-pixel
 * phone, the CPU slowed 4×, on the "Fast 3G" (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up), opening the page of a player at their table in a running round of 4,096
 * players, as the QR code on their slip opens it. Cold: a new phone (nothing cached, no service
 * worker). Warm: a phone that opened it before (its files and the page's saved answer kept by
 * the service worker). Measured in the page, from navigation: when the table and the opponent
 * are drawn, when the report and call buttons are there to press, the bytes that crossed the
 * wire by then, and the main thread's long tasks (over 50 ms) by then. The console part's
 * budgets (staff screens at 4,096 players, the wall) are run after it and shown in the same table.
 */

const TARGETS = { coldMs: 2000, warmMs: 1000 } as const;
const CPU_SLOWDOWN = 4;
/** The issue's Fast 3G: its figures as given (DevTools' preset multiplies the round trip by 3.75). */
export const VENUE_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
} as const;

/**
 * Marks, in the page, the time of the first frame after each sign appears: the table and
 * opponent drawn; the report (a score to choose) and the judge call buttons there and enabled.
 * Long tasks are collected as they come.
 */
const MARKS = `(() => {
  const marks = (window.__playerMarks = { table: 0, buttons: 0, longTasks: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.longTasks.push({ at: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const seen = (key, test) => {
    if (marks[key] || marks['_' + key] || !test()) return;
    marks['_' + key] = true;
    requestAnimationFrame(() => setTimeout(() => (marks[key] = performance.now()), 0));
  };
  const check = () => {
    seen('table', () => {
      const card = document.querySelector('[data-testid=my-match]');
      return !!card && card.querySelectorAll('strong').length >= 2;
    });
    seen('buttons', () => {
      const score = document.querySelector('[data-testid=report-form] input[type=radio]');
      const call = document.querySelector('[data-testid=call-button]');
      return !!score && !!call && !score.disabled && !call.disabled;
    });
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** What MARKS keeps in the page (read with functions run there: the console's CSP forbids evaluating strings). */
interface Marks {
  table: number;
  buttons: number;
  longTasks: { at: number; ms: number }[];
}

interface Run {
  readonly tableMs: number;
  readonly buttonsMs: number;
  readonly kb: number;
  readonly scriptKb: number;
  readonly requests: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly refreshingShown: boolean;
}

/** Counts what crosses the wire (compressed, headers included) from now on, scripts apart. */
async function countBytes(cdp: CDPSession) {
  const types = new Map<string, string>();
  const bytes = new Map<string, number>();
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
  return {
    snapshot: () => {
      let all = 0;
      let scripts = 0;
      for (const [id, n] of bytes) {
        all += n;
        if (types.get(id) === 'Script') scripts += n;
      }
      return { kb: all / 1024, scriptKb: scripts / 1024, requests: bytes.size };
    },
  };
}

/** One measured opening of the player's page on a throttled page of `context`. */
async function open(context: BrowserContext, path: string, cold: boolean, busy: () => void): Promise<Run> {
  const page: Page = await context.newPage();
  await page.addInitScript(MARKS);
  const cdp = await throttle(page, { cpu: CPU_SLOWDOWN, network: VENUE_3G, keepCache: !cold, busy });
  const wire = await countBytes(cdp);
  let refreshingShown = false;
  await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(
    () => ((globalThis as unknown as { __playerMarks?: Marks }).__playerMarks?.table ?? 0) > 0,
    null,
    { timeout: 120_000, polling: 50 },
  );
  refreshingShown = (await page.locator('[data-testid=page-refreshing]').count()) > 0;
  await page.waitForFunction(
    () => ((globalThis as unknown as { __playerMarks?: Marks }).__playerMarks?.buttons ?? 0) > 0,
    null,
    { timeout: 120_000, polling: 50 },
  );
  const marks = (await page.evaluate(() => (globalThis as unknown as { __playerMarks: Marks }).__playerMarks)) as Marks;
  const by = Math.max(marks.table, marks.buttons);
  const tasks = marks.longTasks.filter((t) => t.at <= by);
  const { kb, scriptKb, requests } = wire.snapshot();
  await page.close();
  return {
    tableMs: marks.table,
    buttonsMs: marks.buttons,
    kb,
    scriptKb,
    requests,
    longTasks: tasks.length,
    longTaskMs: tasks.reduce((s, t) => s + t.ms, 0),
    refreshingShown,
  };
}

/** What the functions run in the page use of it (the bench's own types have no DOM). */
interface InPage {
  readonly navigator: {
    readonly serviceWorker: { readonly ready: Promise<{ readonly active: { readonly state: string } | null }> };
  };
  readonly caches: { open(name: string): Promise<{ keys(): Promise<readonly { readonly url: string }[]> }> };
}

/** A phone that opened the page before: its service worker active and the page's answer saved. */
async function warmPhone(browser: Browser, url: string, path: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(() =>
    (globalThis as unknown as InPage).navigator.serviceWorker.ready.then((r) => r.active?.state === 'activated'),
  );
  await page.reload();
  await page.locator('[data-testid=my-match]').waitFor({ timeout: 60_000 });
  await page.waitForFunction(() =>
    (globalThis as unknown as InPage).caches
      .open('shinpan-saved-reads')
      .then((c) => c.keys())
      .then((k) => k.some((r) => r.url.includes('/page?'))),
  );
  await page.close();
  return context;
}

/** Runs the part. `quick`: 1,024 players and one run each. */
export async function playerPageBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const executable = process.env.SHINPAN_CHROMIUM ?? '/usr/bin/chromium';
  const title = "The player's page on a venue phone";
  if (!existsSync(executable))
    return { part: 'player-page', title, rows: [], notes: [`no Chromium at ${executable}`], details: null };
  const players = quick ? 1024 : 4096;
  const runs = quick ? 1 : 5;
  log('player-page: building web/dist');
  ensureConsoleBuilt();
  let server: ConsoleServer | null = null;
  let browser: Browser | null = null;
  const busy = () => log('player-page: Chromium stayed busy before a measurement; measured anyway');
  const cold: Run[] = [];
  const warm: Run[] = [];
  let player: PlayerAtTable;
  try {
    server = await startConsoleServer();
    log(`player-page: ${players} players, round 1 running`);
    const venue = await venueTournament(server, players);
    player = await playerInRunningRound(venue);
    browser = await launchChromium(executable);
    for (let run = 0; run < runs; run++) {
      log(`player-page: cold, run ${run + 1}`);
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: PHONE,
        locale: 'ja-JP',
        serviceWorkers: 'block',
      });
      cold.push(await open(context, player.path, true, busy));
      await context.close();
    }
    const phone = await warmPhone(browser, server.url, player.path);
    for (let run = 0; run < runs; run++) {
      log(`player-page: warm, run ${run + 1}`);
      warm.push(await open(phone, player.path, false, busy));
    }
    await phone.close();
  } finally {
    await browser?.close();
    await server?.close();
  }
  const figures = (name: string, runs: Run[], tableMax: number): Row[] => [
    row(`${name}: table and opponent drawn`, 'ms', spread(runs.map((r) => r.tableMs)), { max: tableMax }),
    row(`${name}: report and call buttons usable`, 'ms', spread(runs.map((r) => r.buttonsMs))),
    row(`${name}: bytes over the wire by then`, 'KB', spread(runs.map((r) => r.kb))),
    row(`${name}:   … of which JavaScript`, 'KB', spread(runs.map((r) => r.scriptKb))),
    row(`${name}: requests finished by then`, '', spread(runs.map((r) => r.requests))),
    row(`${name}: long tasks (> 50 ms) by then`, '', spread(runs.map((r) => r.longTasks))),
    row(`${name}:   … their total`, 'ms', spread(runs.map((r) => r.longTaskMs))),
  ];
  const own = [
    ...figures('cold (new phone)', cold, TARGETS.coldMs),
    ...figures('warm (opened before)', warm, TARGETS.warmMs),
    row(
      'warm: drawn from the saved answer, marked refreshing',
      'of 1',
      spread(warm.map((r) => (r.refreshingShown ? 1 : 0))),
    ),
  ];
  log('player-page: the console part (earlier budgets)');
  const earlier = await consoleBench(quick, log);
  const rows = [...own, ...earlier.rows.map((r) => ({ ...r, name: `console: ${r.name}` }))];
  return {
    part: 'player-page',
    title: `${title}: Chromium, 360 px, CPU ${CPU_SLOWDOWN}× slower, Fast 3G (150 ms, 1.6/0.75 Mbit/s), ${players} players, round 1 running; and the console's earlier budgets`,
    rows,
    notes: [
      ...missNotes(rows),
      `Medians of ${runs} runs each. Times from navigation to the first frame after the sign appeared (in-page marks); bytes as they crossed the wire (brotli for the built files), headers included; the live stream is not counted (it opens after the page draws and never finishes).`,
      'The JavaScript before the page draws in gzip, as the issue counts it, is printed by every build (web/route-budget.ts).',
      'Noisy: Chromium, the server and the benchmark share two cores with other work; the load average is in the header line.',
      ...earlier.notes.map((n) => `console: ${n}`),
    ],
    details: { players, runs, player: player!.id, cold, warm, console: earlier.details },
  };
}
