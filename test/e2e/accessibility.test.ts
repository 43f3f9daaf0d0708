import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * axe-core over every console screen, ja and en, at phone width: as the organizer (who is also
 * head judge and scorekeeper), as a player on their own page, and as anyone on the public
 * screens. A serious or critical WCAG 2.1 A/AA violation fails the test, named with its rule,
 * element, screen and language. The player's page and the wall display are also read at 200 %
 * text size: no sideways scrolling, table, opponent and clock still on screen.
 */

const executablePath = chromiumPath();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const STAFF = { username: 'a11y-staff', password: 'a11y-staff-password-1' } as const;
const T = 'a11y';
const PLAYERS = [
  { id: '5000000001', name: '不動 遊星', reading: 'フドウ ユウセイ' },
  { id: '5000000002', name: 'Jack Atlas' },
  { id: '5000000003', name: '十六夜 アキ', reading: 'イザヨイ アキ' },
  { id: '5000000004', name: 'Crow Hogan' },
  { id: '5000000005', name: '龍可', reading: 'ルカ' },
] as const;

const WITH_LIST = PLAYERS[2].id;
/** A second tournament before round 1: public entry open, players' own lists sent, one flagged, one a duplicate. */
const T2 = 'a11y-entry';
const blackwing = readFileSync(new URL('../../catalogue/decks/blackwing.txt', import.meta.url), 'utf8');
const sampleDeck = readFileSync(new URL('../../catalogue/decks/quickdraw-synchro.ydk', import.meta.url), 'utf8');

interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

/** Runs axe on the page as it is now; answers the serious and critical violations. */
async function axe(page: Page): Promise<Finding[]> {
  // Evaluated through the DevTools protocol: the console's Content-Security-Policy forbids inline scripts.
  // The page's code is written as strings: the tests are type-checked without the DOM's types.
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
  )) as { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Waits until the screen has drawn its content: no loading line left, the page's data in. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Polled from here: waitForFunction's string form is an eval, which the page's CSP refuses.
  await expect
    .poll(() => page.evaluate("document.body.textContent.trim() !== '' && !document.querySelector('.loading')"), {
      timeout: 15_000,
    })
    .toBe(true);
  await page.waitForTimeout(300);
}

describe.skipIf(!executablePath)('accessibility: axe-core over every console screen', () => {
  let server: ConsoleServer;
  let browser: Browser;
  const codes = new Map<string, string>();
  let tableOfFirst = 1;
  // Two players seated against each other in round 2 (one player of five has the bye, drawn by the pairing's seed).
  let first: string = PLAYERS[0].id;
  let second: string = PLAYERS[1].id;

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    const organizer = new StaffApi(server.url);
    await organizer.login(server.firstLogin.username, server.firstLogin.password);
    await organizer.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'a11y-organizer-password-1',
    });
    await organizer.createAccount(STAFF.username, ['organizer', 'head-judge', 'scorekeeper'], STAFF.password);
    const staff = new StaffApi(server.url);
    await staff.login(STAFF.username, STAFF.password);
    const created = await staff.send('POST', '/api/tournaments', {
      id: T,
      name: '読み上げ杯',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) {
      // One registered list, for the deck check's tick list.
      const list = p.id === WITH_LIST ? { decklist: { format: 'ydk', text: sampleDeck } } : {};
      const registered = await staff.send('POST', `/api/tournaments/${T}/players`, { ...p, ...list });
      expect(registered.status).toBe(201);
      codes.set(p.id, registered.body.code);
    }
    const one = await staff.send('POST', `/api/tournaments/${T}/rounds`, {
      round: 1,
      seatTime: server.clock.now.toISOString(),
    });
    for (const m of one.body.pairing.matches as { table: number; players: [string, string] }[]) {
      const [a] = m.players;
      await staff.send('POST', `/api/tournaments/${T}/rounds/1/tables/${m.table}/result`, { duels: [a, a] });
    }
    expect((await staff.send('POST', `/api/tournaments/${T}/rounds/1/end`)).status).toBe(200);
    const two = await staff.send('POST', `/api/tournaments/${T}/rounds`, {
      round: 2,
      seatTime: server.clock.now.toISOString(),
    });
    expect(two.status).toBe(201);
    const [match] = two.body.pairing.matches as { table: number; players: [string, string] }[];
    tableOfFirst = match!.table;
    [first, second] = match!.players;
    const warning = await staff.send('POST', `/api/tournaments/${T}/penalties`, {
      player: second,
      report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(warning.status).toBe(201);
    // The player's page is scanned with the reason for their pairing and the form to report their match.
    expect((await staff.send('PUT', `/api/tournaments/${T}/player-pairing-reasons`, { shown: true })).status).toBe(200);
    expect((await staff.send('PUT', `/api/tournaments/${T}/player-reporting`, { enabled: true })).status).toBe(200);
    // An open judge call, so the judges' queue and the head judge's floor view have something to show.
    const call = await staff.send('POST', `/api/tournaments/${T}/calls`, { table: tableOfFirst, note: '裁定の確認' });
    expect(call.status, JSON.stringify(call.body)).toBe(201);
    server.clock.advanceMinutes(5);

    expect(
      (
        await staff.send('POST', '/api/tournaments', {
          id: T2,
          name: '事前受付杯',
          date: '2011-06-01',
          decklistsRequired: true,
          structure: { kind: 'swiss', rounds: 3, topCut: 0 },
        })
      ).status,
    ).toBe(201);
    const closesAt = new Date(server.clock.now.getTime() + 24 * 3_600_000).toISOString();
    expect((await staff.send('PUT', `/api/tournaments/${T2}/entry`, { cap: 64, closesAt })).status).toBe(200);
    for (const [name, reading, cardGameId] of [
      ['遊城 十代', 'ユウキ ジュウダイ', '0123456789'],
      ['丸藤 亮', 'マルフジ リョウ', undefined],
      ['Jaden Yuki', 'ユウキ ジュウダイ', '0123456789'],
    ] as const) {
      const entered = await staff.send('POST', `/api/tournaments/${T2}/entries`, {
        name,
        reading,
        ...(cardGameId ? { cardGameId } : {}),
      });
      expect(entered.status).toBe(201);
      codes.set(`${T2}/${entered.body.player}`, entered.body.code);
    }
    const submit = (player: string, text: string, confirm: boolean) =>
      staff.send('PUT', `/api/tournaments/${T2}/players/${player}/decklist/submission`, {
        code: codes.get(`${T2}/${player}`),
        decklist: { format: 'text', text },
        confirm,
      });
    expect((await submit('E0001', blackwing, false)).status).toBe(200);
    expect((await submit('E0002', `${blackwing}\n1 強欲な壺\n`, true)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const playerPath = () => `/t/${T}/p/${first}?code=${codes.get(first)}`;
  const staffScreens = (): string[] => [
    '/',
    '/new',
    '/staff',
    `/t/${T}`,
    `/t/${T}/rounds`,
    `/t/${T}/players`,
    `/t/${T}/check-in`,
    `/t/${T}/decklists`,
    `/t/${T}/rounds/2`,
    `/t/${T}/rounds/2/clock`,
    `/t/${T}/rounds/2/tables/1/reports`,
    `/t/${T}/penalty`,
    `/t/${T}/deck-check`,
    `/t/${T}/standings`,
    `/t/${T}/players/${second}`,
    `/t/${T}/queue`,
    `/t/${T}/calls`,
    `/t/${T}/log`,
    `/t/${T}/find`,
    `/t/${T}/wall`,
    `/t/${T}/print/pairings/2`,
    `/t/${T}/print/slips/2`,
    `/t/${T}/print/standings`,
    `/t/${T}/print/registration`,
    playerPath(),
  ];
  const publicScreens = (): string[] => [
    '/',
    '/sign-in',
    `/t/${T}`,
    `/t/${T}/standings`,
    `/t/${T}/find`,
    `/t/${T}/wall`,
    `/t/${T}/entry`,
    playerPath(),
  ];

  for (const lang of ['ja', 'en'] as const) {
    it(`finds no serious or critical violation on any screen, staff and public, in ${lang}`, async () => {
      const problems: string[] = [];
      const visit = async (who: string, login: typeof STAFF | undefined, paths: string[]) => {
        const person = await openPerson(browser, server.url, { lang, viewport: PHONE, ...(login ? { login } : {}) });
        for (const path of paths) {
          await person.page.goto(path);
          await settle(person.page);
          expect(await person.page.locator('html').getAttribute('lang'), path).toBe(lang);
          for (const v of await axe(person.page))
            for (const target of v.targets) problems.push(`${lang} ${who} ${path}: ${v.id} (${v.impact}) at ${target}`);
        }
        expect(person.errors).toEqual([]);
        await person.context.close();
      };
      await visit('staff', STAFF, staffScreens());
      await visit('public', undefined, publicScreens());
      expect(problems).toEqual([]);
    }, 300_000);
  }

  for (const lang of ['ja', 'en'] as const) {
    it(`finds no serious or critical violation in the open states (forms, tick list, penalty steps), in ${lang}`, async () => {
      const person = await openPerson(browser, server.url, { lang, viewport: PHONE, login: STAFF });
      const { page } = person;
      const problems: string[] = [];
      const scan = async (state: string) => {
        await page.waitForTimeout(200);
        for (const v of await axe(page))
          for (const target of v.targets) problems.push(`${lang} ${state}: ${v.id} (${v.impact}) at ${target}`);
      };

      // The penalty flow, step by step: the infraction search, the facts, the decision, a
      // deviation with statements (a disqualification), and an added penalty.
      await page.goto(`/t/${T}/penalty?player=${second}`);
      await settle(page);
      await page.getByTestId('infraction-search').fill('advice');
      await scan('penalty: infraction search');
      await page.getByTestId('infraction-outside-advice').click();
      await page.locator('input[name=fact-affectedResult][value=yes]').check();
      await page.locator('input[name=phase][value=in-duel]').check();
      await scan('penalty: facts');
      await page.getByTestId('assess').click();
      await page.getByTestId('guideline-penalty').waitFor();
      await scan('penalty: decision');
      await page.getByTestId('add-penalty').check();
      await page.getByTestId('added-penalty-choice').selectOption('match-loss');
      await scan('penalty: added penalty');
      await page.getByTestId('add-penalty').uncheck();
      await page.locator('input[name=choice][value=other]').check();
      await page.getByTestId('other-penalty').selectOption('disqualification');
      await page.getByTestId('deviation-reason').fill('a11y');
      await scan('penalty: deviation with statements');
      await page.locator('input[name=choice][value=guideline]').check();
      await page.getByTestId('issue-penalty').click();
      await page.getByTestId('penalty-issued').waitFor();
      await scan('penalty: issued');

      // Result entry and extend time, open on a table of round 2.
      await page.goto(`/t/${T}/rounds/2`);
      await settle(page);
      await page.getByTestId(`enter-result-${tableOfFirst}`).click();
      await page.getByTestId(`result-entry-${tableOfFirst}`).waitFor();
      await page.getByTestId(`duel-${tableOfFirst}-${first}`).click();
      await page.locator('.extend summary').first().click();
      await scan('round: result entry and extend time open');

      // The deck check's tick list: a difference ticked, the card search open, then the answer.
      await page.goto(`/t/${T}/deck-check?player=${WITH_LIST}`);
      await settle(page);
      const list = page.getByTestId('tick-list');
      await list.waitFor();
      await page.locator('[data-testid^=tick-less-main-]').first().click();
      await list.locator('details summary').first().click();
      await page.getByTestId('add-card-search').fill('Sangan');
      await scan('deck check: tick list');
      await page.getByTestId('run-tick-check').click();
      await page.getByTestId('deck-check-result').locator('*').first().waitFor();
      await scan('deck check: answer');

      // A player's row with its forms open (names, the decklist's correction), and a penalty's appeal form in the queue.
      await page.goto(`/t/${T}/players`);
      await settle(page);
      const row = page.getByTestId(`player-${WITH_LIST}`);
      for (const summary of await row.locator('summary').all()) await summary.click();
      await row.getByTestId('decklist-text').first().waitFor();
      await scan('players: a row with its forms open');
      await page.goto(`/t/${T}/queue`);
      await settle(page);
      await page.getByTestId('queue-all').locator('summary').first().click();
      await page.locator('[data-testid^=penalty-card-] summary').first().click();
      await page.locator('[data-testid^=penalty-card-] select').first().waitFor();
      await scan('queue: an appeal form open');

      // The staff form, filled, an account's own form open, and the one-time password shown.
      await page.goto('/staff');
      await settle(page);
      await page.locator('input[name=username]').fill(`a11y-new-${lang}`);
      await page.locator('input[name=displayName]').fill(`a11y ${lang}`);
      await page.locator('input[name=role-judge]').first().check();
      await scan('staff: form filled');
      await page.getByTestId(`account-${STAFF.username}`).locator('summary').first().click();
      await scan('staff: an account open');
      await page
        .locator('form')
        .filter({ has: page.locator('input[name=username]') })
        .locator('button[type=submit]')
        .click();
      await page.getByTestId('one-time-password').waitFor();
      await scan('staff: one-time password');

      // The player's own page with a score chosen in the report form.
      const player = await openPerson(browser, server.url, { lang, viewport: PHONE });
      await player.page.goto(playerPath());
      await settle(player.page);
      await player.page.getByTestId('report-form').locator('input[name=score]').first().check();
      const own = player.page;
      for (const v of await axe(own))
        for (const target of v.targets)
          problems.push(`${lang} player: report form: ${v.id} (${v.impact}) at ${target}`);
      expect(player.errors).toEqual([]);
      await player.context.close();

      expect(person.errors).toEqual([]);
      await person.context.close();
      expect(problems).toEqual([]);
    }, 300_000);
  }

  for (const lang of ['ja', 'en'] as const) {
    it(`finds no serious or critical violation before the day: entry, the player's list builder, staff's lists, in ${lang}`, async () => {
      const problems: string[] = [];
      const scan = async (page: Page, state: string) => {
        await page.waitForTimeout(200);
        for (const v of await axe(page))
          for (const target of v.targets) problems.push(`${lang} ${state}: ${v.id} (${v.impact}) at ${target}`);
      };
      const shots = join(screenshotDir, 'a11y');
      const visitor = await openPerson(browser, server.url, { lang, viewport: PHONE });
      const { page } = visitor;

      // The public entry form open, partly filled.
      await page.goto(`/t/${T2}/entry`);
      await settle(page);
      await page.getByTestId('entry-form').waitFor();
      await page.getByTestId('entry-name').fill('天上院 明日香');
      await page.getByTestId('entry-card-game-id').fill('12');
      await scan(page, 'entry form open');
      await page.screenshot({ path: join(shots, `entry-form.${lang}.png`), fullPage: true, animations: 'disabled' });

      // The player's list builder with search results and a finding (a forbidden card added).
      await page.goto(`/t/${T2}/p/E0003?code=${codes.get(`${T2}/E0003`)}`);
      await settle(page);
      await page.getByTestId('card-search').fill('強欲な壺');
      await page.locator('[data-testid^=add-]').first().click();
      await page.getByTestId('deck-findings').waitFor();
      await page.getByTestId('card-search').fill('ブラック');
      await page.locator('[data-testid^=add-]').nth(1).waitFor();
      await scan(page, 'decklist builder with results and findings');
      await page.screenshot({ path: join(shots, `builder.${lang}.png`), fullPage: true, animations: 'disabled' });
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();

      // Staff: the decklists screen with lists (one flagged, one a duplicate), the entry settings, a sheet.
      const person = await openPerson(browser, server.url, { lang, viewport: PHONE, login: STAFF });
      for (const path of [`/t/${T2}/decklists`, `/t/${T2}`, `/t/${T2}/print/decklist/E0001`]) {
        await person.page.goto(path);
        await settle(person.page);
        await scan(person.page, path);
      }
      await person.page.goto(`/t/${T2}/decklists`);
      await settle(person.page);
      await person.page.getByTestId('decklist-E0002').waitFor();
      await person.page.screenshot({
        path: join(shots, `decklists.${lang}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      expect(person.errors).toEqual([]);
      await person.context.close();
      expect(problems).toEqual([]);
    }, 300_000);
  }

  for (const lang of ['ja', 'en'] as const) {
    it(`keeps the player's page and the wall display usable at 200 % text size, in ${lang}`, async () => {
      const person = await openPerson(browser, server.url, { lang, viewport: PHONE });
      const { page } = person;
      const large = async () => {
        await page.evaluate("document.documentElement.style.fontSize = '200%'");
        await page.waitForTimeout(300);
      };
      const noSideways = async (what: string) => {
        const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        const client = (await page.evaluate('document.documentElement.clientWidth')) as number;
        // What sticks out, named in the failure.
        const wide = (await page.evaluate(
          `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > ${client + 1})
            .slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`,
        )) as string[];
        expect(scroll, `${what} scrolls sideways at 200 % (${lang}): ${wide.join(', ')}`).toBeLessThanOrEqual(
          client + 1,
        );
      };
      const shots = join(screenshotDir, 'a11y');

      const minutesLeft = lang === 'ja' ? '残り35分' : '35 minutes left';
      await page.goto(playerPath());
      await settle(page);
      // For a screen reader: the landmarks, and the clock read out in minutes, not every second.
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByTestId('self-clock').getAttribute('aria-live')).toBe('off');
      expect(await page.getByTestId('clock-announcement').getAttribute('role')).toBe('status');
      expect(await page.getByTestId('clock-announcement').textContent()).toBe(minutesLeft);
      expect(await page.getByTestId('self-calls').getAttribute('aria-live')).toBe('polite');
      await large();
      const match = page.getByTestId('my-match');
      await expect.poll(() => match.textContent()).toContain(String(tableOfFirst));
      await page.getByTestId('self-clock').waitFor();
      for (const part of [match, page.getByTestId('self-clock')]) expect(await part.isVisible()).toBe(true);
      await page.screenshot({ path: join(shots, `player.${lang}.png`), fullPage: true, animations: 'disabled' });
      await noSideways('the player page');

      await page.goto(`/t/${T}/wall`);
      await settle(page);
      expect(await page.getByTestId('clock-announcement').textContent()).toBe(minutesLeft);
      await large();
      await page.getByTestId('wall-clock').waitFor();
      expect(await page.getByTestId('wall-clock').isVisible()).toBe(true);
      await page.screenshot({ path: join(shots, `wall.${lang}.png`), fullPage: true, animations: 'disabled' });
      // The first line with an opponent (one player of five has the bye).
      const line = page
        .getByTestId('wall-line')
        .filter({ has: page.locator('.wall-opponent:not(:empty)') })
        .first();
      expect(await line.locator('.wall-table').isVisible()).toBe(true);
      expect(await line.locator('.wall-opponent').isVisible()).toBe(true);
      await noSideways('the wall display');
      expect(person.errors).toEqual([]);
      await person.context.close();
    }, 120_000);
  }
});
