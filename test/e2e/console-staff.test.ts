import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, pageGet, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The organizer's phone in Chromium: the player list in 五十音 order by reading (hiragana,
 * katakana and half-width readings together, a name without a reading by its name), the table
 * finder matching a reading typed in the other kana, the readings in the standings, and a staff account created for one
 * tournament and disabled from the staff screen, after which it cannot sign in.
 */

const executablePath = chromiumPath();
const T = 'yomi';
const ORGANIZER = { username: 'organizer', password: 'organizer-password-1' };
// Registration order is not the 五十音 order.
const PLAYERS = [
  { id: '3000000001', name: '渡辺 健', reading: 'ワタナベ ケン' },
  { id: '3000000002', name: '阿部 一郎', reading: 'あべ いちろう' },
  { id: '3000000003', name: 'Smith John' },
  { id: '3000000004', name: '伊藤 花子', reading: 'ｲﾄｳ ﾊﾅｺ' },
  { id: '3000000005', name: '東海林 純', reading: 'しょうじ じゅん' },
  { id: '3000000006', name: '上田 誠', reading: 'ウエダ マコト' },
] as const;
const BY_READING = ['3000000003', '3000000002', '3000000004', '3000000006', '3000000005', '3000000001'];

describe.skipIf(!executablePath)('the console: names by reading, staff accounts', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: Person;
  /** The organizer over the API, for setting tournaments up. */
  let api: StaffApi;

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    api = new StaffApi(server.url);
    await api.login(server.firstLogin.username, server.firstLogin.password);
    await api.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: ORGANIZER.password,
    });
    const created = await api.send('POST', '/api/tournaments', {
      id: T,
      name: 'フリガナ杯',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) expect((await api.send('POST', `/api/tournaments/${T}/players`, p)).status).toBe(201);
    expect((await api.send('POST', `/api/tournaments/${T}/rounds`, { round: 1 })).status).toBe(201);
    // One penalty for the log: a judge's warning.
    await api.createAccount('floor', ['judge'], 'floor-judge-password');
    const judge = new StaffApi(server.url);
    await judge.login('floor', 'floor-judge-password');
    const warning = await judge.send('POST', `/api/tournaments/${T}/penalties`, {
      player: PLAYERS[1].id,
      report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(warning.status).toBe(201);
    organizer = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists players by reading in 五十音 order and finds a katakana reading typed in hiragana', async () => {
    const { page } = organizer;
    await page.goto(`/t/${T}/players`);
    await page.locator('li.player-row').first().waitFor();
    await page.getByTestId('players-order').selectOption('name');
    const ids = await page
      .locator('li.player-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    expect(ids).toEqual(BY_READING.map((id) => `player-${id}`));
    await expect(page.locator('li.player-row').nth(1).locator('.name-reading').textContent()).resolves.toBe(
      'あべ いちろう',
    );
    // A reading that is not kana is named at the field and never sent.
    await page.locator('input[name=playerReading]').fill('山田');
    await expect(page.locator('.field-error').first().textContent()).resolves.toContain('かなではありません');
    await shootBoth(page, '40-players-by-reading');
    await page.locator('input[name=playerReading]').fill('');
    // A reading added after registration moves the player to their place in 五十音 (す after し).
    const edit = page.getByTestId('edit-3000000003');
    await edit.locator('summary').click();
    await edit.locator('input[name=editReading]').fill('すみす じょん');
    await edit.getByRole('button', { name: '訂正を保存' }).click();
    await page.getByTestId('player-3000000003').locator('.name-reading').waitFor();
    const after = await page
      .locator('li.player-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')?.replace('player-', '')));
    expect(after).toEqual(['3000000002', '3000000004', '3000000006', '3000000005', '3000000003', '3000000001']);

    await page.goto(`/t/${T}/find`);
    await page.getByTestId('find-input').fill('わたなべ');
    await expect(page.getByTestId('find-result').first().textContent()).resolves.toContain('渡辺 健');
    await page.locator('.find details summary').click();
    await shootBoth(page, '41-find-by-reading');

    // The pairings print's list by name follows the same order.
    await page.goto(`/t/${T}/print/pairings/1`);
    // Each screen is its own chunk now: wait for the print before reading it.
    await page.getByTestId('print-pairings').waitFor();
    const printed = await page
      .locator('table.print-table')
      .nth(1)
      .locator('tbody tr td:first-child .name-text')
      .allTextContents();
    expect(printed).toEqual(['阿部 一郎', '伊藤 花子', '上田 誠', '東海林 純', 'Smith John', '渡辺 健']);
    await shootBoth(page, '45-print-pairings-by-reading');
    await page.goto(`/t/${T}/print/slips/1`);
    await page.getByTestId('print-slips').waitFor();
    await shootBoth(page, '46-print-slips-readings');

    // The judge's player search matches a reading typed in the other kana.
    const judge = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'floor', password: 'floor-judge-password' },
    });
    await judge.page.goto(`/t/${T}/penalty`);
    await judge.page.getByTestId('player-search').fill('アベ');
    await expect(judge.page.locator('.pick-title').allTextContents()).resolves.toEqual(['あべ いちろう阿部 一郎']);
    await shootBoth(judge.page, '47-penalty-player-search-reading');
    expect(judge.errors).toEqual([]);
    await judge.context.close();
  });

  it('shows the readings in the standings, above the names in the fixed table', async () => {
    const { page } = organizer;
    await page.goto(`/t/${T}/standings`);
    const table = page.getByTestId('standings');
    await table.locator('tbody tr').first().waitFor();
    const readings = await table
      .locator('tbody th')
      .evaluateAll((cells) =>
        cells.map((cell): [string, string | null] => [
          cell.querySelector('.name-text')?.textContent ?? '',
          cell.querySelector('.name-reading')?.textContent ?? null,
        ]),
      );
    // Every row shows the reading the player list has (Smith's is added on the players screen above).
    const list = JSON.parse((await pageGet(page, `/api/tournaments/${T}/players`)).text) as {
      players: { name: string; reading?: string }[];
    };
    expect(new Map(readings)).toEqual(new Map(list.players.map((p) => [p.name, p.reading ?? null])));
    expect(readings.filter(([, reading]) => reading !== null).length).toBeGreaterThanOrEqual(5);
    expect(new Map(readings).get('渡辺 健')).toBe('ワタナベ ケン');
    // Small and above the name, inside the fixed layout made for speed.
    const cell = table.locator('tbody th').filter({ hasText: '渡辺 健' });
    const reading = (await cell.locator('.name-reading').boundingBox())!;
    const name = (await cell.locator('.name-text').boundingBox())!;
    expect(reading.y + reading.height).toBeLessThanOrEqual(name.y + 1);
    // No DOM types in the tests' TypeScript: the page's getComputedStyle, named by its shape.
    type Styles = { getComputedStyle(element: unknown): { fontSize: string; tableLayout: string } };
    const style = (selector: string) =>
      cell.locator(selector).evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).fontSize);
    const sizes = {
      reading: Number.parseFloat(await style('.name-reading')),
      name: Number.parseFloat(await style('.name-text')),
      layout: await table.evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).tableLayout),
    };
    expect(sizes.reading).toBeLessThan(sizes.name);
    expect(sizes.layout).toBe('fixed');
    await shootBoth(page, '50-standings-readings');
  });

  it('shows the readings in the final places of a finished tournament', async () => {
    const F = 'yomi-final';
    const at = `/api/tournaments/${F}`;
    const made = await api.send('POST', '/api/tournaments', {
      id: F,
      name: 'フリガナ杯 決勝',
      date: '2011-06-02',
      structure: { kind: 'swiss', rounds: 1, topCut: 0 },
    });
    expect(made.status).toBe(201);
    const four = PLAYERS.flatMap((p) => ('reading' in p ? [p] : [])).slice(0, 4);
    for (const p of four) expect((await api.send('POST', `${at}/players`, p)).status).toBe(201);
    expect((await api.send('POST', `${at}/rounds`, { round: 1 })).status).toBe(201);
    await api.createAccount('desk', ['scorekeeper'], 'scorekeeper-password');
    const desk = new StaffApi(server.url);
    await desk.login('desk', 'scorekeeper-password');
    const board = await desk.send('GET', `${at}/rounds/1/pairings`);
    for (const table of board.body.tables as { table: number; players: { id: string }[] }[]) {
      const winner = table.players[0]!.id;
      const answer = await desk.send('POST', `${at}/rounds/1/tables/${table.table}/result`, {
        duels: [winner, winner],
      });
      expect(answer.status).toBe(200);
    }
    expect((await desk.send('POST', `${at}/rounds/1/end`, {})).status).toBe(200);
    expect((await desk.send('POST', `${at}/finish`, {})).status).toBe(200);

    const { page } = organizer;
    await page.goto(`/t/${F}/standings`);
    const places = page.getByTestId('final-places');
    await places.locator('li').first().waitFor();
    const shown = await places
      .locator('li')
      .evaluateAll((items) =>
        items.map((li) => [
          li.querySelector('.name-text')?.textContent,
          li.querySelector('.name-reading')?.textContent,
        ]),
      );
    expect(shown).toHaveLength(4);
    const readingOf = new Map<string, string>(four.map((p) => [p.name, p.reading]));
    for (const [name, reading] of shown) expect(reading).toBe(readingOf.get(name ?? ''));
    await shootBoth(page, '51-final-places-readings');
  });

  it('creates a staff account for one tournament and disables it; the account then cannot sign in', async () => {
    const { page } = organizer;
    await page.goto(`/t/${T}`);
    await expect(page.getByTestId('signed-in-as').textContent()).resolves.toContain('主催者');
    await page.getByTestId('staff-link').click();
    await page.waitForURL(`**/staff?tournament=${T}`);
    await page.locator('input[name=username]').fill('kari');
    await page.locator('input[name=displayName]').fill('臨時ジャッジ');
    await expect(page.getByTestId('create-scope').inputValue()).resolves.toBe(T);
    await page.locator('form input[name=role-judge]').check();
    await page.getByRole('button', { name: '作成する' }).click();
    const oneTime = (await page.locator('.one-time').textContent())?.trim() ?? '';
    expect(oneTime.length).toBeGreaterThanOrEqual(10);
    const card = page.getByTestId('account-kari');
    await expect(card.textContent()).resolves.toContain(`大会 ${T}: ジャッジ`);
    await shootBoth(page, '42-staff-accounts');

    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: '無効にする' }).click();
    await card.locator('.badge-error').waitFor();
    await shootBoth(page, '43-staff-disabled');

    // The person tries the one-time password on their own phone.
    const kari = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
    await kari.page.goto('/sign-in');
    await kari.page.locator('input[name=username]').fill('kari');
    await kari.page.locator('input[name=password]').fill(oneTime);
    await kari.page.locator('button[type=submit]').click();
    await kari.page.locator('.notice-error').waitFor();
    const me = await pageGet(kari.page, '/api/auth/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text)).toEqual({ account: null });
    await kari.context.close();

    // An organizer of this tournament only: the staff screen offers only this tournament.
    const api = new StaffApi(server.url);
    await api.login(ORGANIZER.username, ORGANIZER.password);
    const local = await api.send('POST', '/api/accounts', {
      username: 'yomi-org',
      displayName: '店舗の主催者',
      roles: [],
      tournamentRoles: { [T]: ['organizer'] },
      password: 'yomi-organizer-1',
    });
    expect(local.status).toBe(201);
    const shop = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'yomi-org', password: 'yomi-organizer-1' },
    });
    await shop.page.goto(`/t/${T}`);
    await expect(shop.page.getByTestId('signed-in-as').textContent()).resolves.toContain('主催者');
    await shop.page.getByTestId('staff-link').click();
    await shop.page.getByTestId('account-kari').waitFor();
    const scopes = await shop.page.getByTestId('create-scope').locator('option').allTextContents();
    expect(scopes).toEqual([`フリガナ杯 (${T})`]);
    await shootBoth(shop.page, '48-staff-for-one-tournament');
    expect(shop.errors).toEqual([]);
    await shop.context.close();
  });

  it('shows the penalty log and downloads the standings and penalties as CSV', async () => {
    const { page } = organizer;
    await page.goto(`/t/${T}/log`);
    await page.getByTestId('exports').waitFor();
    await expect(page.getByTestId('log-1').textContent()).resolves.toContain('阿部 一郎');
    const href = await page.getByTestId('exports').locator('a').first().getAttribute('href');
    const csv = await pageGet(page, href!);
    expect(csv.contentType).toContain('text/csv');
    expect(csv.text).toContain('渡辺 健');
    const penalties = await pageGet(page, href!.replace('standings.csv', 'penalties.csv'));
    expect(penalties.text).toContain('阿部 一郎');
    await shootBoth(page, '44-tournament-log');
    await page.goto(`/t/${T}/print/standings`);
    await page.locator('table.data').first().waitFor();
    await shootBoth(page, '49-print-standings');
    expect(organizer.errors).toEqual([]);
  });
});
