import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The public series leaderboard on a phone, in Chromium: two weekly events played and finished
 * through the API, a series over them; the page shows ranks and points, opens a player's
 * points per event, highlights the player reached from their page (?player=), goes back in time
 * (as of a date), and offers the CSV in the page's language.
 */

const executablePath = chromiumPath();
const PLAYERS = [
  { id: '4000000001', name: '武藤 遊戯', reading: 'むとう ゆうぎ' },
  { id: '4000000002', name: 'Seto Kaiba' },
  { id: '4000000003', name: '城之内 克也', reading: 'じょうのうち かつや' },
  { id: '4000000004', name: 'Mai Valentine' },
] as const;

describe.skipIf(!executablePath)('the series leaderboard', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let desk: StaffApi;

  async function weekly(id: string, date: string, winners: (a: string, b: string) => string): Promise<void> {
    const ok = (r: { status: number; body: unknown }, what: string) => {
      if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
      return r;
    };
    ok(
      await organizer.send('POST', '/api/tournaments', {
        id,
        name: `週例会 ${date}`,
        date,
        roundMinutes: 40,
        structure: { kind: 'swiss', rounds: 1, topCut: 0 },
      }),
      'create',
    );
    for (const p of PLAYERS) ok(await organizer.send('POST', `/api/tournaments/${id}/players`, p), 'register');
    ok(
      await organizer.send('POST', `/api/tournaments/${id}/rounds`, { round: 1, acceptDecklists: { reason: 'shop' } }),
      'pair',
    );
    const board = await organizer.send('GET', `/api/tournaments/${id}/rounds/1/pairings`);
    for (const table of board.body.tables as { table: number; players: { id: string }[] }[]) {
      const [a, b] = table.players.map((p) => p.id) as [string, string];
      const w = winners(a, b);
      ok(
        await desk.send('POST', `/api/tournaments/${id}/rounds/1/tables/${table.table}/result`, { duels: [w, w] }),
        'result',
      );
    }
    ok(await desk.send('POST', `/api/tournaments/${id}/rounds/1/end`), 'end');
    ok(await organizer.send('POST', `/api/tournaments/${id}/finish`), 'finish');
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
    await organizer.createAccount('desk', ['scorekeeper'], 'scorekeeper-password-1');
    desk = new StaffApi(server.url);
    await desk.login('desk', 'scorekeeper-password-1');
    await weekly('week-1', '2026-04-04', (a, b) => [a, b].sort()[0] as string);
    await weekly('week-2', '2026-04-11', (a, b) => [a, b].sort()[1] as string);
    const created = await organizer.send('POST', '/api/series', {
      id: 'spring',
      name: '春季ランキング 2026',
      from: '2026-04-01',
      to: '2026-06-30',
      points: 'ranking-duel',
    });
    expect(created.status).toBe(201);
    for (const t of ['week-1', 'week-2'])
      expect((await organizer.send('POST', '/api/series/spring/tournaments', { tournament: t })).status).toBe(200);
    await organizer.send('POST', '/api/series/spring/adjustments', {
      player: PLAYERS[3].id,
      points: 30,
      reason: '大会運営協力',
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows ranks, a player’s breakdown and their own row highlighted, as of a date, in ja and en', async () => {
    const person = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: server.firstLogin.username, password: 'organizer-password-1' },
    });
    const page = person.page;
    // From the player's own page of the last week: the link to their row on the leaderboard.
    await page.goto(`/t/week-2/p/${PLAYERS[1].id}`);
    await page.getByTestId('my-series').getByRole('link').click();
    await expect.poll(() => page.url()).toContain(`/series/spring?player=${PLAYERS[1].id}`);
    const board = page.getByTestId('series-board');
    await board.waitFor();
    const rows = board.locator('li.series-row');
    await expect.poll(() => rows.count()).toBe(4);
    // The player reached from their page: highlighted, their points per event open.
    const mine = board.locator(`li[data-player="${PLAYERS[1].id}"]`);
    expect(await mine.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => mine.getByTestId('series-breakdown').isVisible()).toBe(true);
    expect(await mine.getByTestId('series-breakdown').locator('li').count()).toBe(2);
    const api = await organizer.send('GET', '/api/series/spring/standings');
    const first = api.body.standings[0];
    expect(await rows.first().locator('.series-points').textContent()).toContain(String(first.points));
    await shootBoth(page, 'series-leaderboard');
    // As of the first week: one event counts.
    await page.getByTestId('series-as-of').fill('2026-04-05');
    await expect.poll(() => page.url()).toContain('asOf=2026-04-05');
    await expect
      .poll(async () => (await page.getByTestId('series-facts').textContent()) ?? '')
      .toMatch(/1大会|1 events/);
    const csv = await page.locator('a[download]').getAttribute('href');
    expect(csv).toContain('format=csv');
    expect(csv).toContain('asOf=2026-04-05');
    expect(person.errors).toEqual([]);
    await person.context.close();
  });
});
