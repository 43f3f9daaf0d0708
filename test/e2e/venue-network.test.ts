import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTls } from '../../src/adapters/http/tls-load.js';
import { chromiumPath, toolPath } from '../support/services.js';
import { makeVenueCert } from '../support/venue-cert.js';
import {
  launchChromium,
  openPerson,
  pageGet,
  PHONE,
  screenshotDir,
  shootPhone,
  type Person,
} from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';
import { homeTrusting } from './support/trusted-home.js';

/*
 * The venue's network as phones meet it. Through http://venue.test (a LAN address: not a
 * secure context) staff read one line on what it loses, with the way to HTTPS, and players
 * nothing alarming; the notification switch gives the real reason. The links and QR codes the
 * console gives phones use an address they can reach (SHINPAN_PUBLIC_URL) or say plainly they
 * cannot. Over HTTPS from shinpan itself (a mkcert certificate, its CA trusted the way a staff
 * phone trusts it) the console is a secure context: the service worker registers, and the
 * staff page offers the CA certificate with the iOS and Android steps.
 */

const executablePath = chromiumPath();
const T = 'lan-cup';
const PLAYER = { id: '4000000201', name: '鬼柳 京介' };
const DESK = { username: 'desk', password: 'desk-password-123' };

async function tournament(server: ConsoleServer): Promise<{ api: StaffApi; code: string }> {
  const api = new StaffApi(server.url);
  await api.login(server.firstLogin.username, server.firstLogin.password);
  await api.send('POST', '/api/auth/password', {
    currentPassword: server.firstLogin.password,
    newPassword: 'organizer-password-1',
  });
  await api.createAccount(DESK.username, ['organizer'], DESK.password);
  const created = await api.send('POST', '/api/tournaments', {
    id: T,
    name: 'サテライト杯',
    date: '2011-06-01',
    structure: { kind: 'swiss', rounds: 3, topCut: 0 },
  });
  expect(created.status).toBe(201);
  const registered = await api.send('POST', `/api/tournaments/${T}/players`, PLAYER);
  expect(registered.status).toBe(201);
  return { api, code: registered.body.code as string };
}

describe.skipIf(!executablePath)('a plain-HTTP venue address: what the console says', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let code: string;
  const people: Person[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    ({ code } = await tournament(server));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('staff read one line on what plain HTTP loses, leading to the venue HTTPS page', async () => {
    const staff = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: DESK });
    people.push(staff);
    await staff.page.goto(`/t/${T}`);
    const line = staff.page.getByTestId('plain-http');
    await line.waitFor();
    expect(await line.textContent()).toContain('オフラインでの再読み込みと通知は使えません');
    await shootPhone(staff.page, screenshotDir, 'plain-http-staff');
    await line.getByRole('link').click();
    await staff.page.getByTestId('venue-https-state').filter({ hasText: 'HTTP です' }).waitFor();
    // This server has no HTTPS: the page says so instead of offering steps that lead nowhere.
    await staff.page.getByTestId('venue-https-none').waitFor();
    expect(staff.errors).toEqual([]);
  });

  it('a player sees nothing alarming; the notification switch says why it is off, not "blocked"', async () => {
    const player = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE });
    people.push(player);
    await player.page.goto(`/t/${T}/p/${PLAYER.id}?code=${code}`);
    const why = player.page.getByTestId('notify-insecure');
    await why.waitFor();
    expect(await why.textContent()).toContain('not available on this (plain HTTP) address');
    expect(await player.page.getByTestId('notify-blocked').count()).toBe(0);
    expect(await player.page.getByTestId('plain-http').count()).toBe(0);
    expect(await player.page.locator('.notice-warn, .notice-error').count()).toBe(0);
    await shootPhone(player.page, screenshotDir, 'plain-http-player');
    expect(player.errors).toEqual([]);
  });

  it('on the machine itself, with no address phones can reach, the share card and the slips say so plainly', async () => {
    const organizer = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: DESK, secure: true });
    people.push(organizer);
    expect(await organizer.page.evaluate('window.isSecureContext')).toBe(false);
    await organizer.page.goto(`/t/${T}`);
    await organizer.page.getByTestId('entry-settings').locator('summary').first().click();
    const notice = organizer.page.getByTestId('entry-settings').getByTestId('local-address');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('選手のスマートフォンからは開けません');
    await organizer.page.goto(`/t/${T}/print/registration`);
    await organizer.page.getByTestId('local-address').waitFor();
    // A staff screen on localhost is a secure context: no plain-HTTP line there.
    expect(await organizer.page.getByTestId('plain-http').count()).toBe(0);
  });
});

describe.skipIf(!executablePath)('SHINPAN_PUBLIC_URL in every link given to phones', () => {
  it('the entry link and the slips use the public address, even for an organizer on the machine itself', async () => {
    ensureConsoleBuilt();
    const server = await startConsoleServer({ publicUrl: 'https://shinpan.example.jp' });
    const browser = await launchChromium(executablePath!);
    try {
      const { code } = await tournament(server);
      const organizer = await openPerson(browser, server.url, {
        lang: 'en',
        viewport: PHONE,
        login: DESK,
        secure: true,
      });
      await organizer.page.goto(`/t/${T}`);
      await organizer.page.getByTestId('entry-settings').locator('summary').first().click();
      await expect
        .poll(() => organizer.page.getByTestId('entry-link').getAttribute('href'))
        .toBe(`https://shinpan.example.jp/t/${T}/entry`);
      await organizer.page.goto(`/t/${T}/print/registration`);
      await expect
        .poll(() => organizer.page.getByTestId(`slip-${PLAYER.id}`).getAttribute('data-url'))
        .toBe(`https://shinpan.example.jp/t/${T}/p/${PLAYER.id}?code=${code}`);
      expect(await organizer.page.getByTestId('local-address').count()).toBe(0);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 120_000);
});

const mkcert = toolPath('mkcert', 'mkcert');
const certutil = toolPath('certutil', 'libnss3-tools');

describe.skipIf(!executablePath || !mkcert || !certutil)('HTTPS from shinpan at https://venue.test', () => {
  let dir: string;
  let home: string;
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureConsoleBuilt();
    dir = mkdtempSync(join(tmpdir(), 'shinpan-venue-ca-'));
    const cert = makeVenueCert(mkcert!, dir, ['venue.test', '127.0.0.1']);
    server = await startConsoleServer({ tls: loadTls(cert, new Date()), httpPort: 0 });
    home = homeTrusting(certutil!, cert.caFile);
    browser = await launchChromium(executablePath!, home);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    for (const path of [dir, home]) if (path) rmSync(path, { recursive: true, force: true });
  });

  it('is a secure context: the service worker registers; the staff page offers the CA and the iOS and Android steps', async () => {
    const staff = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
    expect(staff.origin).toMatch(/^https:\/\/venue\.test:\d+$/);
    await staff.page.goto('/https');
    await staff.page.getByTestId('venue-https-state').filter({ hasText: '安全です' }).waitFor();
    expect(await staff.page.evaluate('window.isSecureContext')).toBe(true);
    await expect
      .poll(() => staff.page.evaluate('navigator.serviceWorker.ready.then((r) => r.active !== null)'), {
        timeout: 30_000,
      })
      .toBe(true);
    await staff.page.getByTestId('venue-ca').waitFor();
    expect(await staff.page.getByTestId('venue-ios').locator('li').count()).toBe(3);
    expect(await staff.page.getByTestId('venue-android').locator('li').count()).toBe(2);
    const ca = await pageGet(staff.page, '/api/venue/ca.crt');
    expect([ca.status, ca.contentType]).toEqual([200, 'application/x-x509-ca-cert']);
    await shootPhone(staff.page, screenshotDir, 'venue-https-staff');
    expect(staff.errors).toEqual([]);
  }, 90_000);
});
