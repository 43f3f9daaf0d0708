import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * A judge call from one end to the other, on phones at 360 px in Japanese: a player calls from
 * their page, the call shows on the floor judge's phone (already open, no reload), the judge
 * takes it, the time passes, the judge opens the penalty flow filled with the table, issues the
 * penalty, comes back to the call with it and resolves with the proposed extension; both
 * players' pages and the wall display show the table's extension. A second call is passed to
 * the head judge, whose queue shows it first, and the head judge's floor view counts it all.
 */

const executablePath = chromiumPath();
const PLAYERS = [
  { id: '4000000001', name: '遊城 十代' },
  { id: '4000000002', name: 'Jaden Yuki' },
  { id: '4000000003', name: '丸藤 亮' },
  { id: '4000000004', name: 'Zane Truesdale' },
] as const;
const JUDGE = { username: 'kimura', password: 'floor-judge-password' };
const HEAD = { username: 'head', password: 'head-judge-password' };
const T = 'calls';

describe.skipIf(!executablePath)('a judge call from a player’s phone to a resolved ruling', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let judge: Person;
  let head: Person;
  const phones = new Map<string, Person>();
  const codes = new Map<string, string>();
  let tables: { table: number; players: [string, string] }[] = [];
  const nameOf = (id: string) => PLAYERS.find((p) => p.id === id)!.name;

  async function phone(player: string): Promise<Page> {
    let person = phones.get(player);
    if (!person) {
      person = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
      phones.set(player, person);
      await person.page.goto(`/t/${T}/p/${player}?code=${codes.get(player)}`);
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
    await organizer.createAccount(JUDGE.username, ['judge'], JUDGE.password);
    await organizer.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    const created = await organizer.send('POST', '/api/tournaments', {
      id: T,
      name: 'ジャッジコール杯',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) {
      const registered = await organizer.send('POST', `/api/tournaments/${T}/players`, p);
      codes.set(p.id, registered.body.code);
    }
    const paired = await organizer.send('POST', `/api/tournaments/${T}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    tables = paired.body.pairing.matches;
    judge = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: JUDGE });
    head = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: HEAD });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a player calls; the judge’s open queue shows it without a reload; the judge takes it', async () => {
    const [x] = tables[0]!.players;
    await judge.page.goto(`/t/${T}/calls`);
    await judge.page.getByTestId('calls-empty').waitFor();
    const px = await phone(x);
    await px.getByTestId('call-judge').waitFor();
    await shootBoth(px, '70-player-call-button');
    await px.getByRole('button', { name: 'ひとこと添える（任意）' }).click();
    await px.getByTestId('call-note').fill('相手が墓地の確認に応じない');
    await px.getByTestId('call-button').click();
    await px.getByTestId('call-open').waitFor();
    expect(await px.getByTestId('call-open').textContent()).toContain('ジャッジを呼びました');
    await shootBoth(px, '71-player-called');

    const card = judge.page.locator('[data-testid=call-card][data-call="1"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('相手が墓地の確認に応じない');
    expect(await card.textContent()).toContain(nameOf(tables[0]!.players[1]));
    await shootBoth(judge.page, '72-judge-queue-new-call');
    await card.getByTestId('call-claim').click();
    await judge.page.locator('[data-testid=call-card][data-call="1"][data-state=claimed]').waitFor();
    // The player's page follows: a judge has the call.
    await px.getByTestId('call-open').filter({ hasText: 'ジャッジが対応しています' }).waitFor();
  });

  it('the judge issues the penalty from the pre-filled flow, comes back and resolves with the proposed extension; both pages and the wall show it', async () => {
    const [x, y] = tables[0]!.players;
    server.clock.advanceMinutes(2.5);
    await judge.page.reload();
    const card = judge.page.locator('[data-testid=call-card][data-call="1"]');
    await card.getByTestId('call-resolve-open').click();
    await card.getByText('提案する延長: 3 分').waitFor();
    await card
      .getByTestId('call-penalty')
      .filter({ hasText: nameOf(y) })
      .click();
    // The penalty flow starts with the player and "in a duel" filled in.
    await judge.page.getByTestId('infraction-search').fill('遅いプレイ');
    await judge.page.getByTestId('infraction-slow-play').click();
    await judge.page.locator('input[name=fact-affectedResult][value=no]').check();
    expect(await judge.page.locator('input[name=phase][value=in-duel]').isChecked()).toBe(true);
    await judge.page.getByTestId('assess').click();
    await judge.page.getByTestId('decision').waitFor();
    await judge.page.getByTestId('issue-penalty').click();
    await judge.page.getByTestId('back-to-call').click();
    const linked = judge.page.locator('[data-testid=call-card][data-call="1"]').getByTestId('call-linked');
    await linked.waitFor();
    expect(await linked.textContent()).toContain('#1');
    await shootBoth(judge.page, '73-judge-resolve');
    await judge.page.getByTestId('call-resolve').filter({ hasText: '3 分延長' }).click();
    await judge.page.locator('[data-testid=call-resolved][data-call="1"]').waitFor();

    const calls = await organizer.send('GET', `/api/tournaments/${T}/calls`);
    expect(calls.body.calls[0]).toMatchObject({ state: 'resolved', extensionMinutes: 3, penaltyIds: [1] });
    for (const p of [x, y]) {
      const page = await phone(p);
      await page.getByTestId('self-extension').filter({ hasText: '3 分延長' }).waitFor();
    }
    await shootBoth(await phone(y), '74-player-extension');
    const wall = await openPerson(browser, server.url, { lang: 'ja', viewport: { width: 1280, height: 800 } });
    await wall.page.goto(`/t/${T}/wall`);
    await wall.page.getByTestId('wall-extensions').filter({ hasText: '3' }).waitFor();
    await wall.context.close();
  });

  it('a call passed to the head judge is first in the head judge’s queue with the words; the floor view counts the round', async () => {
    const [, w] = tables[1]!.players;
    const pw = await phone(w);
    await pw.getByTestId('call-button').click();
    await pw.getByTestId('call-open').waitFor();
    await judge.page.goto(`/t/${T}/calls`);
    const card = judge.page.locator('[data-testid=call-card][data-call="2"]');
    await card.getByTestId('call-claim').click();
    await judge.page.locator('[data-testid=call-card][data-call="2"][data-state=claimed]').waitFor();
    await card.getByTestId('call-escalate-open').click();
    await card.getByRole('textbox').first().fill('カードの裁定が難しい');
    await card.getByTestId('call-escalate').click();
    // The head judge's queue starts with it too.
    await head.page.goto(`/t/${T}/queue`);
    expect(await head.page.getByTestId('queue-calls').textContent()).toContain('カードの裁定が難しい');
    await head.page.getByTestId('queue-calls').getByRole('link').first().click();
    const first = head.page.getByTestId('calls-open').locator('[data-testid=call-card]').first();
    await first.and(head.page.locator('[data-state=escalated]')).waitFor();
    expect(await first.getByTestId('call-escalation').textContent()).toContain('カードの裁定が難しい');
    // Table 1 calls a second time this round: its card and the floor view say so.
    const px = await phone(tables[0]!.players[0]);
    await px.getByTestId('call-button').click();
    await px.getByTestId('call-open').waitFor();
    const again = head.page.locator('[data-testid=call-card][data-call="3"]');
    expect(await again.getByTestId('call-repeat').textContent()).toContain('2 回目');
    const floor = head.page.getByTestId('call-floor');
    await floor
      .getByTestId('floor-repeat')
      .filter({ hasText: `${tables[0]!.table} 卓（2 回）` })
      .waitFor();
    expect(await floor.getByTestId('floor-extensions').textContent()).toContain(`${tables[0]!.table} 卓 +3分`);
    await shootBoth(head.page, '75-head-judge-floor');
    // The organizer sets the shortest call that earns an extension from the same screen.
    const boss = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: server.firstLogin.username, password: 'organizer-password-1' },
    });
    await boss.page.goto(`/t/${T}/calls`);
    const rules = boss.page.getByTestId('call-rules');
    await rules.getByRole('spinbutton').fill('2');
    await rules.getByRole('button').click();
    await expect
      .poll(async () => (await organizer.send('GET', `/api/tournaments/${T}/calls`)).body.minimumMinutes)
      .toBe(2);
    for (const person of [judge, head, boss, ...phones.values()]) expect(person.errors).toEqual([]);
  });
});
