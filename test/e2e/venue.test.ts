import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { HangingNetwork } from './support/hanging-network.js';
import { venueTournament, type VenueTournament } from './support/venue-tournament.js';

const executablePath = chromiumPath();
/** Waits for the page to reach a state (a slow shared machine may take seconds); never asserts a timing. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
/** Longer than the service worker's wait for a read (SAVED_READ_TIMEOUT_MS, 4 s) before it shows a saved answer. */
const SAVED_READ_WAIT_MS = 6_000;
/** The addresses (path and query) of the reads the phone's service worker has saved. */
const savedReads = (page: Page) =>
  page.evaluate(
    "caches.open('shinpan-saved-reads').then((c) => c.keys()).then((keys) => keys.map((k) => { const u = new URL(k.url); return u.pathname + u.search; }))",
  ) as Promise<string[]>;
/** The floor staff account venueTournament creates. */
const FLOOR = { username: 'venue-staff', password: 'venue-staff-password-1' } as const;

/** The wall at the sizes a venue has (a 1080p screen, a 1280-pixel projector) and a phone, in both languages. */
async function shootWall(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const sizes = [
    ['1920', { width: 1920, height: 1080 }],
    ['1280', { width: 1280, height: 720 }],
    ['360', PHONE],
  ] as const;
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    for (const [label, size] of sizes) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(screenshotDir, `${name}.${lang}.${label}.png`), animations: 'disabled' });
    }
  }
  await page.locator('.lang-switch button[lang=ja]').first().click();
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A long screen on the phone in both languages: its top, and its end with the page buttons (not the whole page: it is long). */
async function shootPhone(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(screenshotDir, `${name}.${lang}.top.png`), animations: 'disabled' });
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(screenshotDir, `${name}.${lang}.end.png`), animations: 'disabled' });
  }
  await page.locator('.lang-switch button[lang=ja]').first().click();
  await page.evaluate('window.scrollTo(0, 0)');
}

describe.skipIf(!executablePath)('the venue: wall display and the console offline', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let venue: VenueTournament;
  const people: Person[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    venue = await venueTournament(server, 12);
  }, 60_000);

  afterAll(async () => {
    for (const p of people) expect(p.errors).toEqual([]);
    await browser?.close();
    await server?.close();
  });

  it('the wall shows round 1 by name in 五十音 order and follows the start, a time extension and round 2 live', async () => {
    const wall = await openPerson(browser, server.url, {
      secure: true,
      lang: 'ja',
      viewport: { width: 1280, height: 720 },
    });
    people.push(wall);
    const { page } = wall;
    await page.goto(`/t/${venue.id}/wall`);
    await poll(() => page.getByTestId('wall-round').textContent()).toBe('第1回戦・マッチ戦（2本先取）');
    await poll(() => page.getByTestId('wall-line').count()).toBe(12);
    const names = await page.locator('.wall-player').allTextContents();
    // Imported as あおき あきら, いのうえ あきら, … then あおき いさむ …; the wall reads them in 五十音 order.
    expect(names.slice(0, 4)).toEqual(['あおき あきら', 'あおき いさむ', 'いのうえ あきら', 'いのうえ いさむ']);
    expect(names).toEqual([...names].sort(new Intl.Collator('ja').compare));
    await poll(() => page.getByTestId('wall-clock').textContent()).toContain('着席時刻');
    // A marker on the page: were the page reloaded, it would be gone.
    await page.evaluate(() => Object.assign(globalThis, { wallMarker: 'same page' }));

    const base = `/api/tournaments/${venue.id}/rounds/1`;
    expect((await venue.staff.send('POST', `${base}/start`, {})).status).toBe(200);
    await poll(() => page.getByTestId('wall-clock').textContent()).toMatch(/^\d+:\d\d残り時間（40分）$/);

    expect((await venue.staff.send('POST', `${base}/tables/1/extensions`, { minutes: 3 })).status).toBe(200);
    await poll(() => page.getByTestId('wall-extensions').textContent()).toBe('時間延長: 1番卓 +3分');
    await poll(() => page.locator('.wall-ext').count()).toBe(2);
    await shootWall(page, 'wall-round1');

    const pairings = await venue.staff.send('GET', `${base}/pairings`);
    for (const table of pairings.body.tables as { table: number | null; players: { id: string }[] }[]) {
      if (table.table === null) continue;
      const winner = table.players[0]!.id;
      const answer = await venue.staff.send('POST', `${base}/tables/${table.table}/result`, {
        duels: [winner, winner],
      });
      expect(answer.status).toBe(200);
    }
    expect((await venue.staff.send('POST', `${base}/end`, {})).status).toBe(200);
    await poll(() => page.getByTestId('wall-clock').textContent()).toContain('終了');
    expect((await venue.staff.send('POST', `/api/tournaments/${venue.id}/rounds`, { round: 2 })).status).toBe(201);
    await poll(() => page.getByTestId('wall-round').textContent()).toBe('第2回戦・マッチ戦（2本先取）');
    await poll(() => page.getByTestId('wall-line').count()).toBe(12);
    expect(await page.evaluate(() => (globalThis as { wallMarker?: string }).wallMarker)).toBe('same page');
  }, 60_000);

  it('a reload offline opens the installed console with the pairings it last read, marked saved, and the writes still queued, sent once back online', async () => {
    const phone = await openPerson(browser, server.url, {
      secure: true,
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'venue-staff', password: 'venue-staff-password-1' },
    });
    people.push(phone);
    const { page, context } = phone;
    const round2 = await venue.staff.send('GET', `/api/tournaments/${venue.id}/rounds/2/pairings`);
    const player = round2.body.tables[0].players[0].id as string;
    const playerName = round2.body.tables[0].players[0].name as string;
    const pairingsPath = `/api/tournaments/${venue.id}/rounds/2/pairings`;
    await page.goto(`/t/${venue.id}/rounds/2`);
    await page.getByTestId(`seat-${player}`).waitFor();
    // Installed: the service worker is active and has kept the built files.
    await poll(() => page.evaluate('navigator.serviceWorker.ready.then((r) => r.active && r.active.state)')).toBe(
      'activated',
    );
    await poll(() =>
      page.evaluate('caches.keys().then((keys) => keys.filter((k) => k.startsWith("shinpan-console-")).length)'),
    ).toBe(1);
    // Once it holds the page, the screen read again through it: the pairings are saved (and the session, by the
    // page itself under the same owner: offline-session.test.ts).
    const saved = (path: string) =>
      page.evaluate(
        `caches.open('shinpan-saved-reads').then((c) => c.match(${JSON.stringify(path)})).then((a) => (a ? a.headers.get('x-shinpan-owner') : null))`,
      ) as Promise<string | null>;
    await poll(() => saved(pairingsPath)).toMatch(/^account:/);
    await page.getByRole('link', { name: '順位' }).click();
    await page.getByTestId('standings').waitFor();
    await poll(() => saved(`/api/tournaments/${venue.id}/standings`)).toMatch(/^account:/);
    await page.goto(`/t/${venue.id}/rounds/2`);
    await page.getByTestId(`seat-${player}`).waitFor();
    const owner = await saved(pairingsPath);
    await poll(() => saved('/api/auth/me')).toBe(owner);

    await context.setOffline(true);
    await page.getByTestId(`seat-${player}`).click();
    await page.getByTestId('pending-writes').waitFor();
    await page.reload();
    // The console itself, from the service worker, not the browser's error page; the queued write is listed.
    await page.locator('.brand').waitFor();
    await page.getByTestId('offline').waitFor();
    await poll(() => page.getByTestId('pending-writes').textContent()).toContain('1');
    // The pairings as last read, said to be saved, with the time they were saved.
    await page.getByTestId('round-title').waitFor();
    await poll(() => page.getByTestId('saved-notice').textContent()).toMatch(/\d\d:\d\d に保存した情報/);
    expect(await page.getByTestId('table-1').textContent()).toContain(playerName);
    await shootPhone(page, 'venue-offline-saved-pairings');
    // The standings, read once before going offline, open from the menu the same way.
    await page.getByRole('link', { name: '順位' }).click();
    await page.getByTestId('standings').waitFor();
    await poll(() => page.getByTestId('saved-notice').textContent()).toMatch(/\d\d:\d\d に保存した情報/);

    await context.setOffline(false);
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    const after = await venue.staff.send('GET', pairingsPath);
    expect(after.body.tables[0].players[0].seatedAt).not.toBeNull();
    // Back online, the screen reads the server again: the saved notice goes.
    await page.getByTestId('saved-notice').waitFor({ state: 'detached' });
  }, 90_000);

  it('the players list, the penalty log and a player’s own page open offline from what they last read, marked saved', async () => {
    const player = venue.players[2]!;
    const penalty = await venue.staff.send('POST', `/api/tournaments/${venue.id}/penalties`, {
      player: player.id,
      report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(penalty.status).toBe(201);
    const code = (await venue.staff.send('GET', `/api/tournaments/${venue.id}/players/${player.id}/slip`)).body.code;
    const staffPhone = await openPerson(browser, server.url, {
      secure: true,
      lang: 'ja',
      viewport: PHONE,
      login: FLOOR,
    });
    const playerPhone = await openPerson(browser, server.url, {
      secure: true,
      lang: 'ja',
      viewport: PHONE,
    });
    people.push(staffPhone, playerPhone);
    const screens = [
      {
        phone: staffPhone,
        path: `/t/${venue.id}/players`,
        link: '選手',
        read: '/players',
        shows: `player-${player.id}`,
      },
      {
        phone: staffPhone,
        path: `/t/${venue.id}/log`,
        link: '記録',
        read: '/penalties',
        shows: `log-${penalty.body.penalty.penaltyId}`,
      },
      {
        phone: playerPhone,
        path: `/t/${venue.id}/p/${player.id}?code=${code}`,
        link: null,
        read: '/page',
        shows: 'my-match',
      },
    ];
    for (const { phone, path, read, shows } of screens) {
      await phone.page.goto(path);
      await phone.page.getByTestId(shows).waitFor();
      await poll(async () => (await savedReads(phone.page)).some((r) => r.split('?')[0]!.endsWith(read))).toBe(true);
    }
    // Offline, staff move between screens with the console open (a reload offline keeps the saved sign-in:
    // offline-session.test.ts); the player's page, public, opens with a reload too.
    for (const { phone, path, link, shows } of screens) {
      await phone.context.setOffline(true);
      if (link === null) await phone.page.goto(path);
      else await phone.page.getByRole('link', { name: link, exact: true }).click();
      await phone.page.getByTestId(shows).waitFor();
      await poll(() => phone.page.getByTestId('saved-notice').first().textContent()).toMatch(
        /\d\d:\d\d に保存した情報/,
      );
    }
    await shootPhone(playerPhone.page, 'venue-offline-saved-player-page');
    for (const phone of [staffPhone, playerPhone]) await phone.context.close();
  }, 90_000);

  it('a saved read is served only to its own sign-in; signing out deletes every read saved for the account', async () => {
    const phone = await openPerson(browser, server.url, {
      secure: true,
      lang: 'en',
      viewport: PHONE,
      login: { username: 'venue-staff', password: 'venue-staff-password-1' },
    });
    people.push(phone);
    const { page, context } = phone;
    await page.goto(`/t/${venue.id}/rounds/2`);
    await page.getByTestId('round-title').waitFor();
    const owners = () =>
      page.evaluate(
        `caches.open('shinpan-saved-reads').then((c) => c.keys().then((keys) => Promise.all(keys.map((k) => c.match(k).then((a) => a.headers.get('x-shinpan-owner'))))))`,
      ) as Promise<string[]>;
    // The page keeps its session in the same cache at once: the service worker's own saved reads come once it holds the page.
    await poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    await poll(async () => (await owners()).filter((o) => o?.startsWith('account:')).length).toBeGreaterThan(1);
    // Offline, a read naming another sign-in than the saved one gets nothing (and the saved answer goes).
    const own = (await page.evaluate("localStorage.getItem('shinpan.savedReadsOwner')")) as string;
    await context.setOffline(true);
    await page.evaluate("localStorage.setItem('shinpan.savedReadsOwner', 'account:someone-else')");
    await page.reload();
    await page.getByTestId('offline').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Try again' }).first().waitFor();
    expect(await page.getByTestId('round-title').count()).toBe(0);
    expect(await page.getByTestId('saved-notice').count()).toBe(0);
    await context.setOffline(false);
    await page.evaluate(`localStorage.setItem('shinpan.savedReadsOwner', ${JSON.stringify(own)})`);
    await page.reload();
    await page.getByTestId('round-title').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator('.brand').waitFor();
    await poll(async () => (await owners()).filter((o) => o !== 'public')).toEqual([]);
    expect(await page.evaluate("localStorage.getItem('shinpan.savedReadsOwner')")).toBe('public');
  }, 90_000);

  it('on Wi-Fi that hangs, a read shows the saved answer after a few seconds and keeps the late answer for the next read; with nothing saved it waits', async () => {
    const network = await HangingNetwork.open(server.url);
    const phone = await openPerson(browser, network.url, {
      secure: true,
      lang: 'en',
      viewport: PHONE,
      login: FLOOR,
    });
    people.push(phone);
    const { page } = phone;
    const pairingsPath = `/api/tournaments/${venue.id}/rounds/2/pairings`;
    const savedBody = (path: string) =>
      page.evaluate(
        `caches.open('shinpan-saved-reads').then((c) => c.match(${JSON.stringify(path)})).then((a) => (a ? a.json() : null))`,
      ) as Promise<{ tables: { players: { id: string; seatedAt: string | null }[] }[] } | null>;
    try {
      await page.goto(`/t/${venue.id}/rounds/2`);
      await page.getByTestId('round-title').waitFor();
      await poll(async () => (await savedBody(pairingsPath)) !== null).toBe(true);
      const player = (await savedBody(pairingsPath))!.tables[1]!.players[0]!;
      expect(player.seatedAt).toBeNull();
      // Staff seat the player while this phone's Wi-Fi hangs: its read reaches the server, the answer does not come back.
      const seated = await venue.staff.send('POST', `/api/tournaments/${venue.id}/rounds/2/tables/2/seated`, {
        player: player.id,
      });
      expect(seated.status).toBe(200);
      network.hang(pairingsPath);
      await page.reload();
      await poll(() => page.getByTestId('saved-notice').textContent()).toMatch(/saved at \d\d:\d\d/);
      expect(network.held()).toBe(1);
      expect(await page.getByTestId('table-2').count()).toBe(1);
      // The answer comes at last: kept for the screen's next read, which shows the server's answer.
      network.release();
      await poll(async () => (await savedBody(pairingsPath))!.tables[1]!.players[0]!.seatedAt).not.toBeNull();
      await page.getByTestId('saved-notice').getByRole('button').click();
      await page.getByTestId('saved-notice').waitFor({ state: 'detached' });
      // Nothing saved for the standings on this phone: the read waits for the network past the timeout, no error.
      expect(await savedBody(`/api/tournaments/${venue.id}/standings`)).toBeNull();
      network.hang(`/api/tournaments/${venue.id}/standings`);
      await page.getByRole('link', { name: 'Standings' }).click();
      await poll(async () => network.held()).toBe(1);
      await page.waitForTimeout(SAVED_READ_WAIT_MS);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.getByTestId('standings').count()).toBe(0);
      network.release();
      await page.getByTestId('standings').waitFor();
      expect(await page.getByTestId('saved-notice').count()).toBe(0);
    } finally {
      await phone.context.close();
      await network.close();
    }
  }, 90_000);
});

describe.skipIf(!executablePath)('long lists on a phone, a page at a time', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let venue: VenueTournament;
  let phone: Person;

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    venue = await venueTournament(server, 240);
    phone = await openPerson(browser, server.url, {
      secure: true,
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'venue-staff', password: 'venue-staff-password-1' },
    });
  }, 60_000);

  afterAll(async () => {
    expect(phone?.errors ?? []).toEqual([]);
    await browser?.close();
    await server?.close();
  });

  it('round, standings, players and the finder show one page, step through the rest and find anyone by search', async () => {
    const { page } = phone;
    const last = venue.players[venue.players.length - 1]!;

    await page.goto(`/t/${venue.id}/rounds/1`);
    await poll(() => page.locator('.table-card').count()).toBe(50);
    expect(await page.getByTestId('page-range').first().textContent()).toBe('120件中 1〜50件目');
    await page.getByRole('button', { name: '次へ' }).first().click();
    await page.getByTestId('table-51').waitFor();
    await shootPhone(page, 'venue-round-paged');
    await page.locator('.filters input[type=search]').fill(last.id);
    await poll(() => page.locator('.table-card').count()).toBe(1);
    expect(await page.locator('.table-card').textContent()).toContain(last.name);

    await page.goto(`/t/${venue.id}/standings`);
    await poll(() => page.locator('[data-testid=standings] tbody tr').count()).toBe(100);
    await shootPhone(page, 'venue-standings-paged');
    await page.getByTestId('standings-search').fill(last.id);
    await poll(() => page.locator('[data-testid=standings] tbody tr').count()).toBe(1);

    await page.goto(`/t/${venue.id}/players`);
    await poll(() => page.locator('.card-list > li').count()).toBe(100);
    await shootPhone(page, 'venue-players-paged');
    await page.locator('main input[type=search]').fill(last.id);
    await poll(() => page.locator('.card-list > li').count()).toBe(1);

    await page.goto(`/t/${venue.id}/find`);
    await page.getByTestId('find-input').waitFor();
    // The whole list is built only when opened, then a page at a time.
    expect(await page.locator('.wall-list li').count()).toBe(0);
    await page.locator('.find summary').click();
    await poll(() => page.locator('.wall-list li').count()).toBe(100);
    await page.getByTestId('find-input').fill(last.id);
    await page.getByTestId('find-result').waitFor();
    await shootPhone(page, 'venue-find-paged');
  }, 60_000);

  it('a screen opened at its address asks for the session, the tournament and its data once each', async () => {
    const { page } = phone;
    const asked: string[] = [];
    const onRequest = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.endsWith('/live')) asked.push(pathname);
    };
    const api = `/api/tournaments/${venue.id}`;
    page.on('request', onRequest);
    try {
      for (const [screen, shown] of [
        [`/t/${venue.id}/rounds/1`, '.table-card'],
        [`/t/${venue.id}/find`, '[data-testid=find-input]'],
      ] as const) {
        asked.length = 0;
        await page.goto(screen);
        await page.locator(shown).first().waitFor();
        // Live: for staff the stream's first message is the late list, which reloads the round
        // clock only (it once made the round page download every table a second time).
        await page.locator('.live-live').waitFor();
        await page.waitForTimeout(1_000);
        const once = (path: string) => asked.filter((p) => p === path).length;
        expect([once('/api/auth/me'), once(api), once(`${api}/rounds/1/pairings`)], screen).toEqual([1, 1, 1]);
      }
    } finally {
      page.off('request', onRequest);
    }
  }, 60_000);
});
