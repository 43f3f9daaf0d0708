import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The rest of the shop walk's lows (issue 39), in Chromium at 360 px in ja: the round screen's
 * count line says 開始前 until the start and 「2卓中 2卓が対戦中」 after it; the log names the
 * judge by display name (木村 一郎), not user name (kimura); the top cut is named 準決勝 and 決勝,
 * not 第2回戦/第3回戦; once finished, the player's page links to the published decklists.
 */

const executablePath = chromiumPath();
const ORGANIZER = { username: 'tencho', password: 'organizer-password-2' };
const JUDGE = { username: 'kimura', password: 'judge-password-2' };
const T = 'roundwalk';

describe.skipIf(!executablePath)('the round screen and the player page after the walk', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let desk: Person;
  let player: Person;
  const entries: { id: string; code: string }[] = [];

  /** Every table of `round` won by its first player, 2-0, and the round ended. */
  async function playOut(round: number): Promise<void> {
    const pairings = await api.send('GET', `/api/tournaments/${T}/rounds/${round}/pairings`);
    for (const table of pairings.body.tables as { table: number | null; players: { id: string }[] }[]) {
      if (table.table === null) continue;
      const a = table.players[0]!.id;
      const sent = await api.send('POST', `/api/tournaments/${T}/rounds/${round}/tables/${table.table}/result`, {
        duels: [a, a],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    }
    const ended = await api.send('POST', `/api/tournaments/${T}/rounds/${round}/end`, {});
    expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300);
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    const root = new StaffApi(server.url);
    await root.login(server.firstLogin.username, server.firstLogin.password);
    await root.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'organizer-password-1',
    });
    await root.createAccount(ORGANIZER.username, ['organizer', 'scorekeeper', 'head-judge'], ORGANIZER.password);
    const judge = await root.send('POST', '/api/accounts', {
      username: JUDGE.username,
      displayName: '木村 一郎',
      roles: ['judge'],
      password: JUDGE.password,
    });
    expect(judge.status).toBe(201);
    // The desk: organizer, scorekeeper and head judge, as one person runs a shop event.
    api = new StaffApi(server.url);
    await api.login(ORGANIZER.username, ORGANIZER.password);
    const created = await api.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会 12月',
      date: '2026-12-07',
      timeZone: 'Asia/Tokyo',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 4 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const publication = await api.send('PUT', `/api/tournaments/${T}/decklist-publication`, { scope: { kind: 'all' } });
    expect(publication.status, JSON.stringify(publication.body)).toBe(200);
    const opened = await api.send('PUT', `/api/tournaments/${T}/entry`, {
      cap: 8,
      closesAt: '2099-01-01T00:00:00.000Z',
      mode: 'first-come',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    for (const [name, reading, cardGameId] of [
      ['佐藤 健太', 'サトウ ケンタ', '0123456701'],
      ['鈴木 翔', 'スズキ ショウ', '0123456702'],
      ['高橋 美咲', 'タカハシ ミサキ', '0123456703'],
      ['田中 大輔', 'タナカ ダイスケ', '0123456704'],
    ]) {
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

  it('counts the tables as not started before the start, then as playing', async () => {
    const paired = await api.send('POST', `/api/tournaments/${T}/rounds`, { round: 1, startLater: true });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    await desk.page.goto(`/t/${T}/rounds/1`);
    const count = desk.page.getByTestId('table-count');
    await expect.poll(() => count.textContent()).toBe('2卓（開始前）');
    await shootBoth(desk.page, '39-round-count-not-started');
    expect((await api.send('POST', `/api/tournaments/${T}/rounds/1/start`, {})).status).toBeLessThan(300);
    await expect.poll(() => count.textContent()).toBe('2卓中 2卓が対戦中');
    await shootBoth(desk.page, '39-round-count-playing');
  });

  it('names the judge by display name in the log, not by user name', async () => {
    const judge = new StaffApi(server.url);
    await judge.login(JUDGE.username, JUDGE.password);
    const pairings = await api.send('GET', `/api/tournaments/${T}/rounds/1/pairings`);
    const someone = pairings.body.tables[0].players[1].id as string;
    const issued = await judge.send('POST', `/api/tournaments/${T}/penalties`, {
      player: someone,
      report: { infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 2 } },
      choice: { kind: 'guideline' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    await desk.page.goto(`/t/${T}/log`);
    const line = desk.page.getByTestId(`log-${issued.body.penalty.penaltyId}`);
    await expect.poll(() => line.textContent()).toContain('ジャッジ 木村 一郎');
    expect(await line.textContent()).not.toContain('kimura');
    await shootBoth(desk.page, '39-log-judge-display-name');
  });

  it('names the top cut 準決勝 and 決勝, and links the finished player page to the published decklists', async () => {
    await playOut(1);
    expect((await api.send('POST', `/api/tournaments/${T}/rounds`, { round: 2 })).status).toBe(201);
    await desk.page.goto(`/t/${T}/rounds/2`);
    await expect.poll(() => desk.page.getByTestId('round-title').textContent()).toMatch(/^準決勝・/);
    await shootBoth(desk.page, '39-round-semifinal');
    await playOut(2);
    expect((await api.send('POST', `/api/tournaments/${T}/rounds`, { round: 3 })).status).toBe(201);
    await desk.page.goto(`/t/${T}/rounds/3`);
    await expect.poll(() => desk.page.getByTestId('round-title').textContent()).toMatch(/^決勝・/);
    await playOut(3);
    expect((await api.send('POST', `/api/tournaments/${T}/finish`, {})).status).toBe(200);

    const me = entries[0]!;
    await player.page.goto(`/t/${T}/p/${me.id}?code=${me.code}`);
    const link = player.page.getByTestId('published-decklists');
    await link.waitFor();
    expect(await link.textContent()).toBe('公開デッキリスト');
    await shootBoth(player.page, '39-player-published-decklists');
    await link.click();
    await player.page.waitForURL(`**/t/${T}/decklists/published`);
  });
});
