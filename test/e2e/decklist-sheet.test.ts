import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The list a player sent, on the paper sheet (デッキ記入シート): opened by a judge from the
 * decklists screen and by the player from their page, printed to one A4 page with the player,
 * the zones and totals and the receipt, in Japanese and English.
 */

const executablePath = chromiumPath();
const T = 'sheet-day';
const HEAD = { username: 'head', password: 'head-judge-password' };
const blackwing = readFileSync(new URL('../../catalogue/decks/blackwing.txt', import.meta.url), 'utf8');

describe.skipIf(!executablePath)('the printable decklist sheet', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let head: Person;
  let player: Person;
  let code: string;
  let hash: string;

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
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: 'シティリーグ 記入シート',
      date: '2011-06-01',
      decklistsRequired: true,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const closesAt = new Date(server.clock.now.getTime() + 3_600_000).toISOString();
    expect((await organizer.send('PUT', `/api/tournaments/${T}/entry`, { cap: 8, closesAt })).status).toBe(200);
    const entered = await organizer.send('POST', `/api/tournaments/${T}/entries`, {
      name: '不動 遊星',
      reading: 'フドウ ユウセイ',
      cardGameId: '0123456789',
    });
    code = entered.body.code;
    const sent = await organizer.send('PUT', `/api/tournaments/${T}/players/E0001/decklist/submission`, {
      code,
      decklist: { format: 'text', text: blackwing },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    hash = sent.body.receipt.hash;
    head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
    player = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The sheet as it prints: one A4 page, and the screen at 360 px in the page's language. */
  async function printsOnOnePage(page: Page, name: string): Promise<void> {
    const sheet = page.getByTestId('decklist-sheet');
    await sheet.waitFor();
    await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
    await page.emulateMedia({ media: 'print' });
    const size = page.viewportSize();
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: join(screenshotDir, `${name}.a4.png`), fullPage: true, animations: 'disabled' });
    if (size) await page.setViewportSize(size);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    // The named page's A4 (595 × 842 pt), not the Letter size Chromium prints by default.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[0 0 59[45]\.\d+ 841\.\d+\]/);
    await expect(page.getByTestId('sheet-receipt').textContent()).resolves.toContain(hash);
  }

  it('opens from the staff decklists screen and prints on one A4 page in Japanese', async () => {
    const page = head.page;
    await page.goto(`/t/${T}/decklists`);
    await page.getByTestId('sheet-E0001').click();
    await page.getByTestId('decklist-sheet').waitFor();
    expect(await page.getByTestId('sheet-name').textContent()).toBe('不動 遊星');
    const text = (await page.getByTestId('decklist-sheet').textContent()) ?? '';
    for (const words of [
      'フドウ ユウセイ',
      '0123456789',
      'E0001',
      'メインデッキ 40枚',
      'ブラック・ホール',
      '魔法カード',
    ])
      expect(text).toContain(words);
    await printsOnOnePage(page, '77-decklist-sheet.ja');
    expect(head.errors).toEqual([]);
  }, 120_000);

  it("opens from the player's page with their code and prints in English", async () => {
    const page = player.page;
    await page.goto(`/t/${T}/p/E0001?code=${encodeURIComponent(code)}`);
    await page.getByTestId('print-sheet').click();
    await page.getByTestId('decklist-sheet').waitFor();
    const text = (await page.getByTestId('decklist-sheet').textContent()) ?? '';
    for (const words of ['Main Deck 40 cards', 'Dark Hole', 'Spell cards', 'Card Game ID'])
      expect(text).toContain(words);
    await printsOnOnePage(page, '77-decklist-sheet.en');
    // Another player's sheet is not the player's to open.
    await page.goto(`/t/${T}/print/decklist/E0001?code=wrong`);
    await page.locator('.notice').first().waitFor();
    expect(await page.getByTestId('decklist-sheet').count()).toBe(0);
    expect(player.errors).toEqual([]);
  }, 120_000);
});
