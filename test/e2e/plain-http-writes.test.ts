import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * A venue's phones reach the organizer's laptop as http://192.168.x.y:3000: not a secure
 * context, so no crypto.randomUUID, no service worker. Every write of the console must still
 * work there. A player's phone at 360 px goes through http://venue.test:PORT (such an origin):
 * public entry, check-in, a judge call and a result report, each pressed on the screen, must
 * reach the server's event log. And when something inside the outbox throws, the screen that
 * made the write says so instead of staying on "sending…".
 */

const executablePath = chromiumPath();
const T = 'plain-http';
const OTHERS = [
  { id: '4000000101', name: '十六夜 アキ' },
  { id: '4000000102', name: '龍可' },
  { id: '4000000103', name: '龍亞' },
] as const;

describe.skipIf(!executablePath)('every write works from a phone on a plain-HTTP venue address', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let phone: Person;
  const people: Person[] = [];

  async function events(): Promise<{ type: string; data: any }[]> {
    const lines = await organizer.getText(`/api/tournaments/${T}/export?format=events`);
    return lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    organizer = new StaffApi(server.url);
    await organizer.login(server.firstLogin.username, server.firstLogin.password);
    await organizer.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'organizer-password-1',
    });
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: '会場LAN大会',
      date: '2011-06-01',
      decklistsRequired: false,
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const closesAt = new Date(server.clock.now.getTime() + 120 * 60_000).toISOString();
    expect((await organizer.send('PUT', `/api/tournaments/${T}/entry`, { cap: 64, closesAt })).status).toBe(200);
    expect((await organizer.send('PUT', `/api/tournaments/${T}/player-reporting`, { enabled: true })).status).toBe(200);
    for (const p of OTHERS) expect((await organizer.send('POST', `/api/tournaments/${T}/players`, p)).status).toBe(201);
    phone = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
    people.push(phone);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('goes through an origin that is not a secure context', async () => {
    expect(new URL(phone.origin).hostname).toBe('venue.test');
    await phone.page.goto(`/t/${T}/entry`);
    await phone.page.getByTestId('entry-name').waitFor();
    expect(await phone.page.evaluate('window.isSecureContext')).toBe(false);
    expect(await phone.page.evaluate('typeof crypto.randomUUID')).toBe('undefined');
  });

  // Before round 1: the entry form is there only while entry is open.
  it('an error thrown inside the outbox is shown on the screen that made the write, and the button comes back', async () => {
    const broken = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE });
    people.push(broken);
    const page = broken.page;
    await page.goto(`/t/${T}/entry`);
    await page.getByTestId('entry-name').waitFor();
    // The random source fails from now on: the outbox cannot even make the write's key.
    await page.evaluate(() => {
      Object.defineProperty(crypto, 'getRandomValues', {
        value: () => {
          throw new Error('no random source');
        },
      });
    });
    const before = (await events()).length;
    await page.getByTestId('entry-name').fill('Crow Hogan');
    await page.getByTestId('entry-reading').fill('クロウ ホーガン');
    await page.getByTestId('entry-submit').click();
    const alert = page.getByRole('alert').filter({ hasText: 'no random source' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This device could not send it');
    await expect.poll(() => page.getByTestId('entry-submit').isEnabled()).toBe(true);
    expect((await events()).length).toBe(before);
  }, 60_000);
  it('a staff write from a plain-HTTP phone reaches the server too', async () => {
    await organizer.createAccount('desk', ['scorekeeper'], 'desk-password-12');
    const desk = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'desk', password: 'desk-password-12' },
    });
    people.push(desk);
    await desk.page.goto(`/t/${T}/check-in`);
    await desk.page.getByTestId(`staff-check-in-${OTHERS[0].id}`).click();
    await desk.page.getByTestId('check-in-count').filter({ hasText: '未チェックイン 2 名' }).waitFor();
    const checked = (await events()).filter((e) => e.type === 'PlayerCheckedIn').map((e) => e.data.player);
    expect(checked).toContain(OTHERS[0].id);
    expect(desk.errors).toEqual([]);
  }, 60_000);

  it('a public entry, a check-in, a judge call and a result report pressed on the phone reach the server', async () => {
    const page = phone.page;
    await page.getByTestId('entry-name').fill('不動 遊星');
    await page.getByTestId('entry-reading').fill('フドウ ユウセイ');
    await page.getByTestId('entry-submit').click();
    await page.getByTestId('entered').waitFor();
    const player = (await page.getByTestId('entered-id').textContent())!.trim();
    expect((await events()).some((e) => e.type === 'EntryReceived')).toBe(true);

    await page.getByTestId('entered-page').click();
    await page.getByTestId('check-in-button').click();
    await page.getByTestId('check-in').locator('.notice-ok').waitFor();
    expect((await events()).filter((e) => e.type === 'PlayerCheckedIn').map((e) => e.data.player)).toContain(player);

    expect((await organizer.send('POST', `/api/tournaments/${T}/rounds`, { round: 1 })).status).toBe(201);
    await page.reload();
    await page.getByTestId('call-button').click();
    await page.getByTestId('call-open').waitFor();
    expect((await events()).filter((e) => e.type === 'CallOpened').map((e) => e.data.player)).toEqual([player]);

    await page.getByText('2-0 で勝ち').click();
    await page.getByTestId('report-button').click();
    await page.getByTestId('self-status').filter({ hasText: 'あなたの報告' }).waitFor();
    expect((await events()).filter((e) => e.type === 'PlayerResultReported').map((e) => e.data.player)).toEqual([
      player,
    ]);
    await shootPhone(page, screenshotDir, 'plain-http-player-reported');
    expect(phone.errors).toEqual([]);
  }, 120_000);
});
