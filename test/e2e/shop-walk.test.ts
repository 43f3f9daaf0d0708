import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * A shop event walked in Chromium at 360 px in ja (issue 39): a duplicate entry dropped from
 * the players screen (the confirmation names the id, the warning goes), the player's clock
 * before and after the round starts, and the standings print mid-round naming that round.
 */

const executablePath = chromiumPath();
const ORGANIZER = { username: 'tencho', password: 'organizer-password-2' };
const T = 'shopwalk';
const DECKS = new URL('../../catalogue/decks/', import.meta.url).pathname;
const ENTRANTS: [string, string, string][] = [
  ['佐藤 健太', 'サトウ ケンタ', '0123456701'],
  ['鈴木 翔', 'スズキ ショウ', '0123456702'],
  ['高橋 美咲', 'タカハシ ミサキ', '0123456703'],
  ['田中 大輔', 'タナカ ダイスケ', '0123456704'],
  ['佐藤 健太', 'サトウ ケンタ', '0123456701'],
];

describe.skipIf(!executablePath)('a shop event walk in the console', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let desk: Person;
  let player: Person;
  const entries: { id: string; code: string }[] = [];

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
    await api.createAccount(ORGANIZER.username, ['organizer', 'scorekeeper', 'head-judge'], ORGANIZER.password);
    const created = await api.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会 12月',
      date: '2026-12-07',
      timeZone: 'Asia/Tokyo',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const opened = await api.send('PUT', `/api/tournaments/${T}/entry`, {
      cap: 8,
      closesAt: '2099-01-01T00:00:00.000Z',
      mode: 'waiting-list',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    for (const [name, reading, cardGameId] of ENTRANTS) {
      const entered = await api.send('POST', `/api/tournaments/${T}/entries`, { name, reading, cardGameId });
      expect(entered.status, JSON.stringify(entered.body)).toBe(201);
      entries.push({ id: entered.body.player, code: entered.body.code });
    }
    desk = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
    player = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('drops the duplicate: the confirmation names its id, and the duplicate warning goes', async () => {
    const duplicate = entries[4]!;
    await desk.page.goto(`/t/${T}/decklists`);
    await desk.page.getByTestId(`duplicate-${duplicate.id}`).waitFor();
    await desk.page.goto(`/t/${T}/players`);
    const row = desk.page.getByTestId(`player-${duplicate.id}`);
    let asked = '';
    desk.page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'ドロップ' }).click();
    await expect.poll(() => asked).toBe(`佐藤 健太（${duplicate.id}）をドロップしますか？`);
    await row.getByRole('button', { name: 'ドロップ' }).waitFor({ state: 'detached' });
    await desk.page.goto(`/t/${T}/decklists`);
    await desk.page.getByTestId(`decklist-${entries[0]!.id}`).waitFor();
    expect(await desk.page.locator('[data-testid^="duplicate-"]').count()).toBe(0);
    await desk.page.goto(`/t/${T}`);
    await expect
      .poll(() => desk.page.getByText('参加者').locator('xpath=following-sibling::dd[1]').textContent())
      .toBe('4');
    await shootBoth(desk.page, '39-overview-participants');
  });

  it('starts the decklist builder from the list sent, so changing one card does not mean building 40 again', async () => {
    const me = entries[0]!;
    const sent = await api.send('PUT', `/api/tournaments/${T}/players/${me.id}/decklist/submission`, {
      code: me.code,
      decklist: { format: 'text', text: readFileSync(`${DECKS}blackwing.txt`, 'utf8') },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await player.page.goto(`/t/${T}/p/${me.id}?code=${me.code}`);
    await player.page.getByTestId('receipt').waitFor();
    const main = player.page.getByTestId('zone-main');
    await main.waitFor();
    expect(await main.locator('legend').textContent()).toMatch(/メインデッキ · 40枚|40/);
    await shootBoth(player.page, '39-builder-prefilled');
  });

  it('shows the venue code on the check-in screen; a player checks in by typing it', async () => {
    await desk.page.goto(`/t/${T}/check-in`);
    await desk.page.getByTestId('venue-code-toggle').click();
    const digits = desk.page.getByTestId('venue-code-digits');
    await digits.waitFor();
    const shown = (await digits.textContent())!;
    expect(shown).toMatch(/^\d{4}$/);
    await shootBoth(desk.page, '39-check-in-venue-code');
    const me = entries[1]!;
    await player.page.goto(`/t/${T}/p/${me.id}?code=${me.code}`);
    const input = player.page.getByTestId('venue-code-input');
    await input.waitFor();
    expect(await player.page.getByTestId('check-in-button').isDisabled()).toBe(true);
    await input.fill(shown.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)));
    await shootBoth(player.page, '39-player-venue-code');
    await player.page.getByTestId('check-in-button').click();
    await player.page.getByTestId('check-in').locator('.notice-ok').waitFor();
  });

  it('says when the server asks to wait (too many entries from this network) and keeps the entry until sent', async () => {
    // Fill this address's minute of entries, then one more from the entry page.
    let status = 201;
    for (let i = 0; i < 11 && status !== 429; i++)
      status = (
        await api.send('POST', `/api/tournaments/${T}/entries`, {
          name: `待機 ${i}`,
          reading: 'タイキ',
          cardGameId: `01234567${String(10 + i)}`,
        })
      ).status;
    expect(status).toBe(429);
    const page = player.page;
    await page.goto(`/t/${T}/entry`);
    await page.getByTestId('entry-name').fill('伊藤 蓮');
    await page.getByTestId('entry-reading').fill('イトウ レン');
    // Typed on a Japanese keyboard: full-width digits become the same digits.
    await page.getByTestId('entry-card-game-id').fill('０１２３４５６７９９');
    expect(await page.getByTestId('entry-card-game-id').inputValue()).toBe('0123456799');
    await page.getByTestId('entry-submit').click();
    const notice = page.getByTestId('rate-limited');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /このアドレスからのエントリーが多すぎます。\d+ 秒待ってください。 \d+ 秒後に自動で再送します/,
    );
    expect(await page.evaluate("localStorage.getItem('shinpan.outbox.v1')")).toContain('伊藤 蓮');
    await shootBoth(page, '39-entry-rate-limited');
  });

  it("shows 開始前 on the player's clock until the round starts, then the time left", async () => {
    const paired = await api.send('POST', `/api/tournaments/${T}/rounds`, { round: 1, startLater: true });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    const me = entries[0]!;
    await player.page.goto(`/t/${T}/p/${me.id}?code=${me.code}`);
    const clock = player.page.getByTestId('self-clock');
    await expect.poll(() => clock.textContent()).toBe('開始前（着席時刻は開始時に決まります）');
    await shootBoth(player.page, '39-player-clock-not-started');
    // The round screen does not call a table 対戦中 before anyone plays.
    await desk.page.goto(`/t/${T}/rounds/1`);
    await expect.poll(() => desk.page.getByTestId('outcome-1').textContent()).toBe('開始前');
    await shootBoth(desk.page, '39-round-not-started');
    expect((await api.send('POST', `/api/tournaments/${T}/rounds/1/start`, {})).status).toBeLessThan(300);
    await expect.poll(() => clock.textContent()).toMatch(/^残り /);
    // 200 % page zoom on a 360 px phone: 180 CSS px, and nothing scrolls sideways; 2番卓 stays one word.
    await player.page.setViewportSize({ width: 180, height: 740 });
    await player.page.waitForTimeout(200);
    const sideways = await player.page.evaluate(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    );
    const [scroll, client] = sideways as [number, number];
    expect(scroll).toBeLessThanOrEqual(client);
    const label = player.page.getByTestId('my-match').locator('.table-label');
    const box = await label.boundingBox();
    const lineHeight = await label.evaluate((el) => {
      // The test's types know no DOM; the page has it.
      const view = globalThis as unknown as { getComputedStyle: (e: unknown) => { lineHeight: string } };
      return Number.parseFloat(view.getComputedStyle(el).lineHeight);
    });
    expect(box!.height).toBeLessThan(lineHeight * 1.5);
    await player.page.screenshot({ path: `${screenshotDir}39-player-page-200-percent.ja.png`, fullPage: true });
    await player.page.setViewportSize(PHONE);
  });

  it('heads the standings print mid-round with the round being played', async () => {
    const pairings = await api.send('GET', `/api/tournaments/${T}/rounds/1/pairings`);
    const first = pairings.body.tables[0] as { table: number; players: { id: string }[] };
    const winner = first.players[0]!.id;
    const scorer = new StaffApi(server.url);
    await scorer.login(ORGANIZER.username, ORGANIZER.password);
    const reported = await scorer.send('POST', `/api/tournaments/${T}/rounds/1/tables/${first.table}/result`, {
      duels: [winner, winner],
    });
    expect(reported.status, JSON.stringify(reported.body)).toBeLessThan(300);
    await desk.page.goto(`/t/${T}/print/standings`);
    await expect
      .poll(() => desk.page.getByTestId('standings-after').textContent())
      .toBe('第1回戦・マッチ戦（2本先取） 対戦中（報告済みの結果まで）');
    await shootBoth(desk.page, '39-standings-print-mid-round');
    expect([...desk.errors, ...player.errors]).toEqual([]);
  });
});
