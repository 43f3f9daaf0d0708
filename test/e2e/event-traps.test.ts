import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * More traps of a first real event (issue 26), on 360 px phones in Japanese: what the floor
 * judges, the desk and the players see of the same event. Screenshots in ja and en go to
 * SHINPAN_SHOTS (default test-output/screenshots/event-traps).
 */

const executablePath = chromiumPath();
const shots = process.env.SHINPAN_SHOTS ?? `${screenshotDir}event-traps`;
const HEAD = { username: 'head', password: 'head-judge-password-1' };
const FLOOR = { username: 'floor', password: 'floor-judge-password-1' };
const DESK = { username: 'desk', password: 'scorekeeper-password-1' };

type Match = { table: number; players: [string, string] };

describe.skipIf(!executablePath)('a first event, as the floor judges, the desk and the players see it', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let desk: StaffApi;
  const people: Person[] = [];

  const person = async (lang: 'ja' | 'en', login?: { username: string; password: string }, secure = false) => {
    const opened = await openPerson(browser, server.url, {
      lang,
      viewport: PHONE,
      secure,
      ...(login ? { login } : {}),
    });
    people.push(opened);
    return opened;
  };

  /** A Swiss tournament with `names` registered (their codes kept), as the organizer. */
  const tournament = async (name: string, names: readonly string[], structure = { rounds: 3, topCut: 0 }) => {
    const created = await api.send('POST', '/api/tournaments', {
      name,
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', ...structure },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const codes = new Map<string, string>();
    for (const [n, playerName] of names.entries()) {
      const player = String(8_000_000_000 + n);
      const registered = await api.send('POST', `/api/tournaments/${id}/players`, { id: player, name: playerName });
      expect(registered.status).toBe(201);
      codes.set(player, registered.body.code as string);
    }
    return { id, codes };
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    api = new StaffApi(server.url);
    await api.login(server.firstLogin.username, server.firstLogin.password);
    await api.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'organizer-password-1',
    });
    await api.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    await api.createAccount(FLOOR.username, ['judge'], FLOOR.password);
    await api.createAccount(DESK.username, ['scorekeeper'], DESK.password);
    desk = new StaffApi(server.url);
    await desk.login(DESK.username, DESK.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a disputed table is marked "needs a judge" on the round for a floor judge, and the queue’s link opens that table', async () => {
    const { id, codes } = await tournament('報告食い違い大会', [
      '不動 遊星',
      'ジャック・アトラス',
      '十六夜 アキ',
      'クロウ',
    ]);
    expect((await api.send('PUT', `/api/tournaments/${id}/player-reporting`, { enabled: true })).status).toBe(200);
    const paired = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    const disputed = (paired.body.pairing.matches as Match[])[1]!;
    for (const p of disputed.players) {
      const sent = await api.send('POST', `/api/tournaments/${id}/players/${p}/result`, {
        code: codes.get(p),
        round: 1,
        table: disputed.table,
        duels: [p, p],
      });
      expect(sent.status).toBe(200);
    }

    const floor = await person('ja', FLOOR);
    await floor.page.goto(`/t/${id}/rounds/1`);
    const notice = floor.page.getByTestId('needs-judge');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`${disputed.table}番卓`);
    expect(await notice.textContent()).toContain('両選手の報告が食い違い');
    const badge = floor.page.getByTestId(`needs-judge-${disputed.table}`);
    expect(await badge.textContent()).toContain('ジャッジが必要');
    // The other table reads as it did.
    const other = 3 - disputed.table;
    expect(await floor.page.getByTestId(`needs-judge-${other}`).count()).toBe(0);
    await shootPhone(floor.page, shots, 'round-needs-judge');
    await notice.getByRole('link').click();
    await expect.poll(() => floor.page.url()).toContain(`/rounds/1?table=${disputed.table}`);
    await expect.poll(() => floor.page.getByTestId(`table-${other}`).count()).toBe(0);
    expect(await floor.page.getByTestId(`table-${disputed.table}`).count()).toBe(1);
    await floor.page.getByTestId('only-table').getByRole('link').click();
    await floor.page.getByTestId(`table-${other}`).waitFor();

    const head = await person('ja', HEAD);
    await head.page.goto(`/t/${id}/queue`);
    const entry = head.page.getByTestId(`queued-1-${disputed.table}`);
    await entry.getByRole('link', { name: '結果を入力' }).click();
    await head.page.getByTestId(`enter-result-${disputed.table}`).waitFor();
    expect(head.page.url()).toContain(`/rounds/1?table=${disputed.table}`);
    expect(await head.page.getByTestId(`table-${other}`).count()).toBe(0);
    await shootPhone(head.page, shots, 'queue-link-opens-table');
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);

  it('the seat time announced with the pairings shows on the wall and the print; without one they say "not started"', async () => {
    const { id } = await tournament('着席時刻大会', ['遊星', 'ジャック', 'クロウ', 'アキ']);
    const scorekeeper = await person('ja', DESK);
    const { page } = scorekeeper;
    await page.goto(`/t/${id}`);
    await page.locator('input[name=plannedSeatTime]').fill('23:59');
    await shootPhone(page, shots, 'pair-with-planned-seat-time');
    await page.getByTestId('pair-round').click();
    await page.getByTestId('planned-seat-time').filter({ hasText: '着席時刻 23:59（予定）' }).waitFor();
    await shootPhone(page, shots, 'round-planned-seat-time');
    await page.goto(`/t/${id}/print/pairings/1`);
    expect(await page.getByTestId('print-seat-time').textContent()).toBe('着席時刻 23:59（予定）');
    await page.goto(`/t/${id}/wall`);
    await page.getByTestId('wall-clock').filter({ hasText: '23:59' }).waitFor();

    // Started before it, the round's seat time is the one announced.
    const started = await desk.send('POST', `/api/tournaments/${id}/rounds/1/start`, {});
    expect(started.status).toBe(200);
    const view = (await desk.send('GET', `/api/tournaments/${id}/rounds/1/pairings`)).body;
    expect([view.started, view.plannedSeatTime, new Date(view.seatTime).getMinutes()]).toEqual([true, null, 59]);
    await page.goto(`/t/${id}/print/pairings/1`);
    expect(await page.getByTestId('print-seat-time').textContent()).toBe('着席時刻 23:59');

    // Posted without a seat time: the time of posting is not called a seat time.
    const other = await tournament('着席時刻なし大会', ['遊星', 'ジャック']);
    expect(
      (await desk.send('POST', `/api/tournaments/${other.id}/rounds`, { round: 1, startLater: true })).status,
    ).toBe(201);
    await page.goto(`/t/${other.id}/print/pairings/1`);
    expect(await page.getByTestId('print-seat-time').textContent()).toBe('開始前（着席時刻は開始時に決まります）');
    await shootPhone(page, shots, 'print-not-started');
    await page.goto(`/t/${other.id}/wall`);
    await page.getByTestId('wall-clock').filter({ hasText: '開始前' }).waitFor();
    expect(await page.getByTestId('wall-clock').textContent()).toContain('着席時刻は開始時に決まります');
    await shootPhone(page, shots, 'wall-not-started');
    await page.goto(`/t/${other.id}`);
    expect(await page.locator('.card-list .badge').first().textContent()).toBe('組み合わせ発表中');
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);

  it('after the Swiss: the field narrowing is named as such and offered only while Swiss rounds are left; players out of the cut and after the event see their final place; the print shows the final places and the bracket', async () => {
    const { id, codes } = await tournament('ベスト4大会', ['遊星', 'ジャック', 'クロウ', 'アキ', '龍可', '龍亞'], {
      rounds: 2,
      topCut: 4,
    });
    const play = async (round: number) => {
      const paired = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round });
      expect(paired.status).toBe(201);
      for (const m of paired.body.pairing.matches as Match[])
        await desk.send('POST', `/api/tournaments/${id}/rounds/${round}/tables/${m.table}/result`, {
          duels: [m.players[0], m.players[0]],
        });
      expect((await desk.send('POST', `/api/tournaments/${id}/rounds/${round}/end`)).status).toBe(200);
      return paired.body.pairing.matches as Match[];
    };
    const organizer = await person('ja', { username: 'organizer', password: 'organizer-password-1' });
    const { page } = organizer;
    await play(1);
    await page.goto(`/t/${id}`);
    const cutForm = page.getByTestId('cut-form');
    await cutForm.waitFor();
    expect(await cutForm.locator('summary').textContent()).toBe(
      '第1回戦後にスイスドローの参加者を絞る（任意・決勝トーナメントとは別）',
    );
    await shootPhone(page, shots, 'narrow-swiss-field');
    await play(2);
    await page.getByTestId('pair-round').filter({ hasText: '決勝トーナメントを組む' }).waitFor();
    expect(await cutForm.count()).toBe(0);

    // The semi-finals of a top 4: the other two are out, and told their place.
    const semis = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 3 });
    expect(semis.status).toBe(201);
    const inTopCut = (semis.body.pairing.matches as Match[]).flatMap((m) => m.players);
    const out = [...codes.keys()].filter((p) => !inTopCut.includes(p));
    const player = await person('ja');
    await player.page.goto(`/t/${id}/p/${out[0]}?code=${codes.get(out[0]!)}`);
    const card = player.page.getByTestId('final-place');
    await card.waitFor();
    expect(await card.textContent()).toMatch(/決勝トーナメント進出なし最終順位 [56]位/);
    expect(await player.page.getByText('組み合わせが発表されると').count()).toBe(0);
    await shootPhone(player.page, shots, 'player-out-of-top-cut');

    for (const m of semis.body.pairing.matches as Match[])
      await desk.send('POST', `/api/tournaments/${id}/rounds/3/tables/${m.table}/result`, {
        duels: [m.players[0], m.players[0]],
      });
    expect((await desk.send('POST', `/api/tournaments/${id}/rounds/3/end`)).status).toBe(200);
    const final = (await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 4 })).body.pairing
      .matches[0] as Match;
    const finalists = final.players;
    expect(
      (
        await desk.send('POST', `/api/tournaments/${id}/rounds/4/tables/${final.table}/result`, {
          duels: [finalists[1], finalists[1]],
        })
      ).status,
    ).toBe(200);
    expect((await desk.send('POST', `/api/tournaments/${id}/rounds/4/end`)).status).toBe(200);
    expect((await api.send('POST', `/api/tournaments/${id}/finish`, {})).status).toBe(200);
    await player.page.goto(`/t/${id}/p/${finalists[1]}?code=${codes.get(finalists[1]!)}`);
    await card.filter({ hasText: '大会終了' }).waitFor();
    expect(await card.textContent()).toContain('最終順位 1位');
    expect(await player.page.getByTestId('final-record').textContent()).toMatch(/スイスドローの戦績: \d勝 \d敗 0分/);
    await shootPhone(player.page, shots, 'player-final-place');

    // On the phone's own standings screen, the bracket and the table show whole or scroll, never cut off.
    await page.goto(`/t/${id}/standings`);
    await page.getByTestId('bracket').locator('.bracket-match').first().waitFor();
    expect(await page.getByTestId('bracket').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // The Swiss table is wider than the phone: it scrolls, and its edge says so.
    await expect.poll(() => page.locator('.table-scroll').getAttribute('data-more')).toBe('true');
    await shootPhone(page, shots, 'standings-final-phone');
    await page.goto(`/t/${id}/print/standings`);
    const places = page.getByTestId('final-places');
    await places.waitFor();
    expect(await places.locator('li').count()).toBe(6);
    await page.getByTestId('bracket').locator('.bracket-match').first().waitFor();
    await shootPhone(page, shots, 'print-standings-final');
    await page.emulateMedia({ media: 'print' });
    // On paper nothing scrolls, so nothing may be cut off: the bracket fits the page's width.
    expect(await page.getByTestId('bracket').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: `${shots}/print-standings-final.print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    for (const p of people) expect(p.errors).toEqual([]);
  }, 180_000);

  it('the judge’s phone: a compact header, the head judge’s queue one tap away, and offline one banner that says it all', async () => {
    const { id } = await tournament('スマホ大会', ['遊星', 'ジャック', 'クロウ', 'アキ']);
    const paired = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    const first = (paired.body.pairing.matches as Match[])[0]!;
    // Reloading offline needs the service worker: a secure context.
    const head = await person('ja', HEAD, true);
    const { page, context } = head;
    await page.goto(`/t/${id}/rounds/1`);
    await page.getByTestId(`enter-result-${first.table}`).waitFor();
    // The header leaves the screen to the round: at most a fifth of a 780 px phone.
    const header = (await page.locator('.app-header').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(PHONE.height / 5);
    // The queue is a tab on screen, not past the edge of the bar; the bar says when it scrolls.
    const queue = (await page.locator('.tabs').getByRole('link', { name: 'ヘッドジャッジ' }).boundingBox())!;
    expect(queue.x + queue.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.locator('.tabs').getAttribute('data-more')).toBe('true');
    await shootPhone(page, shots, 'judge-phone-header');

    // Offline after a reload, with a result entered: one banner, not one per worry.
    await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller'), { timeout: 30_000 }).toBe(true);
    const saved = () =>
      page.evaluate(
        "caches.open('shinpan-saved-reads').then((c) => c.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname))",
      ) as Promise<string[]>;
    await page.reload();
    await page.getByTestId(`enter-result-${first.table}`).waitFor();
    await expect.poll(async () => (await saved()).some((p) => p.endsWith('/rounds/1/pairings'))).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline').waitFor();
    await page.getByTestId(`enter-result-${first.table}`).click();
    await page.getByTestId(`quick-${first.table}-${first.players[0]}-2-0`).click();
    await page.getByTestId(`submit-result-${first.table}`).click();
    await page.getByTestId('pending-writes').waitFor();
    const banners = page.locator('.outbox > .notice, .outbox > details.notice, main .notice[role=status]');
    await expect.poll(() => banners.count()).toBe(1);
    const banner = (await banners.first().textContent()) ?? '';
    expect(banner).toContain('オフライン');
    expect(banner).toMatch(/\d\d:\d\d に保存/);
    expect(banner).toContain('送信待ちの変更 1件');
    await shootPhone(page, shots, 'judge-phone-offline');
    await context.setOffline(false);
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    for (const p of people) expect(p.errors).toEqual([]);
  }, 180_000);

  it('a tournament in Asia/Tokyo shows its times in Tokyo time on a phone set to UTC', async () => {
    const phone = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: 'organizer', password: 'organizer-password-1' },
      timezoneId: 'UTC',
    });
    people.push(phone);
    const { page } = phone;
    await page.goto('/new');
    const zone = page.locator('input[name=timeZone]');
    expect(await zone.inputValue()).toBe('UTC');
    await page.locator('input[name=name]').fill('東京時間大会');
    await zone.fill('Asia/Tokyo');
    await page.locator('input[name=decklistsRequired]').uncheck();
    await shootPhone(page, shots, 'create-time-zone');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/t\/[^/]+\/players$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    expect((await api.send('GET', `/api/tournaments/${id}`)).body.settings.timeZone).toBe('Asia/Tokyo');
    for (const [n, name] of ['遊星', 'ジャック'].entries())
      expect((await api.send('POST', `/api/tournaments/${id}/players`, { id: `900000000${n}`, name })).status).toBe(
        201,
      );
    expect((await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 })).status).toBe(201);
    const seat = (await desk.send('GET', `/api/tournaments/${id}/rounds/1/pairings`)).body.seatTime as string;
    const tokyo = new Date(seat).toLocaleTimeString('ja-JP', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Tokyo',
    });
    const utc = new Date(seat).toLocaleTimeString('ja-JP', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    expect(tokyo).not.toBe(utc);
    await page.goto(`/t/${id}/rounds/1`);
    await page
      .locator('.timer')
      .filter({ hasText: `着席時刻 ${tokyo}` })
      .waitFor();
    await page.goto(`/t/${id}`);
    expect(await page.getByTestId('time-zone').textContent()).toContain('Asia/Tokyo');
    // The summary (which names the zone) answers after the pairings: the print page must still never
    // show the device's time, not even for a moment before the summary arrives.
    const summaryPath = `/api/tournaments/${encodeURIComponent(id)}`;
    const isSummary = (url: URL) => url.pathname === summaryPath;
    // On the context: the console's service worker makes the request, which a page route does not see.
    await phone.context.route(isSummary, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`/t/${id}/print/pairings/1`);
    const printed = page.getByTestId('print-seat-time');
    await printed.waitFor();
    expect(await printed.textContent()).toContain(`着席時刻 ${tokyo}`);
    // The page may print before the held summary goes on: wait for that handler rather than cut it off.
    await phone.context.unrouteAll({ behavior: 'wait' });
    await shootPhone(page, shots, 'print-tokyo-time');
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);

  it('a registration slip prints the short address to type when the QR code does not scan; it asks for the code', async () => {
    const { id, codes } = await tournament('QR大会', ['遊星', 'ジャック']);
    const organizer = await person('ja', { username: 'organizer', password: 'organizer-password-1' });
    await organizer.page.goto(`/t/${id}/print/registration`);
    const [player, code] = [...codes][0]!;
    const typed = organizer.page.getByTestId(`slip-${player}`).getByTestId('slip-url');
    await typed.waitFor();
    const address = `${organizer.origin}/t/${id}/p/${player}`;
    expect(await typed.textContent()).toContain(address);
    expect(await typed.textContent()).not.toContain('code=');
    await shootPhone(organizer.page, shots, 'registration-slip-url');
    const phone = await person('ja');
    await phone.page.goto(address);
    await phone.page.getByLabel('確認コード').fill(code);
    await phone.page.locator('form button[type=submit]').click();
    await phone.page.getByTestId('player-page').waitFor();
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);

  it('the head judge records an appeal as denied: the penalty stands and the card says why', async () => {
    const { id } = await tournament('上訴棄却大会', ['遊星', 'ジャック']);
    const paired = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 });
    const [match] = paired.body.pairing.matches as Match[];
    const headApi = new StaffApi(server.url);
    await headApi.login(HEAD.username, HEAD.password);
    const issued = await headApi.send('POST', `/api/tournaments/${id}/penalties`, {
      player: match!.players[0],
      report: { infraction: 'stalling', phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(issued.status).toBe(201);
    const head = await person('ja', HEAD);
    await head.page.goto(`/t/${id}/queue`);
    const card = head.page.getByTestId('queue-all').getByTestId('penalty-card-1');
    await head.page.getByTestId('queue-all').locator('summary').first().click();
    await card.getByText('上訴を裁定').click();
    await card.getByText('上訴を棄却（罰則はそのまま）').click();
    await card.locator('textarea').last().fill('映像で確認、判定どおり');
    await shootPhone(head.page, shots, 'appeal-deny-form');
    await card.getByRole('button', { name: '裁定を記録' }).click();
    await head.page
      .getByTestId('queue-appeals')
      .getByText('上訴を棄却（罰則はそのまま）: 映像で確認、判定どおり')
      .waitFor();
    const log = (await headApi.send('GET', `/api/tournaments/${id}/penalties`)).body.penalties;
    expect(log[0]).toMatchObject({ status: 'in-force', penalty: 'match-loss', appeals: [{ kind: 'denied' }] });
    await shootPhone(head.page, shots, 'appeal-denied');
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);

  it('the log shows a tardiness table and offers its CSV in both languages', async () => {
    const { id } = await tournament('遅刻記録大会', ['遊星', 'ジャック']);
    const paired = await desk.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 });
    const [match] = paired.body.pairing.matches as Match[];
    const floor = new StaffApi(server.url);
    await floor.login(FLOOR.username, FLOOR.password);
    server.clock.advanceMinutes(3);
    const seated = await floor.send('POST', `/api/tournaments/${id}/rounds/1/tables/${match!.table}/seated`, {
      player: match!.players[1],
    });
    expect(seated.status).toBe(200);
    const organizer = await person('ja', { username: 'organizer', password: 'organizer-password-1' });
    await organizer.page.goto(`/t/${id}/log`);
    const table = organizer.page.getByTestId('tardiness');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').textContent()).toContain(match!.players[1]);
    expect(await organizer.page.getByTestId('exports').getByRole('link').allTextContents()).toContain(
      '遅刻 CSV（見出し: 日本語）',
    );
    await shootPhone(organizer.page, shots, 'log-tardiness');
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);

  it('the desk imports a player CSV in the console: a preview with line-numbered problems, nothing written until it is clean', async () => {
    const created = await api.send('POST', '/api/tournaments', {
      name: 'CSV取り込み大会',
      date: '2011-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    const id = created.body.id as string;
    expect(
      (await api.send('POST', `/api/tournaments/${id}/players`, { id: '7100000001', name: '既存 選手' })).status,
    ).toBe(201);
    const scorekeeper = await person('ja', DESK);
    const { page } = scorekeeper;
    await page.goto(`/t/${id}/players`);
    const panel = page.getByTestId('csv-import');
    await panel.locator('summary').click();
    const bad = [
      'プレイヤーID,氏名,フリガナ',
      '7100000002,不動 遊星,ふどう ゆうせい',
      '7100000001,既存 選手,',
      '7100000003,十六夜 アキ,Izayoi',
      '7100000002,二重 登録,',
    ].join('\n');
    await panel.locator('textarea[name=importCsv]').fill(bad);
    await page.getByTestId('import-preview-button').click();
    const problems = page.getByTestId('import-problems');
    await problems.waitFor();
    const lines = await problems.locator('li').allTextContents();
    // The file's own problems first, each on its line; the ids registered already once the file reads.
    expect(lines).toEqual([
      expect.stringMatching(/^4行目: .*かな/),
      expect.stringMatching(/^5行目: .*2 行目にもあります/),
    ]);
    expect(await page.getByTestId('import-submit').count()).toBe(0);
    await shootPhone(page, shots, 'import-preview-problems');
    expect((await api.send('GET', `/api/tournaments/${id}/players`)).body.players).toHaveLength(1);
    await panel
      .locator('textarea[name=importCsv]')
      .fill(['プレイヤーID,氏名', '7100000001,既存 選手', '7100000002,不動 遊星'].join('\n'));
    await page.getByTestId('import-preview-button').click();
    await problems.filter({ hasText: '2行目: ' }).waitFor();
    expect(await problems.locator('li').allTextContents()).toEqual([
      '2行目: ID 7100000001 の選手はもう登録されています',
    ]);
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);

    await panel
      .locator('textarea[name=importCsv]')
      .fill(
        ['id,name,reading', '7100000002,不動 遊星,ふどう ゆうせい', '7100000003,十六夜 アキ,いざよい あき'].join('\n'),
      );
    await page.getByTestId('import-preview-button').click();
    await page.getByTestId('import-rows').waitFor();
    expect(await page.getByTestId('import-problems').count()).toBe(0);
    expect(await page.getByTestId('import-rows').locator('tbody tr').count()).toBe(2);
    await shootPhone(page, shots, 'import-preview-clean');
    await page.getByTestId('import-submit').click();
    await page.getByTestId('player-7100000003').waitFor();
    const players = (await api.send('GET', `/api/tournaments/${id}/players`)).body.players as {
      id: string;
      reading?: string;
    }[];
    expect(players.map((p) => [p.id, p.reading ?? null])).toEqual([
      ['7100000001', null],
      ['7100000002', 'ふどう ゆうせい'],
      ['7100000003', 'いざよい あき'],
    ]);
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);
});
