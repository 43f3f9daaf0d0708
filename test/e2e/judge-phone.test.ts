import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The judge's phone (360 px, Japanese) where trust breaks: a tardiness tapped twice, a result
 * queued offline and refused on reconnect. Each step checks the event log itself, not only
 * the screen. Screenshots of the changed screens in both languages go to SHINPAN_SHOTS when set.
 */

const executablePath = chromiumPath();
const deck = (file: string) => readFileSync(new URL(`../../catalogue/decks/${file}`, import.meta.url), 'utf8');
const shots = process.env.SHINPAN_SHOTS;

const PLAYERS = [
  { id: '2000000001', name: '遊城 十代' },
  { id: '2000000002', name: '丸藤 亮' },
  { id: '2000000003', name: 'Emily Carter' },
  { id: '2000000004', name: '万丈目 準' },
] as const;
const nameOf = (id: string) => PLAYERS.find((p) => p.id === id)?.name ?? id;
const STAFF = {
  head: { username: 'head', password: 'head-judge-password' },
  judge: { username: 'floor', password: 'floor-judge-password' },
  score: { username: 'score', password: 'scorekeeper-password' },
};

interface Table {
  readonly table: number;
  readonly players: readonly [string, string];
}

/** Screenshots at 360 px in Japanese and English, switched with the console's own buttons. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/${name}.${lang}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.locator('.lang-switch button[lang=ja]').first().click();
}

describe.skipIf(!executablePath)("the judge's phone", () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let scorekeeper: StaffApi;
  let judge: Person;
  let organizerPhone: Person;
  let head: Person;
  let tournament = '';
  let round1: Table[] = [];
  const base = () => `/t/${tournament}`;

  /** The tournament's event log as stored (the export the archive keeps). */
  async function eventLog(id = tournament): Promise<{ type: string; data: any }[]> {
    const answer = await fetch(`${server.url}/api/tournaments/${id}/export?format=events`, {
      headers: { cookie: organizer.cookieHeader() },
    });
    expect(answer.status).toBe(200);
    return (await answer.text())
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { type: string; data: any });
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    organizer = new StaffApi(server.url);
    await organizer.login(server.firstLogin.username, server.firstLogin.password);
    const changed = await organizer.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'organizer-password-1',
    });
    expect(changed.status).toBe(200);
    await organizer.createAccount(STAFF.judge.username, ['judge'], STAFF.judge.password);
    await organizer.createAccount(STAFF.head.username, ['head-judge'], STAFF.head.password);
    await organizer.createAccount(STAFF.score.username, ['scorekeeper'], STAFF.score.password);
    scorekeeper = new StaffApi(server.url);
    await scorekeeper.login(STAFF.score.username, STAFF.score.password);
    const created = await organizer.send('POST', '/api/tournaments', {
      name: '判定テスト大会',
      date: '2011-06-01',
      decklistsRequired: false,
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    tournament = created.body.id;
    for (const p of PLAYERS)
      expect((await scorekeeper.send('POST', `/api/tournaments/${tournament}/players`, p)).status).toBe(201);
    expect((await scorekeeper.send('POST', `/api/tournaments/${tournament}/rounds`, { round: 1 })).status).toBe(201);
    const pairings = await scorekeeper.send('GET', `/api/tournaments/${tournament}/rounds/1/pairings`);
    round1 = (pairings.body.tables as { table: number | null; players: { id: string }[] }[])
      .filter((t) => t.table !== null)
      .map((t) => ({ table: t.table as number, players: [t.players[0]!.id, t.players[1]!.id] as const }));
    judge = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: STAFF.judge });
    organizerPhone = await openPerson(browser, server.url, {
      lang: 'ja',
      viewport: PHONE,
      login: { username: server.firstLogin.username, password: 'organizer-password-1' },
    });
  }, 180_000);

  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip();
  });
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    failed = true;
    if (shots)
      await judge?.page.screenshot({ path: `${shots}/failed.judge.png`, fullPage: true }).catch(() => undefined);
    if (shots)
      await organizerPhone?.page
        .screenshot({ path: `${shots}/failed.organizer.png`, fullPage: true })
        .catch(() => undefined);
    if (shots) await head?.page.screenshot({ path: `${shots}/failed.head.png`, fullPage: true }).catch(() => undefined);
    for (const person of [judge, organizerPhone, head])
      if (person?.errors.length) process.stderr.write(`page errors:\n${person.errors.join('\n')}\n`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('one lateness gets one penalty however often the judge taps; a heavier proposal replaces it', async () => {
    const [late] = round1[0]!.players;
    server.clock.advanceMinutes(2);
    const page = judge.page;
    await page.goto(`${base()}/rounds/1/clock`);
    const propose = page.getByTestId(`propose-late-${late}`);
    await propose.filter({ hasText: '警告を提案' }).waitFor();
    await propose.click();
    // One step, showing what it does to the match before anything is written.
    const panel = page.getByTestId(`late-confirm-${late}`);
    expect(await panel.textContent()).toContain('マッチの結果には影響しません');
    await shoot(page, 'clock-confirm-warning');
    const confirm = page.getByTestId(`confirm-late-${late}`);
    await confirm.dblclick();
    await page.getByTestId(`late-issued-${late}`).filter({ hasText: '#1' }).waitFor();
    // The button now says what was issued and cannot issue it again.
    await propose.filter({ hasText: '警告（記録済み）' }).waitFor();
    expect(await propose.isDisabled()).toBe(true);
    await shoot(page, 'clock-issued');

    // Six minutes late: the proposal is a duel loss, replacing the warning.
    server.clock.advanceMinutes(4);
    await page.reload();
    await propose.filter({ hasText: 'デュエルの敗北に重くする' }).waitFor();
    await propose.click();
    expect(await panel.textContent()).toContain('罰則 #1（警告）を置き換えます');
    expect(await panel.textContent()).toContain(`第1デュエルは ${nameOf(round1[0]!.players[1])} の勝ち`);
    await shoot(page, 'clock-confirm-raise');
    await confirm.click();
    await page.getByTestId(`late-issued-${late}`).filter({ hasText: 'デュエルの敗北' }).waitFor();
    await propose.filter({ hasText: 'デュエルの敗北（記録済み）' }).waitFor();

    // A second phone (or a retry with a new key) asking for the same lateness is refused by the core.
    const again = await organizer.send('GET', `/api/tournaments/${tournament}/rounds/1/clock`);
    expect(again.body.late.find((l: { player: string }) => l.player === late)).toMatchObject({
      penalty: 'duel-loss',
      issued: { penaltyId: 1, penalty: 'duel-loss' },
      confirmable: false,
    });

    const events = (await eventLog()).filter((e) => e.type === 'PenaltyIssued' || e.type === 'TardinessRaised');
    expect(events.map((e) => [e.type, e.data.penaltyId, e.data.player ?? null, e.data.penalty])).toEqual([
      ['PenaltyIssued', 1, late, 'warning'],
      ['TardinessRaised', 1, null, 'duel-loss'],
    ]);
    const penalties = await organizer.send('GET', `/api/tournaments/${tournament}/penalties`);
    expect(
      penalties.body.penalties.map((p: { id: number; penalty: string; repeatUpgrade: boolean }) => [
        p.id,
        p.penalty,
        p.repeatUpgrade,
      ]),
    ).toEqual([[1, 'duel-loss', false]]);
  }, 120_000);

  it('a result queued offline and refused on reconnect stays in view with its reason, after a reload too', async () => {
    const table = round1[1]!;
    const [a, b] = table.players;
    const page = judge.page;
    await page.goto(`${base()}/rounds/1`);
    await page.getByTestId(`enter-result-${table.table}`).waitFor();
    await judge.context.setOffline(true);
    await page.getByTestId(`enter-result-${table.table}`).click();
    await page.getByTestId(`quick-${table.table}-${a}-2-0`).click();
    await page.getByTestId(`submit-result-${table.table}`).click();
    await page.getByTestId('pending-writes').waitFor();

    // Meanwhile the scorekeeper enters another result for the same table.
    const other = await scorekeeper.send(
      'POST',
      `/api/tournaments/${tournament}/rounds/1/tables/${table.table}/result`,
      { duels: [b, a, b] },
    );
    expect(other.status).toBe(200);

    await judge.context.setOffline(false);
    const card = page.getByTestId(`table-${table.table}`);
    // On the table's card, or in the strip under the header when the refusal came while the
    // card was being drawn again (the scorekeeper's result reached the board live meanwhile):
    // in view either way. Waiting for the card's alone failed 2 of 4 runs here, also on the code
    // of the stop before. Sent again on the page's "online" event; an attempt still on its way
    // then is given up after 10 s and sent again at once.
    const refused = page
      .locator('[data-testid=failed-write]')
      .filter({ has: page.getByTestId('failed-sent').filter({ hasText: `${nameOf(a)} 2-0` }) })
      .first();
    await refused.waitFor({ timeout: 45_000 });
    expect(await refused.getByTestId('failed-sent').textContent()).toBe(`送った結果: ${nameOf(a)} 2-0`);
    await refused
      .getByTestId('failed-recorded')
      .filter({ hasText: `${nameOf(b)}` })
      .filter({ hasText: '2-1' })
      .waitFor();
    expect(await refused.getByTestId('failed-reason').textContent()).not.toBe('');
    await shoot(page, 'result-refused');

    await page.reload();
    await card
      .getByTestId('failed-write')
      .getByTestId('failed-sent')
      .filter({ hasText: `${nameOf(a)} 2-0` })
      .waitFor();
    // The strip under the header keeps it too, whatever screen the judge is on.
    await page.goto(`${base()}/rounds/1/clock`);
    await page.locator('.outbox [data-testid=failed-write]').waitFor();

    // The log holds the scorekeeper's result only: nothing was merged or applied twice.
    const results = (await eventLog()).filter((e) => e.type === 'ResultReported' && e.data.table === table.table);
    expect(results.map((e) => e.data.duels)).toEqual([[b, a, b]]);

    // The judge chooses: discard it, or ask the head judge to correct the result to what was sent.
    const strip = page.locator('.outbox [data-testid=failed-write]');
    await strip.getByTestId('discard-failed').waitFor();
    await strip.getByTestId('failed-correction-reason').fill('両者に確認: 2-0 で Emily の勝ち。記録票の記入ミス');
    await shoot(page, 'result-refused-ask-correction');
    await strip.getByTestId('ask-correction').click();
    await strip.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId(`late-issued-${round1[0]!.players[0]}`).waitFor();
    expect(await page.locator('[data-testid=failed-write]').count()).toBe(0);
    const asked = (await eventLog()).filter((e) => e.type === 'RequestSubmitted');
    expect(asked.map((e) => e.data.request)).toEqual([
      {
        kind: 'correction',
        correction: {
          round: 1,
          table: table.table,
          duels: [a, a],
          reason: '両者に確認: 2-0 で Emily の勝ち。記録票の記入ミス',
        },
      },
    ]);
  }, 120_000);

  it("a floor judge's deviation goes to the head judge's queue, is approved on a second phone and seen live on the first", async () => {
    const [, slow] = round1[0]!.players;
    const page = judge.page;
    await page.goto(`${base()}/penalty?player=${slow}&round=1&table=${round1[0]!.table}`);
    await page.getByTestId('infraction-search').fill('遅いプレイ');
    await page.getByTestId('infraction-slow-play').click();
    await page.locator('input[name=fact-affectedResult][value=no]').check();
    await page.locator('input[name=phase][value=in-duel]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('decision').waitFor();
    await page.locator('input[name=choice][value=other]').check();
    await page.getByTestId('other-penalty').selectOption('warning');
    await page.getByTestId('deviation-reason').fill('Second slow-play talk this round; the player ignored the first.');
    await page.getByTestId('request-notes').fill('対戦相手から2回目の申告。1回目の注意の後も長考が続いた。');
    expect(await page.getByTestId('issue-penalty').count()).toBe(0);
    await shoot(page, 'penalty-request-form');
    await page.getByTestId('send-request').click();
    const status = page.getByTestId('request-status');
    await status.and(page.locator('[data-outcome=pending]')).waitFor();
    await shoot(page, 'penalty-request-pending');
    // Nothing is on the record yet.
    expect((await eventLog()).filter((e) => e.type === 'PenaltyIssued').length).toBe(1);

    head = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE, login: STAFF.head });
    await head.page.goto(`${base()}/queue`);
    const card = head.page.getByTestId('request-2');
    await card.waitFor();
    expect(await card.textContent()).toContain(nameOf(slow));
    expect(await card.getByTestId('request-notes-shown').textContent()).toContain('1回目の注意の後も長考が続いた');
    await shoot(head.page, 'queue-request');
    await head.page.getByTestId('decide-request-2').click();
    await card.waitFor({ state: 'detached' });

    // The floor judge's phone follows without a reload.
    await status.and(page.locator('[data-outcome=approved]')).waitFor();
    expect(await status.textContent()).toContain('承認されました');
    await shoot(page, 'penalty-request-approved');

    const events = (await eventLog())
      .filter((e) => ['RequestSubmitted', 'PenaltyIssued', 'RequestDecided'].includes(e.type))
      .slice(2);
    expect(events.map((e) => [e.type, e.data.requestId ?? null, e.data.penalty ?? e.data.outcome ?? null])).toEqual([
      ['RequestSubmitted', 2, null],
      ['PenaltyIssued', null, 'warning'],
      ['RequestDecided', 2, 'approved'],
    ]);
    expect(events[0]!.data).toMatchObject({ proposed: 'warning', judge: { id: STAFF.judge.username, role: 'judge' } });
    expect(events[1]!.data).toMatchObject({
      player: slow,
      deviationReason: 'Second slow-play talk this round; the player ignored the first.',
      judge: { id: STAFF.head.username, role: 'head-judge' },
    });
    expect(events[2]!.data.penaltyId).toBe(events[1]!.data.penaltyId);
  }, 120_000);

  it('an illegal or missing list is flagged at registration and stops round 1 until the organizer accepts it; the round starts as its own step; all seated except one', async () => {
    const created = await organizer.send('POST', '/api/tournaments', {
      name: 'リスト確認大会',
      date: '2011-06-01',
      decklistsRequired: true,
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const [broken, legal, none] = [
      { id: '3000000001', name: '不動 遊星', list: deck('quickdraw-broken.ydk') },
      { id: '3000000002', name: 'ジャック・アトラス', list: deck('quickdraw-synchro.ydk') },
      { id: '3000000003', name: 'クロウ', list: null },
    ] as const;
    const page = organizerPhone.page;
    await page.goto(`/t/${id}/players`);
    for (const p of [broken, legal, none]) {
      await page.locator('input[name=playerId]').fill(p.id);
      await page.locator('input[name=playerName]').fill(p.name);
      if (p.list) await page.locator('form').getByTestId('decklist-text').fill(p.list);
      await page.locator('form button[type=submit]').click();
    }
    // Registered is not "ready": the answer says what is wrong with the list, under the rule's name.
    const brokenAnswer = page.locator(`[data-testid=registered-${broken.id}][data-deck=findings]`);
    await brokenAnswer.waitFor();
    expect(await brokenAnswer.getAttribute('class')).toContain('notice-error');
    expect(await brokenAnswer.getByTestId('deck-findings').locator('li').count()).toBeGreaterThan(0);
    await page.locator(`[data-testid=registered-${none.id}][data-deck=missing]`).waitFor();
    await page.locator(`[data-testid=registered-${legal.id}][data-deck=ok]`).waitFor();
    // The list of players shows each one's deck state.
    await page.getByTestId(`deck-state-${broken.id}`).filter({ hasText: 'リストに問題' }).waitFor();
    expect(await page.getByTestId(`deck-state-${legal.id}`).textContent()).toBe('リスト適正');
    expect(await page.getByTestId(`deck-state-${none.id}`).textContent()).toBe('リスト未登録');
    await shoot(page, 'players-deck-state');

    // A scorekeeper cannot pair over it; the organizer sees who and why, and goes on only with a reason.
    const refused = await scorekeeper.send('POST', `/api/tournaments/${id}/rounds`, { round: 1 });
    expect([refused.status, refused.body.code]).toEqual([422, 'decklists-missing']);
    await page.goto(`/t/${id}`);
    const gate = page.getByTestId('decklist-gate');
    await gate.waitFor();
    expect(await gate.locator('li').count()).toBe(2);
    await gate.getByTestId(`gate-${broken.id}`).filter({ hasText: 'リストに問題' }).waitFor();
    await gate.getByTestId(`gate-${none.id}`).filter({ hasText: 'リスト未登録' }).waitFor();
    expect(await page.getByTestId('pair-round').isDisabled()).toBe(true);
    await page
      .getByTestId('accept-decklists-reason')
      .fill('クロウのリストは紙で受領済み、遊星は第1回戦前にデッキチェック');
    await shoot(page, 'pairing-decklist-gate');
    await page.getByTestId('pair-round').click();
    await page.waitForURL(`**/t/${id}/rounds/1`);

    const events = await eventLog(id);
    const accepted = events.filter((e) => e.type === 'DecklistIssuesAccepted');
    expect(accepted.map((e) => [e.data.missing, e.data.illegal, e.data.reason, e.data.by.role])).toEqual([
      [[none.id], [broken.id], 'クロウのリストは紙で受領済み、遊星は第1回戦前にデッキチェック', 'organizer'],
    ]);
    expect(events.findIndex((e) => e.type === 'RoundPaired')).toBe(events.indexOf(accepted[0]!) + 1);

    // Pairings posted, round not started: nobody is late yet.
    expect(await page.getByTestId('round-state').textContent()).toBe('組み合わせ発表中');
    server.clock.advanceMinutes(10);
    const before = await organizer.send('GET', `/api/tournaments/${id}/rounds/1/clock`);
    expect([before.body.started, before.body.late]).toEqual([false, []]);
    await shoot(page, 'round-posted');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('start-round').click();
    await page.getByTestId('round-state').filter({ hasText: '対戦中' }).waitFor();

    // Three minutes on, the floor judge seats everyone but the one still missing, in one tap.
    server.clock.advanceMinutes(3);
    const tables = (await organizer.send('GET', `/api/tournaments/${id}/rounds/1/pairings`)).body.tables as {
      table: number | null;
      players: { id: string }[];
    }[];
    const [missing, present] = tables.find((x) => x.table !== null)!.players.map((p) => p.id);
    const floor = judge.page;
    await floor.goto(`/t/${id}/rounds/1`);
    await floor.getByTestId('all-seated').locator('summary').click();
    await floor.getByTestId(`missing-${missing}`).check();
    await shoot(floor, 'all-seated-except');
    await floor.getByTestId('all-seated-submit').click();
    await floor.getByTestId(`seated-${present}`).waitFor();
    const clock = await organizer.send('GET', `/api/tournaments/${id}/rounds/1/clock`);
    expect(clock.body.late.map((l: { player: string; minutesLate: number }) => [l.player, l.minutesLate])).toEqual([
      [missing, 3],
    ]);
    const after = await eventLog(id);
    const started = after.findIndex((e) => e.type === 'RoundStarted');
    expect(started).toBeGreaterThan(after.findIndex((e) => e.type === 'RoundPaired'));
    expect(after.filter((e) => e.type === 'PlayerSeated').map((e) => e.data.player)).toEqual([present]);
  }, 120_000);

  it('a deck check is done as a tick list from the registered list, and leads to the guideline penalty', async () => {
    const tournaments = (await organizer.send('GET', '/api/tournaments')).body;
    const id = (tournaments.tournaments ?? tournaments).find((x: { name: string }) => x.name === 'リスト確認大会')
      .id as string;
    const checked = '3000000002';
    const starlight = 58120309;
    const page = judge.page;
    await page.goto(`/t/${id}/deck-check?player=${checked}`);
    const list = page.getByTestId('tick-list');
    await list.waitFor();
    // One Starlight Road is in the side deck instead of the main deck.
    const row = page.getByTestId(`tick-main-${starlight}`);
    expect(await row.textContent()).toContain('スターライト・ロード');
    // Each − and + names its card and zone, so a screen reader's list of buttons tells them apart.
    expect(await page.getByRole('button', { name: 'スターライト・ロード（メインデッキ）を1枚減らす' }).count()).toBe(1);
    const labels = await list
      .locator('.tick-count button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(new Set(labels).size).toBe(labels.length);
    await page.getByTestId(`tick-less-main-${starlight}`).click();
    expect(await row.getAttribute('class')).toContain('tick-differs');
    await list.locator('summary').filter({ hasText: 'リストにないカードを追加' }).click();
    await list.locator('select').selectOption('side');
    await page.getByTestId('add-card-search').fill('スターライト・ロード');
    await page.getByTestId(`add-card-${starlight}`).click();
    await page.getByTestId(`tick-side-${starlight}`).waitFor();
    expect(await page.getByTestId('run-tick-check').textContent()).toBe('2か所違う — 確認する');
    await shoot(page, 'deck-check-tick-list');
    await page.getByTestId('run-tick-check').click();
    const result = page.getByTestId('deck-check-result');
    await result.waitFor();
    expect(await result.locator('tr.diff-more th').allTextContents()).toEqual([`スターライト・ロード ${starlight}`]);
    expect(await result.locator('tr.diff-less th').allTextContents()).toEqual([`スターライト・ロード ${starlight}`]);

    await page.getByTestId('propose-decklist-mismatch').click();
    // Found at a deck check between rounds: the player may hold this round's bye, so "in a duel" may have no match.
    await page.locator('input[name=phase][value=between-matches]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('penalty-notes').fill('サイドのスターライト・ロードは試合前に入れ替えたと本人談');
    await page.getByTestId('issue-penalty').click();
    await page.getByTestId('penalty-issued').waitFor();
    const issued = (await eventLog(id)).filter((e) => e.type === 'PenaltyIssued');
    expect(issued.map((e) => [e.data.player, e.data.report.infraction, e.data.judge.id, e.data.notes])).toEqual([
      [checked, 'decklist-mismatch', STAFF.judge.username, 'サイドのスターライト・ロードは試合前に入れ替えたと本人談'],
    ]);
    // The notes are for staff: the player's own record (with the slip code) does not carry them.
    const record = await organizer.send('GET', `/api/tournaments/${id}/players/${checked}/record`);
    expect(JSON.stringify(record.body)).not.toContain('本人談');
  }, 120_000);
});
