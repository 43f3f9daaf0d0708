import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { HangingNetwork } from './support/hanging-network.js';
import { venueTournament, type VenueTournament } from './support/venue-tournament.js';

/*
 * The judge's phone after a reload with no network (venue Wi-Fi down, the browser reloaded the
 * tab): still signed in as the same account from what the device saved, marked so, with the
 * staff screens' saved data; what is entered waits in the outbox and the server decides it when
 * it goes out. Sign-out, another sign-in and the server's own answer always win over what was
 * saved. Each step checks the server's side too, not only the screen.
 */

const executablePath = chromiumPath();
/** Waits for the page to reach a state (a slow shared machine may take seconds); never asserts a timing. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
/** venueTournament's floor staff (scorekeeper and head judge). */
const FLOOR = { username: 'venue-staff', password: 'venue-staff-password-1' } as const;
const SECOND = { username: 'second-judge', password: 'second-judge-password-1' } as const;
const THIRD = { username: 'third-judge', password: 'third-judge-password-1' } as const;
const FOURTH = { username: 'fourth-keeper', password: 'fourth-keeper-password-1' } as const;
const FIFTH = { username: 'fifth-judge', password: 'fifth-judge-password-1' } as const;

/** The session the device saved, as kept in the saved reads' cache (null: none). */
const savedSession = (page: Page) =>
  page.evaluate(
    "caches.open('shinpan-saved-reads').then((c) => c.match('/api/auth/me')).then((a) => (a ? a.json().then((body) => ({ owner: a.headers.get('x-shinpan-owner'), body })) : null))",
  ) as Promise<{ owner: string; body: { account: { username: string }; until: number } } | null>;
/** The owners of every read the service worker saved. */
const savedOwners = (page: Page) =>
  page.evaluate(
    "caches.open('shinpan-saved-reads').then((c) => c.keys().then((keys) => Promise.all(keys.map((k) => c.match(k).then((a) => a.headers.get('x-shinpan-owner'))))))",
  ) as Promise<string[]>;
/** The paths of every read the service worker saved. */
const savedPaths = (page: Page) =>
  page.evaluate(
    "caches.open('shinpan-saved-reads').then((c) => c.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname))",
  ) as Promise<string[]>;

/** Signs `login` in on the device's cookies, as another tab would (with the CSRF token of the session it replaces). */
async function signInOnDevice(context: BrowserContext, login: { username: string; password: string }): Promise<void> {
  const csrf = (await context.cookies()).find((c) => c.name === 'shinpan_csrf')?.value;
  const answer = await context.request.post('/api/auth/login', {
    data: login,
    headers: csrf ? { 'x-csrf-token': csrf } : {},
  });
  expect(answer.status()).toBe(200);
}

/** The top of the screen (the signed-in bar and the notices under it) at 360 px in both languages. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const current = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'ja';
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(screenshotDir, `${name}.${lang}.360.png`), animations: 'disabled' });
  }
  await page.locator(`.lang-switch button[lang=${current}]`).first().click();
  await page.locator(`html[lang=${current}]`).waitFor({ state: 'attached' });
}

describe.skipIf(!executablePath)('the console after a reload offline: the saved sign-in', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let venue: VenueTournament;
  const people: Person[] = [];
  /** Table → its two players' ids, round 1. */
  const tables = new Map<number, [string, string]>();

  /** The tournament's event log as stored. */
  async function events(): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const log = await venue.organizer.getText(`/api/tournaments/${venue.id}/export?format=events`);
    return log
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
  }

  /** The round 1 results in the event log, by table. */
  async function results(): Promise<Map<number, string[]>> {
    const found = new Map<number, string[]>();
    for (const { type, data } of await events())
      if (type === 'ResultReported' && data.round === 1) found.set(data.table as number, data.duels as string[]);
    return found;
  }

  async function accountId(username: string): Promise<string> {
    const answer = await venue.organizer.send('GET', '/api/accounts');
    return (answer.body.accounts as { id: string; username: string }[]).find((a) => a.username === username)!.id;
  }

  /** A phone signed in as `login`, on round 1 with the service worker installed and the session and pairings saved. */
  async function phoneOnRound(
    lang: 'ja' | 'en',
    login: { username: string; password: string },
    url = server.url,
  ): Promise<Person> {
    const phone = await openPerson(browser, url, {
      secure: true,
      lang,
      viewport: PHONE,
      login,
    });
    people.push(phone);
    const { page } = phone;
    await page.goto(`/t/${venue.id}/rounds/1`);
    await page.getByTestId('table-1').waitFor();
    await poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    await poll(async () => (await savedSession(page))?.body.account.username).toBe(login.username);
    await poll(async () => (await savedPaths(page)).some((p) => p.endsWith('/rounds/1/pairings'))).toBe(true);
    return phone;
  }

  /** Enters table `table`'s result as a 2-0 for its first player (offline: it waits in the outbox). */
  async function enterResult(page: Page, table: number): Promise<string> {
    const [a] = tables.get(table)!;
    await page.getByTestId(`enter-result-${table}`).click();
    await page.getByTestId(`quick-${table}-${a}-2-0`).click();
    await page.getByTestId(`submit-result-${table}`).click();
    return a;
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    venue = await venueTournament(server, 10);
    await venue.organizer.createAccount(SECOND.username, ['judge'], SECOND.password);
    await venue.organizer.createAccount(THIRD.username, ['judge'], THIRD.password);
    await venue.organizer.createAccount(FOURTH.username, ['scorekeeper'], FOURTH.password);
    await venue.organizer.createAccount(FIFTH.username, ['judge'], FIFTH.password);
    expect((await venue.staff.send('POST', `/api/tournaments/${venue.id}/rounds/1/start`, {})).status).toBe(200);
    const pairings = await venue.staff.send('GET', `/api/tournaments/${venue.id}/rounds/1/pairings`);
    for (const t of pairings.body.tables as { table: number | null; players: { id: string }[] }[])
      if (t.table !== null) tables.set(t.table, [t.players[0]!.id, t.players[1]!.id]);
  }, 90_000);

  afterAll(async () => {
    for (const p of people) expect(p.errors).toEqual([]);
    await browser?.close();
    await server?.close();
  });

  it('a reload offline shows the same account signed in, marked saved with its time, the staff screens from saved data; a result entered then goes out once back online', async () => {
    const phone = await phoneOnRound('ja', FLOOR);
    const { page, context } = phone;
    const player = venue.players[0]!;
    await page.locator('.tabs').getByRole('link', { name: '選手', exact: true }).click();
    await page.getByTestId(`player-${player.id}`).waitFor();
    await poll(async () => (await savedPaths(page)).some((p) => p.endsWith('/players'))).toBe(true);
    await page.locator('.tabs').getByRole('link', { name: '罰則', exact: true }).click();
    await page.locator('.penalty-flow').waitFor();
    await poll(async () => (await savedPaths(page)).some((p) => p.endsWith('/policy'))).toBe(true);
    await page.locator('.tabs').getByRole('link', { name: '選手', exact: true }).click();
    await page.getByTestId(`player-${player.id}`).waitFor();
    // Online and confirmed by the server: nothing says "saved".
    expect(await page.getByTestId('signed-in-saved').count()).toBe(0);
    expect(await page.getByTestId('saved-session').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline').waitFor();
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('venue-staff');
    await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/^\d\d:\d\d に保存・未確認$/);
    expect(await page.getByTestId('saved-session').textContent()).toMatch(/\d\d:\d\d に保存したサインイン情報です/);
    // The staff screen itself (not the "sign in" guard), from what it last read.
    await page.getByTestId(`player-${player.id}`).waitFor();
    await poll(() => page.getByTestId('saved-notice').first().textContent()).toMatch(/\d\d:\d\d に保存した情報/);
    expect(await page.getByText('この画面はスタッフのサインインが必要です。').count()).toBe(0);
    await shoot(page, 'offline-session-players');
    // The penalty flow opens too, on the pack it last read (offline-penalty.test.ts decides and queues a penalty there).
    await page.locator('.tabs').getByRole('link', { name: '罰則', exact: true }).click();
    await page.locator('.penalty-flow').waitFor();

    // The round: the staff's result entry is there, and a result waits in the outbox.
    await page.locator('.tabs').getByRole('link', { name: 'ラウンド', exact: true }).click();
    await page.getByTestId('enter-result-1').waitFor();
    await poll(() => page.getByTestId('saved-notice').first().textContent()).toMatch(/\d\d:\d\d に保存した情報/);
    const winner = await enterResult(page, 1);
    await poll(() => page.getByTestId('pending-writes').textContent()).toContain('送信待ちの変更 1件');
    await shoot(page, 'offline-session-result-queued');
    expect((await results()).has(1)).toBe(false);

    await context.setOffline(false);
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    expect((await results()).get(1)).toEqual([winner, winner]);
    // The server answered who is signed in: the same account, confirmed, and saved again.
    await page.getByTestId('saved-session').waitFor({ state: 'detached' });
    expect(await page.getByTestId('signed-in-saved').count()).toBe(0);
    expect(await page.getByTestId('signed-in-as').textContent()).toContain('venue-staff');
    expect(await page.locator('.outbox [data-testid=failed-write]').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('after signing out nothing of the session shows offline; a sign-out made offline keeps the device signed out and reaches the server once back', async () => {
    const phone = await phoneOnRound('en', FLOOR);
    const { page, context } = phone;
    const owner = (await page.evaluate("localStorage.getItem('shinpan.savedReadsOwner')")) as string;
    expect(owner).toMatch(/^account:/);

    // Online: signed out, the saved session is gone at once.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await savedSession(page)).toBeNull();
    await poll(async () => (await savedOwners(page)).filter((o) => o !== 'public')).toEqual([]);
    await context.setOffline(true);
    await page.goto(`/t/${venue.id}/players`);
    await page.getByTestId('offline').waitFor();
    await page.getByText('Sign in as staff to open this screen.').waitFor();
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    expect(await page.getByTestId('saved-session').count()).toBe(0);
    expect(await page.getByTestId(`player-${venue.players[0]!.id}`).count()).toBe(0);
    await context.setOffline(false);

    // Signed in again on the sign-in screen; then the Wi-Fi goes and the tab reloads: the saved sign-in shows.
    await page.goto('/sign-in?next=/');
    await page.locator('input[name=username]').fill(FLOOR.username);
    await page.locator('input[name=password]').fill(FLOOR.password);
    await page.locator('button[type=submit]').click();
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('venue-staff');
    await page.goto(`/t/${venue.id}/players`);
    await page.getByTestId(`player-${venue.players[0]!.id}`).waitFor();
    await poll(async () => (await savedSession(page))?.body.account.username).toBe('venue-staff');
    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/^saved at \d\d:\d\d, unconfirmed$/);

    // Signing out offline: signed out on the device at once, and it says the server is told later.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('sign-out-pending').waitFor();
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    expect(await savedSession(page)).toBeNull();
    await shoot(page, 'offline-session-sign-out-pending');
    await page.goto(`/t/${venue.id}/players`);
    await page.getByText('Sign in as staff to open this screen.').waitFor();
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    await page.getByTestId('sign-out-pending').waitFor();
    await context.setOffline(false);
    await page.getByTestId('sign-out-pending').waitFor({ state: 'detached' });
    expect(await (await context.request.get('/api/auth/me')).json()).toEqual({ account: null });
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('a saved sign-in past its session\u2019s end: a reload offline deletes every read it saved, and no staff data shows', async () => {
    const phone = await phoneOnRound('en', FIFTH);
    const { page, context } = phone;
    await page.locator('.tabs').getByRole('link', { name: 'Players', exact: true }).click();
    await page.getByTestId(`player-${venue.players[0]!.id}`).waitFor();
    await poll(async () => (await savedPaths(page)).some((p) => p.endsWith('/players'))).toBe(true);
    expect((await savedOwners(page)).some((o) => o.startsWith('account:'))).toBe(true);
    // The session's end passes on the device (a day after the sign-in): set as if it had.
    await page.evaluate(`caches.open('shinpan-saved-reads').then(async (cache) => {
      const kept = await cache.match('/api/auth/me');
      const body = await kept.json();
      await cache.put('/api/auth/me', new Response(JSON.stringify({ ...body, until: Date.now() - 1000 }), { headers: kept.headers }));
    })`);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline').waitFor();
    await page.getByText('Sign in as staff to open this screen.').waitFor();
    await poll(async () => (await savedOwners(page)).filter((o) => o !== 'public')).toEqual([]);
    expect(await page.evaluate("localStorage.getItem('shinpan.savedReadsOwner')")).toBe('public');
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    expect(await page.getByTestId(`player-${venue.players[0]!.id}`).count()).toBe(0);
    // Nor does the round's board show what the account saved of it.
    await page.goto(`/t/${venue.id}/rounds/1`);
    expect(await page.getByTestId('enter-result-1').count()).toBe(0);
    await context.setOffline(false);
    await context.close();
  }, 120_000);

  it('on Wi-Fi that hangs, the saved sign-in shows after a few seconds and the server’s late answer replaces it', async () => {
    const network = await HangingNetwork.open(server.url);
    try {
      const phone = await phoneOnRound('en', FLOOR, network.url);
      const { page, context } = phone;
      network.hang('/api/auth/me');
      await page.reload();
      await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/^saved at \d\d:\d\d, unconfirmed$/);
      expect(network.held()).toBeGreaterThan(0);
      expect(await page.getByTestId('signed-in-as').textContent()).toContain('venue-staff');
      await page.getByTestId('table-1').waitFor();
      network.release();
      await page.getByTestId('saved-session').waitFor({ state: 'detached' });
      expect(await page.getByTestId('signed-in-saved').count()).toBe(0);
      expect(await page.getByTestId('signed-in-as').textContent()).toContain('venue-staff');
      await context.close();
    } finally {
      await network.close();
    }
  }, 120_000);

  it('the server gone from venue Wi-Fi that stays up: the phone says offline with no word from the browser, keeps the result, reloads from what it saved, and finds the server again by itself', async () => {
    const network = await HangingNetwork.open(server.url);
    try {
      const phone = await phoneOnRound('ja', FLOOR, network.url);
      const { page } = phone;
      network.cut();
      // The browser still says online: only the console's own requests tell it the server is gone.
      expect(await page.evaluate('navigator.onLine')).toBe(true);
      const winner = await enterResult(page, 5);
      await page.getByTestId('offline').waitFor();
      await poll(() => page.getByTestId('pending-writes').textContent()).toContain('送信待ちの変更 1件');
      await page.reload();
      await page.getByTestId('offline').waitFor();
      await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/に保存・未確認$/);
      await page.getByTestId('table-5').waitFor();
      expect((await results()).has(5)).toBe(false);

      // No `online` event will come: the console looks for the server itself and sends what waited.
      network.restore();
      await page.getByTestId('pending-writes').waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByTestId('offline').waitFor({ state: 'detached' });
      expect((await results()).get(5)).toEqual([winner, winner]);
      await page.getByTestId('saved-session').waitFor({ state: 'detached' });
      expect(await page.locator('.outbox [data-testid=failed-write]').count()).toBe(0);
      await phone.context.close();
    } finally {
      await network.close();
    }
  }, 120_000);

  it('another account signing in on the same device never sees the first one’s session; the server’s answer wins over the saved one', async () => {
    const phone = await phoneOnRound('ja', FLOOR);
    const { page, context } = phone;
    const floorOwner = (await savedSession(page))!.owner;

    // The second judge signs in on the same phone in another tab, without the first signing out.
    await signInOnDevice(context, SECOND);
    const tab = await context.newPage();
    await tab.goto(`/t/${venue.id}/rounds/1`);
    await poll(() => tab.getByTestId('signed-in-as').textContent()).toContain('second-judge');
    await poll(async () => (await savedSession(tab))?.body.account.username).toBe('second-judge');
    const secondOwner = (await savedSession(tab))!.owner;
    expect(secondOwner).not.toBe(floorOwner);
    await poll(async () => (await savedOwners(tab)).includes(floorOwner)).toBe(false);
    await tab.close();
    // The first tab follows without a reload: it asked the server again when the other tab's sign-in changed the owner.
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('second-judge');

    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/に保存・未確認$/);
    expect(await page.getByTestId('signed-in-as').textContent()).toContain('second-judge');
    expect(await page.locator('header').textContent()).not.toContain('venue-staff');

    // Meanwhile the device's cookie becomes the floor staff's again (signed in elsewhere): offline the
    // phone can only show what it saved; once the server answers, its answer is what shows.
    await signInOnDevice(context, FLOOR);
    await context.setOffline(false);
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('venue-staff');
    await page.getByTestId('saved-session').waitFor({ state: 'detached' });
    await poll(async () => (await savedSession(page))?.owner).toBe(floorOwner);
    await poll(async () => (await savedOwners(page)).includes(secondOwner)).toBe(false);

    // On the console: the floor staff signs out, the second judge signs in on the sign-in screen.
    await page.getByRole('button', { name: 'サインアウト' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`/sign-in?next=/t/${venue.id}/rounds/1`);
    await page.locator('input[name=username]').fill(SECOND.username);
    await page.locator('input[name=password]').fill(SECOND.password);
    await page.locator('button[type=submit]').click();
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('second-judge');
    await poll(async () => (await savedSession(page))?.owner).toBe(secondOwner);
    await context.setOffline(true);
    await page.goto(`/t/${venue.id}/rounds/1`);
    await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/に保存・未確認$/);
    expect(await page.locator('header').textContent()).not.toContain('venue-staff');
    await context.setOffline(false);
    await context.close();
  }, 120_000);

  it('a result queued on the saved sign-in is refused on reconnect when the roles changed meanwhile, and stays in view with the reason', async () => {
    const phone = await phoneOnRound('ja', THIRD);
    const { page, context } = phone;
    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('third-judge');
    await page.getByTestId('saved-session').waitFor();
    await enterResult(page, 2);
    await page.getByTestId('pending-writes').waitFor();
    // The organizer takes the judge role away while the phone is offline.
    const id = await accountId(THIRD.username);
    expect((await venue.organizer.send('PATCH', `/api/accounts/${id}`, { roles: ['organizer'] })).status).toBe(200);

    await context.setOffline(false);
    const refused = page.locator('.outbox [data-testid=failed-write]');
    await refused.waitFor();
    expect(await refused.textContent()).not.toBe('');
    expect((await results()).has(2)).toBe(false);
    // The server's answer now decides the screens: no result entry for an account that may not enter results.
    await page.getByTestId('saved-session').waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('enter-result-2').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('a saved sign-in the server has ended meanwhile: signed out once it answers, with a message, the queued result kept for a new sign-in', async () => {
    const phone = await phoneOnRound('ja', FOURTH);
    const { page, context } = phone;
    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByTestId('signed-in-as').textContent()).toContain('fourth-keeper');
    await enterResult(page, 3);
    await page.getByTestId('pending-writes').waitFor();
    // The organizer disables the account, which ends its sessions.
    const id = await accountId(FOURTH.username);
    expect((await venue.organizer.send('PATCH', `/api/accounts/${id}`, { disabled: true })).status).toBe(200);

    await context.setOffline(false);
    await page.getByTestId('session-ended').waitFor();
    await poll(() => page.getByTestId('pending-writes').textContent()).toContain(
      '送信するには再度サインインしてください',
    );
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    expect(await savedSession(page)).toBeNull();
    expect((await results()).has(3)).toBe(false);
    await shoot(page, 'offline-session-ended');
    // Still kept on the device after a reload, waiting for someone to sign in.
    await page.reload();
    await poll(() => page.getByTestId('pending-writes').textContent()).toContain('送信待ちの変更 1件');
    await context.close();
  }, 120_000);
  it('a tardiness penalty confirmed offline on the saved sign-in goes out once back online', async () => {
    // Two minutes past the round start: nobody at table 4 is seated, the round clock proposes warnings.
    server.clock.advanceMinutes(2);
    const phone = await openPerson(browser, server.url, {
      secure: true,
      lang: 'ja',
      viewport: PHONE,
      login: FLOOR,
    });
    people.push(phone);
    const { page, context } = phone;
    const [late] = tables.get(4)!;
    await page.goto(`/t/${venue.id}/rounds/1/clock`);
    await page.getByTestId(`propose-late-${late}`).filter({ hasText: '警告を提案' }).waitFor();
    await poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    await poll(async () => (await savedSession(page))?.body.account.username).toBe('venue-staff');
    await poll(async () => (await savedPaths(page)).some((p) => p.endsWith('/rounds/1/clock'))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByTestId('signed-in-saved').textContent()).toMatch(/に保存・未確認$/);
    await page.getByTestId(`propose-late-${late}`).click();
    await page.getByTestId(`confirm-late-${late}`).click();
    await poll(() => page.getByTestId('pending-writes').textContent()).toContain('送信待ちの変更 1件');
    const penalties = async () =>
      (await events()).filter((e) => e.type === 'PenaltyIssued' && e.data.player === late).map((e) => e.data.penalty);
    expect(await penalties()).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    expect(await penalties()).toEqual(['warning']);
    expect(await page.locator('.outbox [data-testid=failed-write]').count()).toBe(0);
    await context.close();
  }, 120_000);
});
