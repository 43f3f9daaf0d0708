import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The head judge's paperwork in Chromium: the incident report opened from the penalty log and
 * printed on A4 (one page, its own style allowed by its own policy), the bundle's download on
 * the log, and "why this pairing" on a Swiss round's screen at 360 px for staff.
 */

const executablePath = chromiumPath();
const PLAYERS = [
  { id: '3000000001', name: '不動 遊星', reading: 'フドウ ユウセイ' },
  { id: '3000000002', name: 'Jack Atlas' },
  { id: '3000000003', name: '十六夜 アキ' },
  { id: '3000000004', name: 'Crow Hogan' },
  { id: '3000000005', name: '龍可' },
] as const;
const HEAD = { username: 'head', password: 'head-judge-password' };
const JUDGE = { username: 'floor', password: 'floor-judge-password' };
const T = 'paperwork';

describe.skipIf(!executablePath)('the console: incident reports, the bundle and why this pairing', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let head: Person;
  let judge: Person;
  let dq: number;

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
    await organizer.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    await organizer.createAccount(JUDGE.username, ['judge'], JUDGE.password);
    await organizer.createAccount('score', ['scorekeeper'], 'scorekeeper-password');
    const scorer = new StaffApi(server.url);
    await scorer.login('score', 'scorekeeper-password');
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: 'シティリーグ 5D’s',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) expect((await scorer.send('POST', `/api/tournaments/${T}/players`, p)).status).toBe(201);
    const one = await scorer.send('POST', `/api/tournaments/${T}/rounds`, {
      round: 1,
      seatTime: server.clock.now.toISOString(),
    });
    for (const m of one.body.pairing.matches as { table: number; players: [string, string] }[]) {
      const [a] = m.players;
      await scorer.send('POST', `/api/tournaments/${T}/rounds/1/tables/${m.table}/result`, { duels: [a, a] });
    }
    await scorer.send('POST', `/api/tournaments/${T}/rounds/1/end`);
    const two = await scorer.send('POST', `/api/tournaments/${T}/rounds`, {
      round: 2,
      seatTime: server.clock.now.toISOString(),
    });
    expect(two.status).toBe(201);
    const headApi = new StaffApi(server.url);
    await headApi.login(HEAD.username, HEAD.password);
    const [player] = two.body.pairing.matches[0].players as [string, string];
    const issued = await headApi.send('POST', `/api/tournaments/${T}/penalties`, {
      player,
      report: { infraction: 'bribery', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: [
        '対戦相手: 賞品を渡すと持ちかけられた / opponent: was offered the prize',
        '本人: 認めた / player: admitted it',
      ],
      notes: 'フロアジャッジが目撃 / seen by the floor judge',
    });
    expect(issued.status).toBe(201);
    dq = issued.body.penalty.penaltyId;
    head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
    judge = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: JUDGE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the head judge opens the incident report from the penalty log; it prints on one A4 page in ja and en', async () => {
    const page = head.page;
    await page.goto(`/t/${T}/log`);
    const link = page.getByTestId(`incident-${dq}`);
    await link.waitFor();
    expect(await page.getByTestId('report-bundle').getAttribute('href')).toBe(`/api/tournaments/${T}/report-bundle`);
    await shootBoth(page, 'paperwork-log');
    expect(await link.getAttribute('href')).toBe(`/api/tournaments/${T}/penalties/${dq}/incident-report?lang=ja`);
    const dir = join(screenshotDir, 'paperwork');
    mkdirSync(dir, { recursive: true });
    for (const lang of ['ja', 'en'] as const) {
      const report = await head.context.newPage();
      const blocked: string[] = [];
      report.on('console', (m) => {
        if (/Content.Security.Policy/i.test(m.text())) blocked.push(m.text());
      });
      await report.setViewportSize({ width: 794, height: 1123 });
      await report.goto(`/api/tournaments/${T}/penalties/${dq}/incident-report?lang=${lang}`);
      await report.emulateMedia({ media: 'print' });
      await report.screenshot({ path: join(dir, `incident-report.${lang}.a4.png`), fullPage: true });
      // The inline style applies under the page's own policy: the header cells are shaded.
      // No DOM types in the tests' TypeScript: the page's getComputedStyle, named by its shape.
      type Styles = { getComputedStyle(element: unknown): { backgroundColor: string } };
      const shade = (th: unknown) => (globalThis as unknown as Styles).getComputedStyle(th).backgroundColor;
      expect(await report.locator('th').first().evaluate(shade)).toBe('rgb(240, 240, 240)');
      expect(blocked).toEqual([]);
      expect(await report.locator('ol').nth(1).textContent()).toContain('本人: 認めた / player: admitted it');
      const pdf = await report.pdf({ format: 'A4', preferCSSPageSize: true });
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
      expect(await report.locator('h1').textContent()).toBe(lang === 'ja' ? 'インシデントレポート' : 'Incident report');
      await report.close();
    }
    expect(head.errors).toEqual([]);
  }, 120_000);

  it('a floor judge sees no report buttons on the log', async () => {
    const page = judge.page;
    await page.goto(`/t/${T}/log`);
    await page.getByTestId(`log-${dq}`).waitFor();
    expect(await page.getByTestId(`incident-${dq}`).count()).toBe(0);
    expect(await page.getByTestId('report-bundle').count()).toBe(0);
  }, 120_000);

  it('staff open "why this pairing" on a Swiss round at 360 px: one line per table and the bye', async () => {
    const page = judge.page;
    await page.goto(`/t/${T}/rounds/2`);
    const reasons = page.getByTestId('pairing-reasons');
    await reasons.locator('summary').click();
    await page.getByTestId('reason-1').waitFor();
    expect(await page.getByTestId('reason-1').textContent()).toMatch(/^卓1: /);
    expect(await page.getByTestId('reason-bye').textContent()).toContain('不戦勝');
    await reasons.scrollIntoViewIfNeeded();
    await shootBoth(page, 'paperwork-reasons');
    expect(judge.errors).toEqual([]);
  }, 120_000);
});
