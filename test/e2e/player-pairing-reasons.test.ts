import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * Issue #25, 9: a player who thinks a pairing is wrong reads why on their own page, in ja and
 * en, once the organizer chooses to show it (off by default) on the tournament's overview.
 */

const executablePath = chromiumPath();
const ORGANIZER = { username: 'desk', password: 'organizer-desk-password' };
const T = 'why';
const PLAYERS = [
  { id: '6000000001', name: '不動 遊星' },
  { id: '6000000002', name: 'Jack Atlas' },
  { id: '6000000003', name: '十六夜 アキ' },
] as const;

describe.skipIf(!executablePath)("a player's page shows why they were paired, as the organizer chooses", () => {
  let server: ConsoleServer;
  let browser: Browser;
  let desk: Person;
  let player: Person;
  const codes = new Map<string, string>();
  let reasons: { players: string[]; reason: { ja: string; en: string } }[] = [];
  let seated = '';

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    const organizer = new StaffApi(server.url);
    await organizer.login(server.firstLogin.username, server.firstLogin.password);
    await organizer.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'organizer-password-1',
    });
    await organizer.createAccount(ORGANIZER.username, ['organizer'], ORGANIZER.password);
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会 5D’s',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 2, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS)
      codes.set(p.id, (await organizer.send('POST', `/api/tournaments/${T}/players`, p)).body.code);
    const paired = await organizer.send('POST', `/api/tournaments/${T}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    seated = paired.body.pairing.matches[0].players[0];
    reasons = (await organizer.send('GET', `/api/tournaments/${T}/rounds/1/reasons`)).body.tables;
    desk = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
    player = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('off by default: the player sees their table and no reason', async () => {
    await player.page.goto(`/t/${T}/p/${seated}?code=${codes.get(seated)}`);
    await player.page.getByTestId('my-match').waitFor();
    expect(await player.page.getByTestId('my-pairing-reason').count()).toBe(0);
  });

  it('the organizer turns it on from the overview; the player reads the reason for their own table in ja and en', async () => {
    await desk.page.goto(`/t/${T}`);
    const setting = desk.page.getByTestId('pairing-reasons-setting');
    await setting.waitFor();
    expect(await setting.textContent()).toContain('非表示');
    await desk.page.getByTestId('pairing-reasons-toggle').click();
    await setting.filter({ hasText: '表示中' }).waitFor();

    const own = reasons.find((r) => r.players.includes(seated))!.reason;
    const page = player.page;
    await page.reload();
    const line = page.getByTestId('my-pairing-reason');
    await line.waitFor();
    expect(await line.textContent()).toBe(`この組み合わせの理由: ${own.ja}`);
    await shootBoth(page, 'player-pairing-reason');
    await page.locator('.lang-switch button[lang=en]').first().click();
    await expect.poll(() => line.textContent()).toBe(`Why you were paired so: ${own.en}`);
  });

  it('saw no uncaught error in the pages', () => {
    expect(desk.errors).toEqual([]);
    expect(player.errors).toEqual([]);
  });
});
