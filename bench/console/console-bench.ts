import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, PHONE } from '../../test/e2e/support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from '../../test/e2e/support/console-server.js';
import { venueTournament, type VenueTournament } from '../../test/e2e/support/venue-tournament.js';
import { missNotes, row, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { countScriptBytes, FAST_3G, throttle } from './throttle.js';

/*
 * The console as a phone at the venue sees it (issue 16, points 6 and 7), in Chromium driven
 * over CDP: what the first screen costs on the wire and to paint on "Fast 3G" with the CPU
 * slowed 4×; whether the console opens offline after one visit; and, with 4,096 players
 * imported and round 1 paired, each screen on a 360-pixel phone with the CPU slowed 4×: time
 * to show, elements on the page, and the slowest keystroke in each search field (Event Timing:
 * from the key to the next paint). The server runs in this process, over SQLite.
 */

const TARGETS = { firstScreenKb: 150, fcpMs: 2000, showMs: 1500, keystrokeMs: 100, elements: 3000 } as const;
const CPU_SLOWDOWN = 4;
/** The player the searches type (ten digits, one keystroke each). */
const typedId = (players: number) => String(4_000_000_000 + players - 1);

interface Screen {
  readonly name: string;
  readonly path: (t: string) => string;
  /** Shown: this element is visible. */
  readonly ready: string;
  readonly staff: boolean;
  /** A search field measured keystroke by keystroke, and what shows once the whole id is typed. */
  readonly search?: { readonly field: string; readonly found: string };
}

const SCREENS: readonly Screen[] = [
  { name: 'overview', path: (t) => `/t/${t}`, ready: 'main h1', staff: true },
  {
    name: 'round 1',
    path: (t) => `/t/${t}/rounds/1`,
    ready: '.table-card',
    staff: true,
    search: { field: '.filters input[type=search]', found: '.table-card' },
  },
  { name: 'round clock', path: (t) => `/t/${t}/rounds/1/clock`, ready: 'main h1', staff: true },
  {
    name: 'standings',
    path: (t) => `/t/${t}/standings`,
    ready: '[data-testid=standings] tbody tr',
    staff: false,
    search: { field: '[data-testid=standings-search]', found: '[data-testid=standings] tbody tr' },
  },
  {
    name: 'table finder',
    path: (t) => `/t/${t}/find`,
    ready: '[data-testid=find-input]',
    staff: false,
    search: { field: '[data-testid=find-input]', found: '[data-testid=find-result]' },
  },
  {
    name: 'players',
    path: (t) => `/t/${t}/players`,
    ready: '.card-list li',
    staff: true,
    search: { field: 'main input[type=search]', found: '.card-list li' },
  },
  { name: 'wall display', path: (t) => `/t/${t}/wall`, ready: '[data-testid=wall-line]', staff: false },
];

/** Runs the part. `quick`: 1,024 players and one run per figure. */
export async function consoleBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const executable = process.env.SHINPAN_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(executable))
    return {
      part: 'console',
      title: 'Console on a phone (Chromium)',
      rows: [],
      notes: [`no Chromium at ${executable}: set SHINPAN_CHROMIUM`],
      details: null,
    };
  const players = quick ? 1024 : 4096;
  const runs = quick ? 1 : 3;
  log('console: building web/dist');
  ensureConsoleBuilt();
  let server: ConsoleServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startConsoleServer();
    log(`console: ${players} players, round 1`);
    const venue = await venueTournament(server, players);
    browser = await launchChromium(executable);
    const first = await firstScreen(browser, server.url, venue, runs, log);
    const offline = await offlineAfterOneVisit(browser, server.url, venue, runs, log);
    const screens = [];
    for (const screen of SCREENS) screens.push(await measureScreen(browser, server.url, venue, screen, runs, log));
    const rows: Row[] = [
      ...first.flatMap((f) => [
        row(`JS before the first screen: ${f.name}`, 'KB', spread(f.kb), { max: TARGETS.firstScreenKb }),
        row(`first contentful paint, Fast 3G, CPU 4×: ${f.name}`, 'ms', spread(f.fcp), { max: TARGETS.fcpMs }),
      ]),
      row('console opens offline after one visit', 'of 1', spread(offline.opened), { min: 1 }),
      row('  … its first paint offline (CPU 4×)', 'ms', spread(offline.ms)),
      ...screens.flatMap((s) => [
        row(`${players} players, ${s.name}: shown`, 'ms', spread(s.showMs), { max: TARGETS.showMs }),
        row(`${players} players, ${s.name}: elements`, '', spread(s.elements), { max: TARGETS.elements }),
        ...(s.keystrokes.length > 0
          ? [
              row(`${players} players, ${s.name}: slowest keystroke`, 'ms', spread(s.keystrokes), {
                max: TARGETS.keystrokeMs,
              }),
              row(`  … the typed id found`, 'ms', spread(s.foundMs)),
            ]
          : []),
      ]),
    ];
    return {
      part: 'console',
      title: `Console on a phone: Chromium, 360 px, CPU ${CPU_SLOWDOWN}× slower, ${players} players`,
      rows,
      notes: [
        ...missNotes(rows),
        'Noisy: Chromium, the server and the benchmark share two cores with other work; read the figures as orders of magnitude.',
        'Keystrokes by Event Timing (key to next paint, 8 ms steps; under 16 ms counts as 16); the search results are deferred and follow after.',
        `JS sizes are what crossed the wire (brotli, compressed at build time), headers included. Fast 3G: ${FAST_3G.latency} ms RTT, ${Math.round(FAST_3G.downloadThroughput / 1024)} KB/s down.`,
        'Screens are opened on a fresh page of a phone that opened them once (files in its cache); the first visit is the first-screen figures.',
      ],
      details: { players, runs, first, offline, screens },
    };
  } finally {
    await browser?.close();
    await server?.close();
  }
}

/** Says that Chromium's own work for a new page never ended before a measurement (settle.ts). */
const busy = (log: (l: string) => void) => () =>
  log('console: Chromium stayed busy before a measurement; measured anyway');

/** The page's first contentful paint, in ms from navigation (0 before it happened). */
const FCP = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0";

/** A fresh phone (no cache, no service worker) opening a first screen on Fast 3G with the CPU slowed. */
async function firstScreen(
  browser: Browser,
  url: string,
  venue: VenueTournament,
  runs: number,
  log: (l: string) => void,
) {
  const cases = [
    { name: 'tournament list (/)', path: '/', ready: `text=${'会場テスト大会'}` },
    { name: 'table finder', path: `/t/${venue.id}/find`, ready: '[data-testid=find-input]' },
  ];
  const out = [];
  for (const c of cases) {
    const kb: number[] = [];
    const fcp: number[] = [];
    for (let run = 0; run < runs; run++) {
      log(`console: first screen ${c.name}, run ${run + 1}`);
      const context = await browser.newContext({
        baseURL: url,
        viewport: PHONE,
        locale: 'ja-JP',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const cdp = await throttle(page, { cpu: CPU_SLOWDOWN, network: FAST_3G, busy: busy(log) });
      const bytes = await countScriptBytes(cdp);
      await page.goto(c.path, { waitUntil: 'commit', timeout: 120_000 });
      await page.locator(c.ready).first().waitFor({ timeout: 120_000 });
      kb.push(bytes.total() / 1024);
      fcp.push((await page.evaluate(FCP)) as number);
      await context.close();
    }
    out.push({ name: c.name, kb, fcp });
  }
  return out;
}

/** One visit online, then the network off and a reload: does the console open, and how fast does it paint? */
async function offlineAfterOneVisit(
  browser: Browser,
  url: string,
  venue: VenueTournament,
  runs: number,
  log: (l: string) => void,
) {
  const opened: number[] = [];
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) {
    log(`console: offline after one visit, run ${run + 1}`);
    const context = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`/t/${venue.id}/find`);
    await page.waitForFunction('navigator.serviceWorker.ready.then((r) => r.active && r.active.state === "activated")');
    // The built files' cache (the screens' saved reads have their own).
    await page.waitForFunction(
      'caches.keys().then((k) => k.filter((n) => n.startsWith("shinpan-console-")).length === 1)',
    );
    await context.setOffline(true);
    await throttle(page, { cpu: CPU_SLOWDOWN });
    try {
      await page.reload({ waitUntil: 'commit', timeout: 20_000 });
      await page.locator('.brand').waitFor({ timeout: 20_000 });
      opened.push(1);
      await page.waitForFunction(FCP);
      ms.push((await page.evaluate(FCP)) as number);
    } catch {
      opened.push(0);
    }
    await context.close();
  }
  return { opened, ms };
}

/** The Event Timing entries of the page so far, grouped by interaction: the longest entry of each. */
const INTERACTIONS = `new Promise((resolve) => {
  const entries = performance.getEntriesByType('event').concat(window.__venueEvents || []);
  const byId = new Map();
  for (const e of entries) if (e.interactionId) byId.set(e.interactionId, Math.max(byId.get(e.interactionId) || 0, e.duration));
  resolve([...byId.values()]);
})`;

const OBSERVE_EVENTS = `window.__venueEvents = [];
new PerformanceObserver((list) => { window.__venueEvents.push(...list.getEntries()); })
  .observe({ type: 'event', durationThreshold: 16, buffered: true });`;

async function signedIn(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'ja-JP' });
  const answer = await context.request.post('/api/auth/login', {
    data: { username: 'venue-staff', password: 'venue-staff-password-1' },
  });
  if (!answer.ok()) throw new Error(`login: ${answer.status()}`);
  return context;
}

/** One screen, `runs` times on a fresh page of a warmed phone (its files cached, as on a second visit). */
async function measureScreen(
  browser: Browser,
  url: string,
  venue: VenueTournament,
  screen: Screen,
  runs: number,
  log: (l: string) => void,
) {
  const context = screen.staff
    ? await signedIn(browser, url)
    : await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'ja-JP' });
  const path = screen.path(venue.id);
  const warm = await context.newPage();
  await warm.goto(path);
  await warm.locator(screen.ready).first().waitFor({ timeout: 60_000 });
  await warm.close();
  const showMs: number[] = [];
  const elements: number[] = [];
  const keystrokes: number[] = [];
  const foundMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    log(`console: ${screen.name}, run ${run + 1}`);
    const page: Page = await context.newPage();
    await throttle(page, { cpu: CPU_SLOWDOWN, busy: busy(log) });
    const started = performance.now();
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
    showMs.push(performance.now() - started);
    elements.push((await page.evaluate("document.getElementsByTagName('*').length")) as number);
    if (screen.search) {
      await page.evaluate(OBSERVE_EVENTS);
      const field = page.locator(screen.search.field).first();
      await field.click();
      const id = typedId(venue.players.length);
      let lastKey = 0;
      for (const key of id) {
        lastKey = performance.now();
        await page.keyboard.press(key);
        await page.waitForTimeout(120);
      }
      await page.locator(screen.search.found).first().waitFor({ timeout: 30_000 });
      foundMs.push(performance.now() - lastKey);
      await page.waitForTimeout(300);
      const durations = (await page.evaluate(INTERACTIONS)) as number[];
      // Each key is one interaction; a keystroke with no entry stayed under the 16 ms threshold.
      const all = [...durations, ...Array.from({ length: Math.max(0, id.length - durations.length) }, () => 16)];
      keystrokes.push(Math.max(...all));
    }
    await page.close();
  }
  await context.close();
  return { name: screen.name, showMs, elements, keystrokes, foundMs };
}
