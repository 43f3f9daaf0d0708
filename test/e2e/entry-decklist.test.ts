import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * A player comes in before the day on a 360 px phone, in Japanese: enters from the public page,
 * builds a 40-card list by searching cards, sees the finding for a forbidden card, takes it out,
 * submits and gets the receipt; once the deadline passes the page says the list is locked, and
 * the judge's deck check shows the same receipt.
 */

const executablePath = chromiumPath();
const T = 'entry-day';
const HEAD = { username: 'head', password: 'head-judge-password' };
const blackwing = new URL('../../catalogue/decks/blackwing.txt', import.meta.url).pathname;
/** The main deck of the sample list: [copies, name], 40 cards. */
const MAIN = readFileSync(blackwing, 'utf8')
  .split('【エクストラデッキ】')[0]!
  .split('\n')
  .flatMap((line) => {
    const m = /^(\d) (.+)$/.exec(line.trim());
    return m ? [[Number(m[1]), m[2]!] as const] : [];
  });
const FORBIDDEN = '強欲な壺';

describe.skipIf(!executablePath)('entry and the decklist from a phone', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let phone: Person;
  let head: Person;

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
    await organizer.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: 'シティリーグ 事前受付',
      date: '2011-06-01',
      decklistsRequired: true,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const later = (minutes: number) => new Date(server.clock.now.getTime() + minutes * 60_000).toISOString();
    for (const [method, path, body] of [
      ['PUT', 'decklist-publication', { scope: { kind: 'top', top: 8 } }],
      ['PUT', 'entry', { cap: 64, closesAt: later(120), mode: 'waiting-list' }],
      ['PUT', 'decklist-deadline', { until: later(60) }],
    ] as const)
      expect((await organizer.send(method, `/api/tournaments/${T}/${path}`, body)).status).toBe(200);
    phone = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
    head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('enters, builds the list by search, fixes the forbidden card, submits, and is locked after the deadline', async () => {
    const page = phone.page;
    await page.goto(`/t/${T}/entry`);
    await page.getByTestId('entry-terms').waitFor();
    await expect(page.getByTestId('entry-terms').textContent()).resolves.toContain('上位 8 名');
    await shootPhone(page, screenshotDir, '70-entry-page');
    await page.getByTestId('entry-name').fill('不動 遊星');
    await page.getByTestId('entry-reading').fill('フドウ ユウセイ');
    await page.getByTestId('entry-card-game-id').fill('0123456789');
    await page.getByTestId('entry-submit').click();
    await page.getByTestId('entered').waitFor();
    expect(await page.getByTestId('entered-id').textContent()).toBe('E0001');
    await shootPhone(page, screenshotDir, '71-entered');
    await page.getByTestId('entered-page').click();
    await page.getByTestId('my-decklist').waitFor();

    // The list by search: each card's name typed, its copies added.
    for (const [copies, name] of [...MAIN, [1, FORBIDDEN] as const]) {
      const found = await organizer.send('GET', `/api/tournaments/${T}/cards?q=${encodeURIComponent(name)}`);
      const passcode = found.body.cards[0].passcode as number;
      await page.getByTestId('card-search').fill(name);
      const add = page.getByTestId(`add-${passcode}`);
      await add.waitFor();
      for (let i = 0; i < copies; i++) await add.click();
    }
    const findings = page.getByTestId('deck-findings');
    await findings.waitFor();
    await expect(findings.textContent()).resolves.toContain(FORBIDDEN);
    await expect(page.getByTestId('submit-list').isDisabled()).resolves.toBe(true);
    await shootPhone(page, screenshotDir, '72-list-with-finding');

    // Taking the forbidden card out leaves the 40 legal cards.
    const pot = (await organizer.send('GET', `/api/tournaments/${T}/cards?q=${encodeURIComponent(FORBIDDEN)}`)).body
      .cards[0].passcode;
    await page.getByTestId(`less-main-${pot}`).click();
    await expect(page.getByTestId('zone-main').locator('legend').textContent()).resolves.toContain('40 枚');
    await page.getByTestId('live-findings').locator('.notice-ok').waitFor();
    await page.getByTestId('submit-list').click();
    const hash = page.getByTestId('receipt-hash');
    await hash.waitFor();
    const receipt = (await hash.textContent())!;
    expect(receipt).toMatch(/^[0-9A-F]{8}$/);
    await shootPhone(page, screenshotDir, '73-receipt');

    // The deadline passes: the page says the list is locked and still shows the receipt.
    server.clock.advanceMinutes(61);
    await page.reload();
    await page.getByTestId('list-locked').waitFor();
    expect(await page.getByTestId('receipt-hash').textContent()).toBe(receipt);
    await shootPhone(page, screenshotDir, '74-list-locked');

    // The judge's deck check shows the receipt the player holds.
    await head.page.goto(`/t/${T}/deck-check?player=E0001`);
    await expect(head.page.getByTestId('deck-check-receipt').textContent()).resolves.toContain(receipt);
    await shootPhone(head.page, screenshotDir, '75-deck-check-receipt');
    // A second entry under the same Card Game ID is flagged to staff, not refused.
    const twice = await organizer.send('POST', `/api/tournaments/${T}/entries`, {
      name: 'Yusei Fudo',
      reading: 'フドウ ユウセイ',
      cardGameId: '0123456789',
    });
    expect(twice.status).toBe(201);
    await head.page.goto(`/t/${T}/decklists`);
    await head.page.getByTestId('decklist-E0001').waitFor();
    await expect(head.page.getByTestId('duplicate-E0002').textContent()).resolves.toContain('E0001');
    await expect(head.page.getByTestId('duplicate-E0001').textContent()).resolves.toContain('E0002');
    await expect(head.page.getByTestId('decklists-count').textContent()).resolves.toContain('提出 1・未提出 1');
    await shootPhone(head.page, screenshotDir, '76-staff-decklists');

    // After the event the chosen lists are public, card names in the reader's language.
    const t = `/api/tournaments/${T}`;
    const judge = new StaffApi(server.url);
    await judge.login(HEAD.username, HEAD.password);
    for (let round = 1; round <= 3; round++) {
      const paired = await organizer.send('POST', `${t}/rounds`, {
        round,
        ...(round === 1 ? { acceptDecklists: { reason: 'E0002 の用紙を受付で回収' } } : {}),
      });
      expect(paired.status, JSON.stringify(paired.body)).toBe(201);
      for (const m of paired.body.pairing.matches as { table: number; players: [string, string] }[])
        await judge.send('POST', `${t}/rounds/${round}/tables/${m.table}/result`, { duels: ['E0001', 'E0001'] });
      await organizer.send('POST', `${t}/rounds/${round}/end`, {});
    }
    expect((await organizer.send('POST', `${t}/finish`, {})).status).toBe(200);
    await page.goto(`/t/${T}/decklists/published`);
    const published = page.getByTestId('published-E0001');
    await published.waitFor();
    await expect(published.textContent()).resolves.toContain('1位 不動 遊星');
    await expect(published.textContent()).resolves.toContain('3 × ＢＦ－蒼炎のシュラ');
    await shootPhone(page, screenshotDir, '77-published-decklists');
    expect([...phone.errors, ...head.errors]).toEqual([]);
  }, 180_000);
});
