import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The traps a first real event fell into, on 360 px phones in Japanese (issue 26): the staff
 * form that kept the previous account's roles, and an illegal list paired "anyway" at round 1
 * that nobody could correct or read afterwards. Screenshots in ja and en go to SHINPAN_SHOTS
 * (default test-output/screenshots/traps).
 */

const executablePath = chromiumPath();
const deck = (file: string) => readFileSync(new URL(`../../catalogue/decks/${file}`, import.meta.url), 'utf8');
const shots = process.env.SHINPAN_SHOTS ?? `${screenshotDir}traps`;
const ORGANIZER_PASSWORD = 'organizer-password-1';
const HEAD = { username: 'head', password: 'head-judge-password-1' };
const DESK = { username: 'desk', password: 'scorekeeper-password-1' };

describe.skipIf(!executablePath)('a first event: staff accounts and an illegal list after round 1', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let organizer: Person;

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    api = new StaffApi(server.url);
    await api.login(server.firstLogin.username, server.firstLogin.password);
    await api.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: ORGANIZER_PASSWORD,
    });
    await api.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    await api.createAccount(DESK.username, ['scorekeeper'], DESK.password);
    organizer = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'organizer', password: ORGANIZER_PASSWORD },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates several accounts in a row, each with only the roles ticked for it, read back in the confirmation', async () => {
    const { page } = organizer;
    await page.goto('/staff');
    const create = async (username: string, name: string, role: string, confirmation: string) => {
      // A form for a new account starts with no role ticked.
      for (const any of ['organizer', 'head-judge', 'judge', 'scorekeeper'])
        expect(await page.locator(`form input[name=role-${any}]`).isChecked()).toBe(false);
      await page.locator('input[name=username]').fill(username);
      await page.locator('input[name=displayName]').fill(name);
      await page.locator(`form input[name=role-${role}]`).check();
      await page.getByRole('button', { name: '作成する' }).click();
      const created = page.getByTestId('created-roles');
      await created.filter({ hasText: name }).waitFor();
      expect((await created.locator('li').allTextContents()).map((s) => s.trim())).toEqual([confirmation]);
    };
    await create('hj1', 'ヘッド 一郎', 'head-judge', '全大会: ヘッドジャッジ');
    await create('fj1', 'フロア 二郎', 'judge', '全大会: ジャッジ');
    await shootPhone(page, shots, 'staff-created-roles');
    await create('sk1', 'デスク 三子', 'scorekeeper', '全大会: スコアキーパー');

    const accounts = (await api.send('GET', '/api/accounts')).body.accounts as { username: string; roles: string[] }[];
    const roles = new Map(accounts.map((a) => [a.username, a.roles]));
    expect([roles.get('hj1'), roles.get('fj1'), roles.get('sk1')]).toEqual([
      ['head-judge'],
      ['judge'],
      ['scorekeeper'],
    ]);
    expect(organizer.errors).toEqual([]);
  }, 120_000);

  it('an illegal list paired anyway: its findings open from the badge, the desk keeps naming it, and only the head judge corrects it', async () => {
    const created = await api.send('POST', '/api/tournaments', {
      name: 'リスト訂正大会',
      date: '2011-06-01',
      decklistsRequired: true,
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const broken = { id: '4000000001', name: '不動 遊星' };
    const legal = { id: '4000000002', name: 'ジャック・アトラス' };
    const synchro = { format: 'ydk', text: deck('quickdraw-synchro.ydk') };
    for (const [p, list] of [
      [broken, deck('quickdraw-broken.ydk')],
      [legal, deck('quickdraw-synchro.ydk')],
    ] as const) {
      const answer = await api.send('POST', `/api/tournaments/${id}/players`, {
        ...p,
        decklist: { format: 'ydk', text: list },
      });
      expect(answer.status).toBe(201);
    }
    const paired = await api.send('POST', `/api/tournaments/${id}/rounds`, {
      round: 1,
      acceptDecklists: { reason: '第1回戦の後にリストを訂正する' },
    });
    expect(paired.status).toBe(201);

    // The organizer (not a head judge): the badge opens the findings; no Replace that would be refused.
    const { page } = organizer;
    await page.goto(`/t/${id}/players`);
    const row = page.getByTestId(`player-${broken.id}`);
    const badge = row.getByTestId(`deck-state-${broken.id}`);
    await badge.click();
    const findings = row.getByTestId('deck-findings');
    await findings.waitFor();
    const lines = await findings.locator('li').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/枚/);
    expect(await row.getByText('デッキリストを差し替え').count()).toBe(0);
    expect(await row.getByText('デッキリストを訂正').count()).toBe(0);
    await shootPhone(page, shots, 'player-list-findings-open');

    // The desk's round screen keeps naming the list until it is corrected.
    await page.goto(`/t/${id}`);
    const notice = page.getByTestId('lists-with-findings');
    await notice.filter({ hasText: broken.name }).waitFor();
    expect(await notice.textContent()).not.toContain(legal.name);
    await shootPhone(page, shots, 'rounds-lists-with-findings');

    // The scorekeeper may neither replace nor correct it now.
    const desk = new StaffApi(server.url);
    await desk.login(DESK.username, DESK.password);
    const replaced = await desk.send('PUT', `/api/tournaments/${id}/players/${broken.id}/decklist`, {
      decklist: synchro,
    });
    expect([replaced.status, replaced.body.code]).toEqual([422, 'decklist-locked']);
    const deskCorrects = await desk.send('POST', `/api/tournaments/${id}/players/${broken.id}/decklist-correction`, {
      decklist: synchro,
      reason: 'x',
    });
    expect(deskCorrects.status).toBe(403);

    // The head judge corrects it on the phone, with the reason.
    const head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
    await head.page.goto(`/t/${id}/players`);
    const headRow = head.page.getByTestId(`player-${broken.id}`);
    expect(await headRow.getByText('デッキリストを差し替え').count()).toBe(0);
    await headRow.getByText('デッキリストを訂正').click();
    const form = headRow.getByTestId(`correct-decklist-${broken.id}`);
    await form.getByTestId('decklist-text').fill(synchro.text);
    await form.locator('textarea[name=correctReason]').fill('禁止カードを抜いたリストを本人から受領');
    await shootPhone(head.page, shots, 'correct-decklist-form');
    await form.getByRole('button', { name: '訂正したリストを登録' }).click();
    await headRow.getByTestId(`deck-state-${broken.id}`).filter({ hasText: 'リスト適正' }).waitFor();
    await shootPhone(head.page, shots, 'correct-decklist-done');

    const log = (await api.getText(`/api/tournaments/${id}/export?format=events`))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: any });
    const correction = log.find((e) => e.type === 'DecklistCorrected');
    expect(correction?.data).toMatchObject({
      player: broken.id,
      reason: '禁止カードを抜いたリストを本人から受領',
      afterRound: 1,
      by: { id: HEAD.username, role: 'head-judge' },
    });
    // A deck check now compares with the corrected list.
    const headApi = new StaffApi(server.url);
    await headApi.login(HEAD.username, HEAD.password);
    const check = await headApi.send('POST', `/api/tournaments/${id}/deck-checks`, {
      player: broken.id,
      deck: synchro,
    });
    expect(check.status).toBe(200);
    expect([check.body.findings, check.body.differences]).toEqual([[], []]);

    await page.goto(`/t/${id}`);
    await page.getByTestId('end-round').waitFor();
    await expect.poll(() => page.getByTestId('lists-with-findings').count()).toBe(0);
    expect([...organizer.errors, ...head.errors]).toEqual([]);
  }, 180_000);

  it('a disqualification is asked a second time, naming the player and the penalty; dismissed, nothing is issued', async () => {
    const created = await api.send('POST', '/api/tournaments', {
      name: '失格確認大会',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    const id = created.body.id as string;
    for (const p of [
      { id: '5000000001', name: '鬼柳 京介' },
      { id: '5000000002', name: 'クロウ・ホーガン' },
    ])
      expect((await api.send('POST', `/api/tournaments/${id}/players`, p)).status).toBe(201);
    expect((await api.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 })).status).toBe(201);
    const issued = async () =>
      (await api.getText(`/api/tournaments/${id}/export?format=events`))
        .trim()
        .split('\n')
        .filter((line) => JSON.parse(line).type === 'PenaltyIssued').length;

    const head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
    const page = head.page;
    await page.goto(`/t/${id}/penalty?player=5000000001`);
    await page.getByTestId('infraction-search').fill('bribery');
    await page.getByTestId('infraction-bribery').click();
    await page.locator('input[name=phase][value=in-duel]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('decision').locator('fieldset textarea').first().fill('賞品の山分けを相手に持ちかけた');
    await shootPhone(page, shots, 'disqualification-before-confirm');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByTestId('issue-penalty').click();
    await expect.poll(() => asked).toContain('鬼柳 京介');
    expect(asked).toContain('受賞資格を失う失格');
    expect(await issued()).toBe(0);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('issue-penalty').click();
    await expect.poll(issued).toBe(1);
    expect(head.errors).toEqual([]);
  }, 120_000);

  // Last: it gives the organizer the floor roles the tests above rely on it not having.
  it('the first-start organizer is told which role entering results needs, and takes the floor roles in one step', async () => {
    const created = await api.send('POST', '/api/tournaments', {
      name: 'ひとり運営大会',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    const id = created.body.id as string;
    for (const p of [
      { id: '6000000001', name: '龍可' },
      { id: '6000000002', name: '龍亞' },
    ])
      expect((await api.send('POST', `/api/tournaments/${id}/players`, p)).status).toBe(201);
    expect((await api.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 })).status).toBe(201);
    const { page } = organizer;
    await page.goto(`/t/${id}/rounds/1`);
    const needed = page.getByTestId('role-needed');
    await needed.waitFor();
    const text = (await needed.textContent()) ?? '';
    expect(text).toContain('結果の入力・着席の記録には次のいずれかの役割が必要です');
    expect(text).toContain('ジャッジ');
    expect(text).toContain('あなたの役割: 主催者');
    await shootPhone(page, shots, 'role-needed');
    await page.getByTestId('take-floor-roles').click();
    await needed.waitFor({ state: 'detached' });
    const me = (await api.send('GET', '/api/auth/me')).body.account as { roles: string[] };
    expect([...me.roles].sort()).toEqual(['head-judge', 'judge', 'organizer', 'scorekeeper']);
    expect(organizer.errors).toEqual([]);
  }, 120_000);

  it('the desk names the top cut and the final, and offers no pairing after the final', async () => {
    const created = await api.send('POST', '/api/tournaments', {
      name: 'ベスト4大会',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 4 },
    });
    const id = created.body.id as string;
    for (const [n, name] of ['遊星', 'ジャック', 'クロウ', 'アキ'].entries())
      expect((await api.send('POST', `/api/tournaments/${id}/players`, { id: `700000000${n}`, name })).status).toBe(
        201,
      );
    const desk = new StaffApi(server.url);
    await desk.login(DESK.username, DESK.password);
    const playRound = async (round: number) => {
      const paired = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round });
      expect(paired.status).toBe(201);
      for (const m of paired.body.pairing.matches as { table: number; players: [string, string] }[])
        await desk.send('POST', `/api/tournaments/${id}/rounds/${round}/tables/${m.table}/result`, {
          duels: [m.players[0], m.players[0]],
        });
      expect((await desk.send('POST', `/api/tournaments/${id}/rounds/${round}/end`)).status).toBe(200);
    };
    await playRound(1);
    const { page } = organizer;
    await page.goto(`/t/${id}`);
    await page.getByTestId('pair-round').filter({ hasText: '決勝トーナメントを組む（ベスト4）' }).waitFor();
    await shootPhone(page, shots, 'pair-top-cut');
    await playRound(2);
    await page.getByTestId('pair-round').filter({ hasText: '決勝戦を組む' }).waitFor();
    await playRound(3);
    await page.getByTestId('finish-tournament').or(page.locator('#rounds-heading')).first().waitFor();
    await expect.poll(() => page.getByTestId('pair-round').count()).toBe(0);
    await shootPhone(page, shots, 'after-the-final');
    expect(organizer.errors).toEqual([]);
  }, 180_000);
});
