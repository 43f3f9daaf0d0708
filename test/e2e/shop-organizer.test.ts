import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * What a shop organizer expected (issue 39), in Chromium at 360 px in ja: the entry fee at the
 * check-in desk, a player's own withdrawal moving the waiting list up (the moved-up entrant's
 * page says so), prizes with a disqualified-with-loss-of-prizes player named and why, and the
 * printable results report.
 */

const executablePath = chromiumPath();
const ORGANIZER = { username: 'tencho', password: 'organizer-password-2' };
const HEAD = { username: 'shinpan-cho', password: 'head-judge-password-2' };
const T = 'shoporg';
const path = `/api/tournaments/${T}`;
const ENTRANTS: [string, string][] = [
  ['佐藤 健太', 'サトウ ケンタ'],
  ['鈴木 翔', 'スズキ ショウ'],
  ['高橋 美咲', 'タカハシ ミサキ'],
  ['田中 大輔', 'タナカ ダイスケ'],
];

describe.skipIf(!executablePath)('a shop organizer in the console', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let desk: Person;
  let player: Person;
  const entries: { id: string; code: string; status: string }[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    api = new StaffApi(server.url);
    await api.login(server.firstLogin.username, server.firstLogin.password);
    await api.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'organizer-password-1',
    });
    await api.createAccount(ORGANIZER.username, ['organizer', 'scorekeeper'], ORGANIZER.password);
    await api.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    const created = await api.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会 12月',
      date: '2026-12-07',
      timeZone: 'Asia/Tokyo',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 2, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const opened = await api.send('PUT', `${path}/entry`, {
      cap: 3,
      closesAt: '2099-01-01T00:00:00.000Z',
      mode: 'waiting-list',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    for (const [name, reading] of ENTRANTS) {
      const entered = await api.send('POST', `${path}/entries`, { name, reading });
      expect(entered.status, JSON.stringify(entered.body)).toBe(201);
      entries.push({ id: entered.body.player, code: entered.body.code, status: entered.body.status });
    }
    desk = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
    player = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sets the entry fee at the check-in desk, marks a player paid and undoes it, with the unpaid count and total', async () => {
    const page = desk.page;
    await page.goto(`/t/${T}/check-in`);
    await page.getByTestId('fee-amount').fill('１０００');
    await page.getByTestId('fee-set').click();
    const totals = page.getByTestId('fee-totals');
    await expect.poll(() => totals.textContent()).toMatch(/支払済 0 名.*未払い 3 名（￥3,000）/);
    const first = entries[1]!.id;
    await page.getByTestId(`fee-paid-${first}`).click();
    await expect.poll(() => totals.textContent()).toMatch(/支払済 1 名（￥1,000）.*未払い 2 名（￥2,000）/);
    await page.getByTestId(`fee-undo-${first}`).click();
    await expect.poll(() => totals.textContent()).toMatch(/未払い 3 名/);
    await page.getByTestId(`fee-paid-${first}`).click();
    await expect.poll(() => totals.textContent()).toMatch(/支払済 1 名/);
    expect(await page.getByTestId('fee-unpaid-names').textContent()).not.toContain(ENTRANTS[1]![0]);
    await shootBoth(page, '39-check-in-fee');
  });

  it('a player withdraws from their page; the first waiting entrant moves up and their page says so', async () => {
    const [gone, , , waiting] = entries as [(typeof entries)[0], unknown, unknown, (typeof entries)[0]];
    expect(waiting.status).toBe('waiting');
    const page = player.page;
    await page.goto(`/t/${T}/p/${gone.id}?code=${gone.code}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('withdraw').click();
    await page.getByTestId('withdraw').waitFor({ state: 'detached' });
    await page.goto(`/t/${T}/p/${waiting.id}?code=${waiting.code}`);
    await page.getByTestId('moved-up').waitFor();
    expect(await page.getByTestId('moved-up').textContent()).toContain('繰り上げ');
    await shootBoth(page, '39-player-moved-up');
  });

  it('records a prize for a round, awards it, and says why the player disqualified with loss of prizes gets none', async () => {
    const seatTime = server.clock.now.toISOString();
    const scorer = new StaffApi(server.url);
    await scorer.login(ORGANIZER.username, ORGANIZER.password);
    const one = await scorer.send('POST', `${path}/rounds`, { round: 1, seatTime });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    for (const m of one.body.pairing.matches as { table: number; players: [string, string] }[]) {
      const result = await scorer.send('POST', `${path}/rounds/1/tables/${m.table}/result`, {
        duels: [m.players[0], m.players[0]],
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    }
    const end = await scorer.send('POST', `${path}/rounds/1/end`);
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    const two = await scorer.send('POST', `${path}/rounds`, { round: 2, seatTime });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const [cheat] = two.body.pairing.matches[0].players as [string, string];
    const head = new StaffApi(server.url);
    await head.login(HEAD.username, HEAD.password);
    const issued = await head.send('POST', `${path}/penalties`, {
      player: cheat,
      report: { infraction: 'bribery', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: ['相手に賞品を渡すと持ちかけた / offered the prize to the opponent'],
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const page = desk.page;
    await page.goto(`/t/${T}/prizes`);
    await page.getByTestId('prize-name').fill('参加賞パック');
    await page.getByTestId('prize-kind').selectOption('played');
    await page.getByTestId('prize-round').fill('1');
    await page.getByTestId('prize-add-button').click();
    await page.getByTestId('prize-award-p1').click();
    const prize = page.getByTestId('prize-p1');
    await prize.locator('.prize-awards').waitFor();
    expect(await prize.textContent()).not.toContain(cheat);
    const excluded = page.getByTestId('prize-excluded');
    await excluded.waitFor();
    expect(await excluded.textContent()).toMatch(new RegExp(`${cheat}.*受賞資格を失う失格のため`));
    await shootBoth(page, '39-prizes');
  });

  it('prints the results report: participants by the rule, the places, the penalties; the CSV beside it', async () => {
    const page = desk.page;
    await page.goto(`/t/${T}/print/results`);
    const report = page.getByTestId('results-report');
    await report.waitFor();
    // Four entered, one withdrew before round 1: three took part.
    expect(await page.getByTestId('results-participants').textContent()).toBe('3 名');
    expect(await page.getByTestId('results-penalties').textContent()).toContain('受賞資格を失う失格');
    expect(await page.getByTestId('results-csv').getAttribute('href')).toBe(
      `${path}/export?format=results.csv&lang=ja`,
    );
    await shootBoth(page, '39-results-report');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.print-toolbar').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
