import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import {
  DESKTOP,
  launchChromium,
  openPerson,
  PHONE,
  screenshotDir,
  shootBoth,
  type Person,
} from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * A whole small tournament in a real browser, as the people at the venue would run it: the
 * organizer at a laptop, the scorekeeper at another, a floor judge and the head judge on
 * phones, players on their own phones. Six players, two Swiss rounds, a top 4.
 */

const executablePath = chromiumPath();
const deck = (file: string) => readFileSync(new URL(`../../catalogue/decks/${file}`, import.meta.url), 'utf8');
const REGISTERED_DECK = deck('quickdraw-synchro.ydk');
// Starlight Road and Dimensional Prison swapped between main and side deck.
const PRESENTED_DECK = deck('quickdraw-presented.ydk');

const PLAYERS = [
  { id: '1000000001', name: '山田 太郎' },
  { id: '1000000002', name: '佐藤 花子' },
  { id: '1000000003', name: '鈴木 一郎' },
  { id: '1000000004', name: '高橋 美咲' },
  { id: '1000000005', name: 'Alex Morgan' },
  { id: '1000000006', name: '田中 健' },
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

describe.skipIf(!executablePath)('the judge console runs a small tournament in Chromium', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let organizer: Person;
  let scorekeeper: Person;
  let judge: Person;
  let head: Person;
  let visitor: Person;
  let tournament = '';
  const codes = new Map<string, string>();
  let round1: readonly Table[] = [];

  /** The round's tables as the public API shows them (the pairing is seeded at random). */
  async function tablesOf(round: number): Promise<Table[]> {
    const answer = await api.send('GET', `/api/tournaments/${tournament}/rounds/${round}/pairings`);
    return (answer.body.tables as { table: number | null; players: { id: string }[] }[])
      .filter((t) => t.table !== null)
      .map((t) => ({ table: t.table as number, players: [t.players[0]!.id, t.players[1]!.id] as const }));
  }

  const base = () => `/t/${tournament}`;

  /** Enters a result the usual way: open the table, tap "A 2-0", send, and wait for the board to show it. */
  async function quickResult(page: Page, table: Table): Promise<void> {
    const [a] = table.players;
    await page.getByTestId(`enter-result-${table.table}`).click();
    await page.getByTestId(`quick-${table.table}-${a}-2-0`).click();
    await page.getByTestId(`submit-result-${table.table}`).click();
    await page
      .getByTestId(`outcome-${table.table}`)
      .filter({ hasText: nameOf(a) })
      .filter({ hasText: '2-0' })
      .waitFor();
  }

  async function endAndPairNext(page: Page, ended: number): Promise<void> {
    await page.goto(`${base()}/rounds`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('end-round').click();
    await page.getByTestId('pair-round').click();
    await page.waitForURL(`**${base()}/rounds/${ended + 1}`);
    await page.getByTestId('table-1').waitFor();
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    api = new StaffApi(server.url);
  }, 180_000);

  // The steps build on each other: after a failure the rest are skipped, not failed in a cascade.
  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip();
  });

  // A failed step leaves what every person saw, to read beside the error.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    failed = true;
    const people = { organizer, scorekeeper, judge, head, visitor };
    for (const [who, person] of Object.entries(people)) {
      await person?.page
        .screenshot({ path: `${screenshotDir}failed.${who}.png`, fullPage: true })
        .catch(() => undefined);
      if (person?.errors.length) process.stderr.write(`page errors of ${who}:\n${person.errors.join('\n')}\n`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the organizer signs in with the one-time password, chooses a new one and creates the tournament', async () => {
    organizer = await openPerson(browser, server.url, { lang: 'ja', viewport: DESKTOP });
    const page = organizer.page;
    await page.goto('/sign-in');
    await shootBoth(page, '01-sign-in');
    await page.locator('input[name=username]').fill(server.firstLogin.username);
    await page.locator('input[name=password]').fill(server.firstLogin.password);
    await page.locator('button[type=submit]').click();
    // The one-time password must be replaced before anything else.
    await page.locator('input[name=newPassword]').fill('organizer-password-1');
    await page.locator('input[name=password]').fill(server.firstLogin.password);
    await page.locator('button[type=submit]').click();
    await page.locator('a[href="/new"]').waitFor();

    await api.login(server.firstLogin.username, 'organizer-password-1');
    await api.createAccount(STAFF.head.username, ['head-judge'], STAFF.head.password);
    await api.createAccount(STAFF.judge.username, ['judge'], STAFF.judge.password);
    await api.createAccount(STAFF.score.username, ['scorekeeper'], STAFF.score.password);

    await page.locator('a[href="/new"]').click();
    await page.locator('input[name=name]').fill('関東地区 公認大会 2011');
    await page.locator('input[name=date]').fill('2011-06-01');
    await page.locator('input[name=rounds]').fill('2');
    await page.locator('select[name=topCut]').selectOption('4');
    // The list in force on the date is the default choice; decks are checked against it.
    await page
      .locator('select[name=banlist] option[value=""]', { hasText: '2011.03.01 OCG' })
      .waitFor({ state: 'attached' });
    await shootBoth(page, '02-create-tournament');
    // The organizer's uploads: an F/L list file and a card database, shown, then back to the shipped ones.
    await page.locator('select[name=banlist]').selectOption('file');
    await page.locator('select[name=cardPool]').selectOption('file');
    await page.locator('#banlist-file').waitFor();
    await page.locator('#cards-file').waitFor();
    await shootBoth(page, '02b-create-tournament-uploads');
    await page.locator('select[name=banlist]').selectOption('');
    await page.locator('select[name=cardPool]').selectOption('shipped');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/t\/[^/]+\/players$/);
    tournament = new URL(page.url()).pathname.split('/')[2]!;

    const created = await api.send('GET', `/api/tournaments/${tournament}`);
    expect(created.body.settings).toEqual({
      name: '関東地区 公認大会 2011',
      date: '2011-06-01',
      // The form's default: the zone the organizer's device is set to.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      decklistsRequired: true,
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 2, topCut: 4 },
      stages: { swiss: { bestOf: 3, roundMinutes: 40 }, 'top-cut': { bestOf: 3, roundMinutes: 40 } },
      deckRules: {
        cardPool: expect.objectContaining({ source: 'shipped', cards: 14_222 }),
        banlist: expect.objectContaining({ source: 'shipped', name: '2011.03.01 OCG' }),
      },
    });
  }, 120_000);

  it('the organizer sees the recorded list on the tournament page and may change it, with a reason, before round 1', async () => {
    const page = organizer.page;
    await page.goto(base());
    expect(await page.getByTestId('deck-rules').textContent()).toMatch(/2011\.03\.01 OCG/);
    await page.getByTestId('deck-rules-change').locator('summary').click();
    await page.locator('select[name=changeBanlist]').selectOption('2010.09.01 OCG (derived)');
    await page.locator('input[name=deckRulesReason]').fill('告知ミスの確認のため');
    await shootBoth(page, '02c-deck-rules');
    await page.getByTestId('change-deck-rules').click();
    await page.getByTestId('deck-rules').filter({ hasText: '2010.09.01 OCG (derived)' }).waitFor();
    // Back to the list in force, as announced: the rest of the event checks with it.
    await page.locator('select[name=changeBanlist]').selectOption('2011.03.01 OCG');
    await page.locator('input[name=deckRulesReason]').fill('公式リストに戻す');
    await page.getByTestId('change-deck-rules').click();
    await page.getByTestId('deck-rules').filter({ hasText: '2011.03.01 OCG' }).waitFor();
    const events = await api.send('GET', `/api/tournaments/${tournament}`);
    expect(events.body.settings.deckRules.banlist.name).toBe('2011.03.01 OCG');
  }, 120_000);

  it('the scorekeeper registers six players with their decklists without waiting between them', async () => {
    scorekeeper = await openPerson(browser, server.url, { lang: 'en', viewport: DESKTOP, login: STAFF.score });
    const page = scorekeeper.page;
    await page.goto(`${base()}/players`);
    for (const player of PLAYERS) {
      await page.locator('input[name=playerId]').fill(player.id);
      await page.locator('input[name=playerName]').fill(player.name);
      await page.locator('form').getByTestId('decklist-text').fill(REGISTERED_DECK);
      await page.locator('form button[type=submit]').click();
    }
    for (const player of PLAYERS) {
      const code = await page.getByTestId(`code-${player.id}`).textContent();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      codes.set(player.id, code!);
      // The scorekeeper sees the list's check right at the desk, without a judge.
      await page
        .getByTestId(`registered-${player.id}`)
        .filter({ hasText: 'The decklist passes every check.' })
        .waitFor();
    }
    for (const player of PLAYERS)
      await page.getByTestId(`player-${player.id}`).filter({ hasText: player.name }).waitFor();
    expect(await page.locator('[data-testid^="player-"]').count()).toBe(6);
    await shootBoth(page, '03-players');
  }, 120_000);

  it('round 1 is paired; the floor judge marks players seated on a phone, one of them while offline', async () => {
    await scorekeeper.page.goto(base());
    await scorekeeper.page.getByTestId('pair-round').click();
    await scorekeeper.page.waitForURL(`**${base()}/rounds/1`);
    // Pairings are posted first; the round (and the tardiness clock) starts with its own step.
    scorekeeper.page.once('dialog', (dialog) => void dialog.accept());
    await scorekeeper.page.getByTestId('start-round').click();
    await scorekeeper.page.getByTestId('start-round').waitFor({ state: 'detached' });
    round1 = await tablesOf(1);
    expect(round1).toHaveLength(3);

    judge = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: STAFF.judge });
    const page = judge.page;
    await page.goto(`${base()}/rounds/1`);
    const late = round1[0]!.players[0];
    const seatedOnline = round1.flatMap((t) => t.players).filter((p) => p !== late);
    const offlineOne = seatedOnline.pop()!;
    for (const player of seatedOnline) {
      await page.getByTestId(`seat-${player}`).click();
      await page.getByTestId(`seated-${player}`).waitFor();
    }

    // The connection drops: the tap is kept, shown as waiting, and sent when the connection is back.
    await judge.context.setOffline(true);
    await page.getByTestId(`seat-${offlineOne}`).click();
    await page.getByTestId('offline').waitFor();
    await page.getByTestId('pending-writes').waitFor();
    expect(await page.getByTestId('pending-writes').textContent()).toContain('送信待ちの変更 1件');
    // The outbox tried and got no answer (its attempt is counted in what it keeps): the mark is still not shown as made.
    await expect
      .poll(() =>
        page.evaluate(
          "(JSON.parse(localStorage.getItem('shinpan.outbox.v1') ?? '{}').pending ?? []).some((w) => w.attempts >= 1)",
        ),
      )
      .toBe(true);
    expect(await page.getByTestId(`seated-${offlineOne}`).count()).toBe(0);
    await judge.context.setOffline(false);
    await page.getByTestId(`seated-${offlineOne}`).waitFor();
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    await shootBoth(page, '04-round-view');

    // A player finds their table on their own phone, by name.
    visitor = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE });
    await visitor.page.goto(`${base()}/find`);
    await visitor.page.getByTestId('find-input').fill(nameOf(late));
    const found = visitor.page.getByTestId('find-result');
    await found.filter({ hasText: `${round1[0]!.table}番卓` }).waitFor();
    expect(await found.textContent()).toContain(nameOf(round1[0]!.players[1]));
    await shootBoth(visitor.page, '05-find-table');
  }, 120_000);

  it('a player six minutes late gets the guideline duel loss from the round clock, confirmed in one step', async () => {
    const late = round1[0]!.players[0];
    server.clock.advanceMinutes(6);
    const page = judge.page;
    await page.goto(`${base()}/rounds/1/clock`);
    const row = page.getByTestId(`late-${late}`);
    await row.waitFor();
    expect(await page.locator('[data-testid^="late-"]:not([data-testid^="late-seat-"])').count()).toBe(1);
    expect(await row.textContent()).toContain('6分の遅刻');
    expect(await page.getByTestId(`propose-late-${late}`).textContent()).toBe('デュエルの敗北を提案');
    await shootBoth(page, '06-round-clock');

    await page.getByTestId(`propose-late-${late}`).click();
    await page.getByTestId(`confirm-late-${late}`).click();
    await page.getByTestId(`late-issued-${late}`).filter({ hasText: 'デュエルの敗北' }).waitFor();
    await page.getByTestId(`late-seat-${late}`).click();
    await row.waitFor({ state: 'detached' });

    const penalties = await api.send('GET', `/api/tournaments/${tournament}/penalties`);
    expect(penalties.body.penalties.map((p: any) => [p.player, p.infraction, p.penalty, p.facts])).toEqual([
      [late, 'tardiness', 'duel-loss', { minutesLate: 6 }],
    ]);
  }, 120_000);

  it('a deck check highlights the cards that differ from the decklist and leads to the guideline penalty', async () => {
    const checked = round1[1]!.players[0];
    const page = judge.page;
    await page.goto(`${base()}/deck-check?player=${checked}`);
    await page.getByTestId('type-deck-instead').click();
    await page.getByTestId('decklist-text').fill(PRESENTED_DECK);
    await page.getByTestId('run-deck-check').click();
    const result = page.getByTestId('deck-check-result');
    await result.waitFor();
    // Two cards moved between main and side: four counts differ, each highlighted.
    expect(await result.locator('tr.diff-more').count()).toBe(2);
    expect(await result.locator('tr.diff-less').count()).toBe(2);
    expect(await result.locator('caption').allTextContents()).toEqual(['メインデッキ', 'サイドデッキ']);
    // Each differing card by its name, not only its passcode.
    expect(await result.locator('tr.diff-more th').allTextContents()).toEqual([
      '次元幽閉 70342110',
      'スターライト・ロード 58120309',
    ]);
    expect(await result.getByTestId('deck-check-rules').textContent()).toContain('2011.03.01 OCG');
    await shootBoth(page, '07-deck-check');

    await page.getByTestId('propose-decklist-mismatch').click();
    await page.locator('input[name=phase][value=in-duel]').check();
    await page.getByTestId('assess').click();
    expect(await page.getByTestId('guideline-penalty').textContent()).toBe('デュエルの敗北');
    await shootBoth(page, '08-penalty-decision');
    await page.getByTestId('issue-penalty').click();
    await page.getByTestId('penalty-issued').filter({ hasText: 'デュエルの敗北' }).waitFor();
  }, 120_000);

  it('a deck check in duel 2 compares the deck and side deck as one pool: legal side-decking is no mismatch, and it says so', async () => {
    const checked = round1[1]!.players[0];
    const page = judge.page;
    await page.goto(`${base()}/deck-check?player=${checked}`);
    await page.getByTestId('deck-check-duel').selectOption('2');
    await page.getByTestId('type-deck-instead').click();
    await page.getByTestId('decklist-text').fill(PRESENTED_DECK);
    await page.getByTestId('run-deck-check').click();
    const result = page.getByTestId('deck-check-result');
    await result.waitFor();
    expect(await result.locator('.notice-ok').textContent()).toBe('デッキは登録されたデッキリストと一致しています。');
    expect(await result.getByTestId('deck-check-comparison').textContent()).toContain(
      '第2デュエルとして確認: デッキとサイドデッキを一つとして比較しました',
    );
    expect(await result.locator('[data-testid^="propose-"]').count()).toBe(0);
    await shootBoth(page, '07a-deck-check-duel-2');
  }, 120_000);

  it('a deck check names each broken card in Japanese and English, highlighted, against the recorded list', async () => {
    const checked = round1[1]!.players[0];
    const page = judge.page;
    await page.goto(`${base()}/deck-check?player=${checked}`);
    await page.getByTestId('type-deck-instead').click();
    await page.getByTestId('decklist-text').fill(deck('quickdraw-broken.ydk'));
    await page.getByTestId('run-deck-check').click();
    const findings = page.getByTestId('deck-findings');
    await findings.waitFor();
    expect(await findings.locator('mark.finding-card').allTextContents()).toContain('大嵐 / Heavy Storm');
    expect(await findings.textContent()).toContain('2011.03.01 OCG');
    await shootBoth(page, '07b-deck-check-findings');
  }, 120_000);

  it('a floor judge is offered to send a deviation to the head judge; the head judge makes it with a reason', async () => {
    const slow = round1[2]!.players[0];
    const deviate = async (page: Page) => {
      await page.goto(`${base()}/penalty?player=${slow}`);
      await page.getByTestId('infraction-search').fill('遅いプレイ');
      await page.getByTestId('infraction-slow-play').click();
      await page.locator('input[name=fact-affectedResult][value=no]').check();
      await page.locator('input[name=phase][value=in-duel]').check();
      await page.getByTestId('assess').click();
      await page.getByTestId('decision').waitFor();
      await page.locator('input[name=choice][value=other]').check();
      await page.getByTestId('other-penalty').selectOption('warning');
      await page
        .getByTestId('deviation-reason')
        .fill('Second slow-play talk this round; the player ignored the first.');
    };

    await deviate(judge.page);
    // A floor judge cannot issue it, only send it as a request (judge-phone.test.ts follows one through).
    await judge.page.getByTestId('send-request').waitFor();
    expect(await judge.page.getByTestId('issue-penalty').count()).toBe(0);
    await shootBoth(judge.page, '09-request-for-floor-judge');

    head = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE, login: STAFF.head });
    await deviate(head.page);
    await head.page.getByTestId('issue-penalty').click();
    await head.page.getByTestId('penalty-issued').filter({ hasText: 'Warning' }).waitFor();

    await head.page.goto(`${base()}/queue`);
    const deviations = head.page.getByTestId('queue-deviations');
    await deviations.filter({ hasText: 'Second slow-play talk this round' }).waitFor();
    expect(await deviations.textContent()).toContain(nameOf(slow));
    await shootBoth(head.page, '10-head-judge-queue');

    const penalties = await api.send('GET', `/api/tournaments/${tournament}/penalties`);
    expect(penalties.body.penalties.map((p: any) => [p.infraction, p.penalty, p.deviationReason !== null])).toEqual([
      ['tardiness', 'duel-loss', false],
      ['decklist-mismatch', 'duel-loss', false],
      ['slow-play', 'warning', true],
    ]);
  }, 120_000);

  it('the scorekeeper enters round 1 around the duels the penalties decided', async () => {
    const page = scorekeeper.page;
    await page.goto(`${base()}/rounds/1`);
    // Table of the late player: the opponent already has duel 1; one more duel decides it.
    const [lateOne, lateOpponent] = round1[0]!.players;
    const t1 = round1[0]!.table;
    await page.getByTestId(`enter-result-${t1}`).click();
    await page
      .getByTestId(`result-entry-${t1}`)
      .filter({ hasText: `Duel 1: ${nameOf(lateOpponent)} (by penalty)` })
      .waitFor();
    await page.getByTestId(`duel-${t1}-${lateOpponent}`).click();
    await page.getByTestId(`submit-result-${t1}`).click();
    await page
      .getByTestId(`outcome-${t1}`)
      .filter({ hasText: `${nameOf(lateOpponent)} wins 2-0` })
      .waitFor();

    // Table of the deck check: its player lost duel 1, then won the next two.
    const [checked] = round1[1]!.players;
    const t2 = round1[1]!.table;
    await page.getByTestId(`enter-result-${t2}`).click();
    await page.getByTestId(`duel-${t2}-${checked}`).click();
    await page.getByTestId(`duel-${t2}-${checked}`).click();
    await page.getByTestId(`submit-result-${t2}`).click();
    await page
      .getByTestId(`outcome-${t2}`)
      .filter({ hasText: `${nameOf(checked)} wins 2-1` })
      .waitFor();

    await quickResult(page, round1[2]!);
    expect(lateOne).not.toBe(lateOpponent);
    await endAndPairNext(page, 1);
  }, 120_000);

  it('round 2 results typed while offline wait on the device and all arrive once it is back', async () => {
    const page = scorekeeper.page;
    const round2 = await tablesOf(2);
    await scorekeeper.context.setOffline(true);
    for (const table of round2) {
      const [a] = table.players;
      await page.getByTestId(`enter-result-${table.table}`).click();
      await page.getByTestId(`quick-${table.table}-${a}-2-0`).click();
      await page.getByTestId(`submit-result-${table.table}`).click();
    }
    await page.getByTestId('pending-writes').filter({ hasText: '3 changes waiting to be sent' }).waitFor();
    await shootBoth(page, '11-offline-pending');
    await scorekeeper.context.setOffline(false);
    for (const table of round2) {
      await page
        .getByTestId(`outcome-${table.table}`)
        .filter({ hasText: `${nameOf(table.players[0])} wins 2-0` })
        .waitFor();
    }
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    expect(await page.getByTestId('failed-write').count()).toBe(0);
    await endAndPairNext(page, 2);
  }, 120_000);

  it('the top cut is played to the final and the tournament finishes with its final standings', async () => {
    const page = scorekeeper.page;
    const semis = await tablesOf(3);
    expect(semis).toHaveLength(2);
    for (const table of semis) await quickResult(page, table);
    await endAndPairNext(page, 3);
    const [final] = await tablesOf(4);
    await quickResult(page, final!);
    await page.goto(`${base()}/rounds`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('end-round').click();
    await page.goto(base());
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('finish-tournament').click();
    await page.getByText('finished').first().waitFor();

    await page.goto(`${base()}/standings`);
    const places = page.getByTestId('final-places');
    await places.waitFor();
    const lines = await places.locator('li').allTextContents();
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(`1 ${nameOf(final!.players[0])}`);
    expect(lines[1]).toBe(`2 ${nameOf(final!.players[1])}`);
    expect(await page.getByTestId('bracket').locator('.bracket-round').count()).toBe(2);
    expect(await page.getByTestId('standings').locator('tbody tr').count()).toBe(6);
    await shootBoth(page, '12-standings');

    const standings = await api.send('GET', `/api/tournaments/${tournament}/standings`);
    expect(standings.body.final.map((f: any) => f.player).slice(0, 2)).toEqual(final!.players);
  }, 180_000);

  it('a player reads their own record with the code on the registration slip', async () => {
    const late = round1[0]!.players[0];
    const page = visitor.page;
    await page.goto(`${base()}/players/${late}?code=${codes.get(late)}`);
    const penalties = page.getByTestId('record-penalties');
    await penalties.waitFor();
    expect(await penalties.locator('li').count()).toBe(1);
    expect(await page.getByTestId('record-rounds').locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await shootBoth(page, '13-player-record');

    await page.goto(`${base()}/players/${late}?code=AAAAAAAA`);
    await page.locator('[role=alert]').filter({ hasText: '登録票に印刷されたコード' }).waitFor();
  }, 120_000);

  // The public reads the tournament's pack from GET /api/tournaments/:t/policy.
  it("names the player's penalties in the pack's words on the public record", async () => {
    const late = round1[0]!.players[0];
    const page = visitor.page;
    await page.goto(`${base()}/players/${late}?code=${codes.get(late)}`);
    const penalties = page.getByTestId('record-penalties');
    await penalties.waitFor();
    await penalties.filter({ hasText: 'デュエルの敗北 — 遅刻' }).waitFor({ timeout: 3000 });
  }, 30_000);

  it('prints the pairings and match slips of a round', async () => {
    const page = scorekeeper.page;
    await page.goto(`${base()}/print/pairings/1`);
    await page.getByTestId('print-pairings').waitFor();
    expect(await page.getByTestId('print-pairings').locator('tbody tr').count()).toBe(3);
    await shootBoth(page, '14-print-pairings');
    await page.goto(`${base()}/print/slips/1`);
    await page.getByTestId('print-slips').waitFor();
    expect(await page.getByTestId('print-slips').locator('article.slip').count()).toBe(3);
  }, 120_000);

  it('saw no uncaught error in any page', () => {
    expect([organizer, scorekeeper, judge, head, visitor].flatMap((p) => p.errors)).toEqual([]);
  });
});
