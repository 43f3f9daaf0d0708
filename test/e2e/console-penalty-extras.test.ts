import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The penalty form's two answers beyond the guideline, in Chromium on a floor judge's phone:
 * a loss with no match left (the server says no-match-left; the judge confirms recording it
 * without a result effect) and a penalty added where the result was affected (rules 7, 10).
 * Each is checked where it matters: in the tournament's event log.
 */

const executablePath = chromiumPath();
const PLAYERS = [
  { id: '2000000001', name: '不動 遊星' },
  { id: '2000000002', name: 'Jack Atlas' },
  { id: '2000000003', name: '十六夜 アキ' },
  { id: '2000000004', name: 'Crow Hogan' },
] as const;
const JUDGE = { username: 'floor', password: 'floor-judge-password' };
const HEAD = { username: 'head', password: 'head-judge-password' };
const T = 'extras';

describe.skipIf(!executablePath)('the console penalty form: no match left, and an added penalty', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let judge: Person;
  let head: Person;
  let floor: StaffApi;
  let tables: { table: number; players: [string, string] }[] = [];

  /** The tournament's whole event log, as the archive export gives it. */
  async function eventLog(): Promise<{ type: string; data: any }[]> {
    const lines = await organizer.getText(`/api/tournaments/${T}/export?format=events`);
    return lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
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
    await organizer.createAccount(JUDGE.username, ['judge'], JUDGE.password);
    await organizer.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    await organizer.createAccount('score', ['scorekeeper'], 'scorekeeper-password');
    const scorer = new StaffApi(server.url);
    await scorer.login('score', 'scorekeeper-password');
    // One Swiss round: once table 1 is reported, its players have no match left.
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会 5D’s',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) expect((await scorer.send('POST', `/api/tournaments/${T}/players`, p)).status).toBe(201);
    const paired = await scorer.send('POST', `/api/tournaments/${T}/rounds`, {
      round: 1,
      seatTime: server.clock.now.toISOString(),
    });
    tables = paired.body.pairing.matches;
    const [a] = tables[0]!.players;
    expect(
      (await scorer.send('POST', `/api/tournaments/${T}/rounds/1/tables/1/result`, { duels: [a, a] })).status,
    ).toBe(200);
    floor = new StaffApi(server.url);
    await floor.login(JUDGE.username, JUDGE.password);
    judge = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: JUDGE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a match loss for the next match in the last round: the form says no match is left and records it without effect once confirmed', async () => {
    const page = judge.page;
    const [a] = tables[0]!.players;
    await page.goto(`/t/${T}/penalty?player=${a}`);
    await page.getByTestId('infraction-search').fill('stalling');
    await page.getByTestId('infraction-stalling').click();
    await page.locator('input[name=phase][value=between-matches]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('issue-penalty').click();
    const asked = page.getByTestId('no-match-left');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('残りのマッチがありません');
    // The plain refusal is not shown beside the question: one message, one decision.
    expect(await page.locator('[data-testid=decision] .notice-error').count()).toBe(0);
    expect((await eventLog()).filter((e) => e.type === 'PenaltyIssued')).toEqual([]);
    await shootBoth(page, 'p1-no-match-left');

    await page.getByTestId('issue-without-effect').click();
    await page.getByTestId('issued-without-effect').waitFor();
    await shootBoth(page, 'p2-issued-without-effect');
    const issued = (await eventLog()).filter((e) => e.type === 'PenaltyIssued').map((e) => e.data);
    expect(issued).toEqual([
      expect.objectContaining({ player: a, penalty: 'match-loss', landing: { kind: 'none' }, noMatchLeft: true }),
    ]);
    const board = await organizer.send('GET', `/api/tournaments/${T}/rounds/1/pairings`);
    expect(board.body.tables.find((x: { table: number }) => x.table === 1).outcome).toEqual({
      kind: 'win',
      winner: a,
      byPenalty: false,
    });
  });

  it('outside advice that affected the result: the floor judge adds a match loss alongside the guideline warning', async () => {
    const page = judge.page;
    const [c, d] = tables[1]!.players;
    await page.goto(`/t/${T}/penalty?player=${d}`);
    await page.getByTestId('infraction-search').fill('outside-advice');
    await page.getByTestId('infraction-outside-advice').click();
    await page.locator('input[name=fact-affectedResult][value=yes]').check();
    await page.locator('input[name=phase][value=in-duel]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('add-penalty').check();
    // Only penalties above the guideline can be added.
    expect(await page.getByTestId('added-penalty-choice').locator('option').allTextContents()).toEqual([
      '罰則を選択',
      'デュエルの敗北',
      'マッチの敗北',
      '失格',
      '受賞資格を失う失格',
    ]);
    await page.getByTestId('added-penalty-choice').selectOption('match-loss');
    expect(await page.getByTestId('issue-penalty').isDisabled()).toBe(true);
    await page.getByTestId('added-reason').fill('The advice decided duel 2.');
    // The confirmation names both penalties.
    expect(await page.getByTestId('issue-penalty').textContent()).toBe(
      `確定: ${PLAYERS.find((p) => p.id === d)!.name} に警告と追加のマッチの敗北`,
    );
    await shootBoth(page, 'p3-added-penalty');
    await page.getByTestId('issue-penalty').click();
    await page.getByTestId('issued-added').waitFor();
    await shootBoth(page, 'p4-issued-added');

    const issued = (await eventLog()).filter((e) => e.type === 'PenaltyIssued').map((e) => e.data);
    expect(issued.slice(1)).toEqual([
      expect.objectContaining({
        penaltyId: 2,
        player: d,
        penalty: 'warning',
        deviationReason: null,
        landing: { kind: 'none' },
      }),
      expect.objectContaining({
        penaltyId: 3,
        player: d,
        penalty: 'match-loss',
        addedTo: 2,
        reason: 'The advice decided duel 2.',
        landing: { kind: 'match', round: 1, table: 2 },
      }),
    ]);
    expect(issued[1]).not.toHaveProperty('addedTo');
    const board = await organizer.send('GET', `/api/tournaments/${T}/rounds/1/pairings`);
    expect(board.body.tables.find((x: { table: number }) => x.table === 2).outcome).toEqual({
      kind: 'win',
      winner: c,
      byPenalty: true,
    });
  });

  it('the head judge changes a warning to a match loss on appeal in the last round: the queue says no match is left and records it once confirmed', async () => {
    const [, b] = tables[0]!.players;
    const warned = await floor.send('POST', `/api/tournaments/${T}/penalties`, {
      player: b,
      report: { infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 2 } },
      choice: { kind: 'guideline' },
    });
    expect([warned.status, warned.body.penalty.penalty]).toEqual([201, 'warning']);
    const id = warned.body.penalty.penaltyId as number;
    head = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE, login: HEAD });
    const page = head.page;
    await page.goto(`/t/${T}/queue`);
    await page.getByTestId('queue-all').locator('summary').first().click();
    const card = page.getByTestId(`penalty-card-${id}`);
    // Where each penalty landed is on its card: the one recorded without effect says so.
    expect(await page.getByTestId('landing-1').textContent()).toBe(
      'No match was left: recorded without an effect on any result.',
    );
    expect(await page.getByTestId('landing-3').textContent()).toBe('Landed on: round 1, table 2, the match');
    await card.locator('summary').click();
    await card.locator('select').selectOption('match-loss');
    await card.locator('textarea').fill('Late on purpose to run out the clock.');
    await card.getByRole('button', { name: 'Record the decision' }).click();
    const asked = card.getByTestId('no-match-left');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('No match is left');
    expect((await eventLog()).filter((e) => e.type === 'PenaltyChanged')).toEqual([]);
    await shootBoth(page, 'p5-appeal-no-match-left');
    await card.getByTestId('issue-without-effect').click();
    // Decided, it is listed with the appeals too, saying where it stands.
    await page
      .getByTestId('queue-appeals')
      .getByTestId(`landing-${id}`)
      .filter({ hasText: 'recorded without an effect' })
      .waitFor();
    const changed = (await eventLog()).filter((e) => e.type === 'PenaltyChanged').map((e) => e.data);
    expect(changed).toEqual([
      expect.objectContaining({
        penaltyId: id,
        penalty: 'match-loss',
        landing: { kind: 'none' },
        noMatchLeft: true,
        reason: 'Late on purpose to run out the clock.',
      }),
    ]);
  });

  it('between duels the form offers duel 2 and later only: one duel is over (issue 25)', async () => {
    const page = judge.page;
    const [c] = tables[1]!.players;
    await page.goto(`/t/${T}/penalty?player=${c}`);
    await page.getByTestId('infraction-search').fill('marked-cards');
    await page.getByTestId('infraction-marked-cards').click();
    await page.locator('input[name=fact-pattern][value=yes]').check();
    await page.locator('input[name=phase][value=between-duels]').check();
    await page.getByTestId('assess').click();
    const duels = page.locator('input[name=duel]');
    await duels.first().waitFor();
    expect(await duels.evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value))).toEqual([
      '2',
      '3',
    ]);
    expect(await page.locator('input[name=duel][value="2"]').isChecked()).toBe(true);
    await shootBoth(page, 'p6-between-duels');
  });

  it('saw no uncaught error in the pages', () => {
    expect(judge.errors).toEqual([]);
    expect(head.errors).toEqual([]);
  });
});
