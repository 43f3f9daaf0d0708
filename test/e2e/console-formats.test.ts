import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * Event formats from the console, on an organizer's phone in Japanese: a Swiss of single duels
 * (シングル戦) with a best-of-3 top cut created on the form, a single-duel result entered with
 * one tap, a cut by record after round 1, day two started with its own format, and a player
 * invited into it. Each step is checked in what the server recorded. Screenshots of the
 * screens in both languages go to SHINPAN_SHOTS when set.
 */

const executablePath = chromiumPath();
const shots = process.env.SHINPAN_SHOTS;
const ORGANIZER = { username: 'to', password: 'organizer-password-1' };
const PLAYERS = Array.from({ length: 8 }, (_, i) => ({ id: `300000000${i + 1}`, name: `選手 ${i + 1}` }));

describe.skipIf(!executablePath)('event formats in the console', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let organizer: Person;
  let t = '';

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    const first = new StaffApi(server.url);
    await first.login(server.firstLogin.username, server.firstLogin.password);
    await first.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'first-organizer-password',
    });
    // One person runs this small event: organizer and scorekeeper (the scorekeeper enters results).
    await first.createAccount(ORGANIZER.username, ['organizer', 'scorekeeper'], ORGANIZER.password);
    api = new StaffApi(server.url);
    await api.login(ORGANIZER.username, ORGANIZER.password);
    organizer = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
  }, 180_000);

  afterAll(async () => {
    if (shots)
      await organizer?.page.screenshot({ path: `${shots}/failed.formats.png`, fullPage: true }).catch(() => {});
    await browser?.close();
    await server?.close();
  });

  it('creates a single-duel Swiss with a best-of-3 top cut, each with its round minutes', async () => {
    const page = organizer.page;
    await page.goto('/new');
    await page.locator('input[name=name]').fill('YCSJ 予選');
    await page.locator('input[name=rounds]').fill('2');
    await page.locator('select[name=topCut]').selectOption('4');
    await page.locator('select[name=swissBestOf]').selectOption('1');
    await page.locator('input[name=roundMinutes]').fill('25');
    await page.locator('select[name=topBestOf]').selectOption('3');
    await page.locator('input[name=topMinutes]').fill('50');
    await page.locator('input[name=decklistsRequired]').uncheck();
    await shootPhone(page, shots, '01-create-formats');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/t\/[^/]+\/players$/);
    t = new URL(page.url()).pathname.split('/')[2]!;
    const created = (await api.send('GET', `/api/tournaments/${t}`)).body;
    expect(created.settings.stages).toEqual({
      swiss: { bestOf: 1, roundMinutes: 25 },
      'top-cut': { bestOf: 3, roundMinutes: 50 },
    });
    for (const p of PLAYERS) expect((await api.send('POST', `/api/tournaments/${t}/players`, p)).status).toBe(201);
  }, 60_000);

  it('enters a single-duel result with one tap: one duel is the match', async () => {
    const page = organizer.page;
    await page.goto(`/t/${t}`);
    await page.getByTestId('format-swiss').filter({ hasText: 'シングル戦' }).waitFor();
    await page.getByTestId('pair-round').click();
    await page.waitForURL(`**/t/${t}/rounds/1`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('start-round').click();
    await page.getByTestId('start-round').waitFor({ state: 'detached' });
    await page.getByTestId('round-title').filter({ hasText: '第1回戦・シングル戦' }).waitFor();
    const board = (await api.send('GET', `/api/tournaments/${t}/rounds/1/pairings`)).body;
    const [a, b] = board.tables[0].players.map((p: { id: string }) => p.id);
    await page.getByTestId('enter-result-1').click();
    // A single duel offers "X wins" for each player, and no 2-0 / 2-1.
    await expect(page.getByTestId(`quick-1-${a}-2-0`).count()).resolves.toBe(0);
    await page.getByTestId(`quick-1-${b}-1-0`).click();
    await expect(page.getByTestId(`duel-1-${a}`).isDisabled()).resolves.toBe(true);
    await shootPhone(page, shots, '02-single-duel-entry');
    await page.getByTestId('submit-result-1').click();
    await page.getByTestId('outcome-1').filter({ hasText: board.tables[0].players[1].name }).waitFor();
    const table = (await api.send('GET', `/api/tournaments/${t}/rounds/1/pairings`)).body.tables[0];
    expect(table.outcome).toEqual({ kind: 'win', winner: b, byPenalty: false });
    expect(table.duels).toEqual([{ duel: 1, winner: b, byPenalty: [] }]);
    for (const other of board.tables.slice(1)) {
      const winner = other.players[0].id;
      const sent = await api.send('POST', `/api/tournaments/${t}/rounds/1/tables/${other.table}/result`, {
        duels: [winner],
      });
      expect(sent.status).toBe(200);
    }
    expect((await api.send('POST', `/api/tournaments/${t}/rounds/1/end`)).status).toBe(200);
  }, 60_000);

  it('cuts by record after round 1, starts day two best of 3, and invites a player into it', async () => {
    const page = organizer.page;
    await page.goto(`/t/${t}`);
    await page.getByTestId('cut-form').locator('summary').click();
    await page.getByTestId('cut-form').getByText('戦績で（敗数）').click();
    await page.locator('input[name=maxLosses]').fill('0');
    await shootPhone(page, shots, '03-cut-form');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('cut-submit').click();
    await page.getByTestId('cuts').filter({ hasText: '4人がスイスドローを抜けました' }).waitFor();
    const cuts = (await api.send('GET', `/api/tournaments/${t}`)).body.cuts;
    expect(cuts).toEqual([{ afterRound: 1, rule: { kind: 'max-losses', maxLosses: 0 }, out: 4 }]);

    await page.getByTestId('phase-form').locator('summary').click();
    await expect(page.locator('input[name=phaseName]').inputValue()).resolves.toBe('2日目');
    await page.locator('select[name=phaseBestOf]').selectOption('3');
    await page.locator('input[name=phaseMinutes]').fill('50');
    await shootPhone(page, shots, '04-phase-form');
    await page.getByTestId('phase-submit').click();
    await page.getByTestId('phase-2').filter({ hasText: 'マッチ戦（2本先取）' }).waitFor();
    const phases = (await api.send('GET', `/api/tournaments/${t}`)).body.phases;
    expect(phases).toEqual([{ name: '2日目', fromRound: 2, format: { bestOf: 3, roundMinutes: 50 }, seatTime: null }]);

    await page.getByTestId('invite-form').locator('summary').click();
    await page.locator('input[name=inviteId]').fill('3000000099');
    await page.locator('input[name=inviteName]').fill('招待 選手');
    await page.locator('input[name=inviteReason]').fill('前年度優勝者');
    await page.getByTestId('invite-form').locator('button[type=submit]').click();
    await page.getByTestId('invited').waitFor();
    await shootPhone(page, shots, '05-invited');
    const players = (await api.send('GET', `/api/tournaments/${t}/players`)).body.players;
    expect(players.find((p: { id: string }) => p.id === '3000000099')).toMatchObject({
      entryRound: 2,
      invitation: '前年度優勝者',
    });

    await page.getByTestId('pair-round').click();
    await page.waitForURL(`**/t/${t}/rounds/2`);
    await page.getByTestId('round-title').filter({ hasText: '2日目・第2回戦・マッチ戦（2本先取）' }).waitFor();
    const day2 = (await api.send('GET', `/api/tournaments/${t}/rounds/2/pairings`)).body;
    expect(day2).toMatchObject({ phase: '2日目', bestOf: 3, roundMinutes: 50 });
    // The four still in and the invited player: two tables and a bye.
    expect(day2.tables.flatMap((x: { players: { id: string }[] }) => x.players.map((p) => p.id))).toContain(
      '3000000099',
    );
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('start-round').click();
    await page.getByTestId('start-round').waitFor({ state: 'detached' });
    // Day two's own round length: 50 minutes, not the 25 of day one (40-something minutes left).
    await page
      .getByRole('timer')
      .filter({ hasText: /残り 4\d:\d\d/ })
      .waitFor();
    await page.getByTestId('enter-result-1').click();
    await page.getByTestId(`entry-format-1`).filter({ hasText: '2本先取' }).waitFor();
    await shootPhone(page, shots, '06-day-two-round');
    expect(organizer.errors).toEqual([]);
  }, 90_000);

  it('the round clock is titled with the day, the round and the match format, in both languages', async () => {
    const page = organizer.page;
    await page.goto(`/t/${t}/rounds/2/clock`);
    const title = page.getByTestId('clock-title');
    await title.filter({ hasText: '2日目・第2回戦・マッチ戦（2本先取）の時計' }).waitFor();
    await shootPhone(page, shots, '07-day-two-clock');
    await page.locator('.lang-switch button[lang=en]').first().click();
    // The day's name is the organizer's, as typed; the rest follows the language.
    await title.filter({ hasText: 'Clock: 2日目 · Round 2 · best of 3' }).waitFor();
    await page.locator('.lang-switch button[lang=ja]').first().click();
    // Day one's round, once the tournament has a day two, is named as day one, single duels.
    await page.goto(`/t/${t}/rounds/1/clock`);
    await title.filter({ hasText: '1日目・第1回戦・シングル戦の時計' }).waitFor();
    expect(organizer.errors).toEqual([]);
  }, 60_000);
});
