import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The organizer sets public entry from the console on a phone: which lists are published
 * (before entry opens, fixed after), entry opened as a lottery with a cap and closing time,
 * the decklist deadline, and entry closed with the lottery drawn from the seed committed at the opening;
 * each lands in the event log as set on the screen.
 */

const executablePath = chromiumPath();
const T = 'entry-settings';
const ORGANIZER = { username: 'org', password: 'organizer-password-2' };

/** A `datetime-local` value for `date` in this machine's time zone (the browser's too). */
const local = (date: Date): string => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
};

describe.skipIf(!executablePath)('the organizer sets public entry in the console', () => {
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
      newPassword: 'organizer-password-1',
    });
    await api.createAccount(ORGANIZER.username, ['organizer'], ORGANIZER.password);
    const created = await api.send('POST', '/api/tournaments', {
      id: T,
      name: 'シティリーグ 抽選',
      date: '2011-06-01',
      decklistsRequired: true,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    organizer = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
    organizer.page.on('dialog', (dialog) => void dialog.accept());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The settings card alone in both languages, beside the whole page's shots: the part to look at. */
  async function shootCard(name: string): Promise<void> {
    await shootPhone(organizer.page, screenshotDir, name);
    for (const lang of ['ja', 'en'] as const) {
      await organizer.page.locator(`.lang-switch button[lang=${lang}]`).first().click();
      await organizer.page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
      await organizer.page
        .getByTestId('entry-settings')
        .screenshot({ path: `${screenshotDir}${name}-card.${lang}.png`, animations: 'disabled' });
    }
    await organizer.page.locator('.lang-switch button[lang=ja]').first().click();
  }

  async function events(): Promise<{ type: string; data: any }[]> {
    const lines = await api.getText(`/api/tournaments/${T}/export?format=events`);
    return lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }

  it('chooses the publication, opens a lottery, sets the deadline, and draws with its seed', async () => {
    const page = organizer.page;
    await page.goto(`/t/${T}`);
    const card = page.getByTestId('entry-settings');
    await card.waitFor();
    expect(await page.getByTestId('entry-link').getAttribute('href')).toBe(`${organizer.origin}/t/${T}/entry`);
    // Folded until asked for: most events never take entries online.
    expect(await page.getByTestId('publication-top').isVisible()).toBe(false);
    await page.getByTestId('entry-set-up').locator('summary').click();
    await shootCard('80-entry-settings');

    await page.getByTestId('publication-top').fill('16');
    await page.getByTestId('publication-save').click();
    await page.getByText('上位 16 名').first().waitFor();

    const closesAt = new Date(server.clock.now.getTime() + 3 * 3_600_000);
    closesAt.setSeconds(0, 0);
    await page.getByTestId('entry-cap').fill('2');
    await page.getByTestId('entry-closes-at').fill(local(closesAt));
    await page.getByTestId('entry-mode').selectOption('lottery');
    await page.getByTestId('entry-open').click();
    await page.getByTestId('entry-close-form').waitFor();
    // Once entry is open the publication is fixed, and the screen says so.
    await expect(page.getByTestId('publication-fixed').textContent()).resolves.toContain('上位 16 名');

    const deadline = new Date(closesAt.getTime() + 3_600_000);
    await page.getByTestId('deadline-until').fill(local(deadline));
    await page.getByTestId('deadline-save').click();
    await page.getByTestId('deadline-round1').waitFor();

    for (const [name, reading] of [
      ['遊城 十代', 'ユウキ ジュウダイ'],
      ['武藤 遊戯', 'ムトウ ユウギ'],
      ['海馬 瀬人', 'カイバ セト'],
      ['武藤遊戯', 'ムトウ ユウギ'],
    ])
      expect((await api.send('POST', `/api/tournaments/${T}/entries`, { name, reading })).status).toBe(201);
    await page.reload();
    await expect(page.getByTestId('entry-counts').textContent()).resolves.toContain('抽選申込 4 名');
    // The same name and reading twice: both entries are counted as possible duplicates.
    await expect(page.getByTestId('entry-duplicates').textContent()).resolves.toContain('2 件');
    await shootCard('81-entry-settings-open');

    // The seed was fixed when entry opened: no seed to type, its fingerprint shown instead.
    expect(await page.getByTestId('entry-seed').count()).toBe(0);
    const committed = await page.getByTestId('entry-lottery-committed').textContent();
    const commitment = /[0-9a-f]{64}/.exec(committed ?? '')?.[0];
    expect(commitment).toBeDefined();
    await page.getByTestId('entry-close').click();
    await page.getByTestId('entry-lottery').waitFor();
    await expect(page.getByTestId('entry-counts').textContent()).resolves.toContain(
      'エントリー 2 名・キャンセル待ち 2 名',
    );
    await shootCard('82-entry-settings-drawn');

    const log = await events();
    const one = (type: string) => log.filter((e) => e.type === type).map((e) => e.data);
    expect(one('DecklistPublicationSet')).toEqual([{ scope: { kind: 'top', top: 16 } }]);
    expect(one('EntryOpened')).toEqual([
      {
        cap: 2,
        closesAt: closesAt.toISOString(),
        mode: 'lottery',
        lottery: { seed: expect.any(Number), nonce: expect.any(String), commitment },
      },
    ]);
    expect(one('DecklistDeadlineSet')).toEqual([{ until: deadline.toISOString() }]);
    expect(one('LotteryDrawn')).toHaveLength(1);
    // Drawn with the committed seed: its SHA-256 with the nonce is the fingerprint shown before the draw.
    const { seed, nonce } = one('EntryOpened')[0].lottery;
    expect(one('LotteryDrawn')[0].seed).toBe(seed);
    expect(createHash('sha256').update(`shinpan-lottery/1:${seed}:${nonce}`).digest('hex')).toBe(commitment);
    expect(one('EntryClosed')).toHaveLength(1);
    expect(organizer.errors).toEqual([]);
  }, 120_000);
});
