import jsQRModule from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * Players on their own phones, in Chromium: the QR code on the printed registration slip opens
 * the player's page (decoded here from the slip as printed); a player checks in there, staff
 * check one in and drop the no-show; two players on two phones report and confirm their match,
 * which then shows in the standings; a disagreement lands in the head judge's queue with both
 * reports side by side.
 */

const executablePath = chromiumPath();
// jsQR is CommonJS: its default import is the function at run time, the module in its types.
const jsQR = (typeof jsQRModule === 'function' ? jsQRModule : jsQRModule.default) as typeof jsQRModule.default;
const PLAYERS = [
  { id: '3000000001', name: '不動 遊星' },
  { id: '3000000002', name: 'Jack Atlas' },
  { id: '3000000003', name: '十六夜 アキ' },
  { id: '3000000004', name: 'Crow Hogan' },
  { id: '3000000005', name: '龍可' },
] as const;
const HEAD = { username: 'head', password: 'head-judge-password' };
const ORGANIZER = { username: 'boss', password: 'organizer-password-2' };
const T = 'phones';

/** Reads the QR code of a slip as drawn in the page (its SVG path of unit squares), with a real QR decoder. */
async function decodeSlipQr(page: Page, player: string): Promise<string | null> {
  const qr = page.getByTestId(`slip-${player}`).getByTestId('qr');
  const size = Number(await qr.getAttribute('data-qr-size'));
  const d = (await qr.locator('path').getAttribute('d')) ?? '';
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe.skipIf(!executablePath)('players report results from their phones', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let desk: Person;
  let head: Person;
  const phones = new Map<string, Person>();
  const urls = new Map<string, string>();
  const codes = new Map<string, string>();
  let tables: { table: number; players: [string, string] }[] = [];

  async function phone(player: string, lang: 'ja' | 'en' = 'ja'): Promise<Page> {
    let person = phones.get(player);
    if (!person) {
      person = await openPerson(browser, server.url, { lang, viewport: PHONE, secure: true });
      phones.set(player, person);
      await person.page.goto(urls.get(player)!);
    }
    return person.page;
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
    await organizer.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    await organizer.createAccount(ORGANIZER.username, ['organizer'], ORGANIZER.password);
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会 5D’s',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) {
      const registered = await organizer.send('POST', `/api/tournaments/${T}/players`, p);
      codes.set(p.id, registered.body.code);
    }
    desk = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
    head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('prints one slip per player whose QR code decodes to the player’s own page with their code', async () => {
    const page = desk.page;
    await page.goto(`/t/${T}/print/registration`);
    await page.getByTestId(`slip-${PLAYERS[0].id}`).waitFor();
    expect(await page.locator('article.reg-slip').count()).toBe(PLAYERS.length);
    for (const p of PLAYERS) {
      const decoded = await decodeSlipQr(page, p.id);
      expect(decoded).toBe(`${desk.origin}/t/${T}/p/${p.id}?code=${codes.get(p.id)}`);
      // The phones below need a secure context (their service worker): they open the same page on the loopback address.
      const address = new URL(decoded!);
      urls.set(p.id, `${address.pathname}${address.search}`);
    }
    await shootBoth(page, '60-registration-slips');
  });

  it('checks a player in from the QR page, another by staff, and drops the no-show after naming how many', async () => {
    const a = PLAYERS[0].id;
    const page = await phone(a);
    await page.getByTestId('check-in-button').click();
    await page.getByTestId('check-in').locator('.notice-ok').waitFor();
    await shootBoth(page, '61-player-check-in');
    // Two more check in by API as their phones would; the desk checks the fourth in from the list.
    for (const p of PLAYERS.slice(1, 3))
      expect(
        (await organizer.send('POST', `/api/tournaments/${T}/players/${p.id}/check-in`, { code: codes.get(p.id) }))
          .status,
      ).toBe(200);
    await desk.page.goto(`/t/${T}/check-in`);
    await desk.page.getByTestId(`staff-check-in-${PLAYERS[3].id}`).click();
    await desk.page.getByTestId('check-in-count').filter({ hasText: '未チェックイン 1 名' }).waitFor();
    await shootBoth(desk.page, '62-check-in-view');
    let asked = '';
    desk.page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await desk.page.getByTestId('drop-no-shows').click();
    await desk.page.getByTestId('check-in-count').filter({ hasText: '未チェックイン 0 名' }).waitFor();
    expect(asked).toContain('1 名');
  });

  it('two players on two phones report and confirm a result, which then shows in the standings', async () => {
    await desk.page.goto(`/t/${T}`);
    await desk.page.getByTestId('player-reporting-toggle').click();
    await desk.page.getByTestId('player-reporting').filter({ hasText: '受付中' }).waitFor();
    const paired = await organizer.send('POST', `/api/tournaments/${T}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    tables = paired.body.pairing.matches;
    const [x, y] = tables[0]!.players;
    const px = await phone(x);
    await px.reload();
    await px.getByTestId('my-match').filter({ hasText: '1番卓' }).waitFor();
    await px.getByText('2-1 で勝ち').click();
    await px.getByTestId('report-button').click();
    await px.getByTestId('self-status').filter({ hasText: 'あなたの報告' }).waitFor();
    await shootBoth(px, '63-player-reported');
    const py = await phone(y, 'en');
    await py.reload();
    await py.getByTestId('confirm').waitFor();
    await shootBoth(py, '64-player-to-confirm');
    await py.getByTestId('confirm-button').click();
    await py
      .getByTestId('self-status')
      .filter({ hasText: /recorded|記録/ })
      .waitFor();
    // The first player's page follows live.
    await px.getByTestId('self-status').filter({ hasText: '両選手の報告' }).waitFor();
    await px.goto(`/t/${T}/standings`);
    const first = px.getByTestId('standings').locator('tbody tr').first();
    await expect.poll(() => first.textContent()).toContain(PLAYERS.find((p) => p.id === x)!.name);
  });

  it('a disagreement lands in the head judge’s queue with both reports side by side', async () => {
    const [x, y] = tables[1]!.players;
    const send = (id: string, duels: string[]) =>
      organizer.send('POST', `/api/tournaments/${T}/players/${id}/result`, {
        code: codes.get(id),
        round: 1,
        table: tables[1]!.table,
        duels,
      });
    expect((await send(x, [x, x])).status).toBe(200);
    expect((await send(y, [y, y])).status).toBe(200);
    await head.page.goto(`/t/${T}/queue`);
    const entry = head.page.getByTestId(`queued-1-${tables[1]!.table}`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain('食い違い');
    // Each report names its winner, so two opposite reports never read alike.
    const name = (id: string) => PLAYERS.find((p) => p.id === id)!.name;
    expect(await entry.getByTestId('reports-side-by-side').locator('td').allTextContents()).toEqual([
      expect.stringContaining(`${name(x)} の勝ち 2-0`),
      expect.stringContaining(`${name(y)} の勝ち 2-0`),
    ]);
    await entry.scrollIntoViewIfNeeded();
    await shootBoth(head.page, '65-judges-queue-player-reports');
    // The agreed match: from its table card, both players' reports and who confirmed.
    await head.page.goto(`/t/${T}/rounds/1`);
    await head.page.getByTestId(`player-reports-${tables[0]!.table}`).click();
    await head.page.getByTestId('match-reports').locator('.notice-ok').waitFor();
    await shootBoth(head.page, '66-match-reports');
    for (const person of [desk, head, ...phones.values()]) expect(person.errors).toEqual([]);
  });

  it('a report nobody confirms goes to the judges when the time runs out: both players’ pages and the queue switch without a reload', async () => {
    // The head judge settles round 1's disputed match; round 2 is paired.
    const judge = new StaffApi(server.url);
    await judge.login(HEAD.username, HEAD.password);
    const settled = await judge.send('POST', `/api/tournaments/${T}/rounds/1/tables/${tables[1]!.table}/result`, {
      duels: [tables[1]!.players[0], tables[1]!.players[0]],
    });
    expect(settled.status).toBe(200);
    expect((await organizer.send('POST', `/api/tournaments/${T}/rounds/1/end`, {})).status).toBe(200);
    const paired = await organizer.send('POST', `/api/tournaments/${T}/rounds`, { round: 2 });
    expect(paired.status).toBe(201);
    const { table, players } = paired.body.pairing.matches[0] as { table: number; players: [string, string] };
    const [x, y] = players;
    const px = await phone(x);
    const py = await phone(y);
    for (const p of [px, py]) {
      await p.goto(urls.get(p === px ? x : y)!);
      await p.getByTestId('my-match').filter({ hasText: '第2回戦' }).waitFor();
      // Installed: the service worker's first taking over reloads the screens once; that must not be what switches them.
      await expect.poll(() => p.evaluate('!!navigator.serviceWorker.controller'), { timeout: 30_000 }).toBe(true);
    }
    await px.getByText('2-0 で勝ち').click();
    await px.getByTestId('report-button').click();
    await px.getByTestId('self-status').filter({ hasText: 'あなたの報告' }).waitFor();
    await py.getByTestId('confirm').waitFor();
    // Both pages say when it goes to the judges: the report's time plus the organizer's 10 minutes, on the server's clock.
    const due = new Date(server.clock.now.getTime() + 10 * 60_000).toLocaleTimeString('ja-JP', {
      hour: '2-digit',
      minute: '2-digit',
    });
    for (const p of [px, py])
      await p
        .getByTestId('judges-at')
        .filter({ hasText: `${due} までに確認` })
        .waitFor();
    await shootBoth(px, '67-player-waiting-with-deadline');
    await shootBoth(py, '68-player-to-confirm-with-deadline');
    await head.page.goto(`/t/${T}/queue`);
    await head.page.getByTestId('player-reports-queue').waitFor();
    expect(await head.page.getByTestId(`queued-2-${table}`).count()).toBe(0);
    for (const p of [px, py, head.page])
      await p.evaluate(() => ((globalThis as { marker?: string }).marker = 'same page'));

    // Not yet at nine minutes (the server's clock decides); at eleven, without a write, the pages follow.
    server.clock.advanceMinutes(9);
    const queued = async () =>
      ((await judge.send('GET', `/api/tournaments/${T}/player-reports`)).body.queue as { round: number }[]).filter(
        (q) => q.round === 2,
      ).length;
    expect(await queued()).toBe(0);
    server.clock.advanceMinutes(2);
    expect(await queued()).toBe(1);
    for (const p of [px, py])
      await p.getByTestId('self-status').filter({ hasText: 'ジャッジが裁定します' }).waitFor({ timeout: 10_000 });
    expect(await py.getByTestId('confirm').count()).toBe(0);
    expect(await px.getByTestId('judges-at').count()).toBe(0);
    expect(await px.getByTestId('self-status').textContent()).toContain('あなたの報告');
    await head.page.getByTestId(`queued-2-${table}`).filter({ hasText: '時間内に確認なし' }).waitFor();
    for (const p of [px, py, head.page])
      expect(await p.evaluate(() => (globalThis as { marker?: string }).marker)).toBe('same page');
    await shootBoth(px, '69-player-judges-after-time');
    for (const person of [desk, head, ...phones.values()]) expect(person.errors).toEqual([]);
  }, 90_000);

  it('a phone without the live stream (refused, as past the cap of streams per address) asks the server itself when the time runs out', async () => {
    const set = await organizer.send('PUT', `/api/tournaments/${T}/player-reporting`, {
      enabled: true,
      confirmMinutes: 1,
    });
    expect(set.status).toBe(200);
    const round2 = await organizer.send('GET', `/api/tournaments/${T}/rounds/2/pairings`);
    const other = (round2.body.tables as { table: number | null; players: { id: string }[] }[]).find(
      (x) => x.table === 2,
    )!;
    const x = other.players[0]!.id;
    const person = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, secure: true });
    let refused = 0;
    await person.context.route('**/api/tournaments/*/live', (route) => {
      refused += 1;
      return route.abort();
    });
    const page = person.page;
    await page.goto(urls.get(x)!);
    await page.getByTestId('my-match').filter({ hasText: '2番卓' }).waitFor();
    // Installed first: the service worker's taking over reloads the screens once, which is not what is tested here.
    await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller'), { timeout: 30_000 }).toBe(true);
    await page.getByText('2-0 で勝ち').click();
    await page.getByTestId('report-button').click();
    await page.getByTestId('judges-at').waitFor({ timeout: 45_000 });
    // The server's clock passes the minute at once; the page, hearing nothing, asks when its own count reaches it.
    server.clock.advanceMinutes(2);
    await page.getByTestId('self-status').filter({ hasText: 'あなたの報告' }).waitFor();
    expect(await page.getByTestId('self-status').textContent()).not.toContain('ジャッジが裁定します');
    await page.getByTestId('self-status').filter({ hasText: 'ジャッジが裁定します' }).waitFor({ timeout: 120_000 });
    expect(refused).toBeGreaterThan(0);
    expect(person.errors).toEqual([]);
    await person.context.close();
  }, 180_000);
});
