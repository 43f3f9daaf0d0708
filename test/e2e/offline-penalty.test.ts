import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { HangingNetwork } from './support/hanging-network.js';
import { venueTournament, type VenueTournament } from './support/venue-tournament.js';

/*
 * A floor judge's phone loses the venue Wi-Fi mid-round: the penalty flow still gives the
 * guideline, decided on the phone by the core's own code from the pack and penalty log it saved,
 * says so, and queues the penalty. Back online the server decides it again: the same guideline
 * lands; a repeat the phone could not know of refuses it, with both answers shown and nothing
 * issued. Each step checks the server's event log, not only the screen.
 */

const executablePath = chromiumPath();
/** Waits for the page to reach a state (a slow shared machine may take seconds); never asserts a timing. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
/** venueTournament's floor staff (scorekeeper and head judge). */
const FLOOR = { username: 'venue-staff', password: 'venue-staff-password-1' } as const;
/** A floor judge: a deviation from the guideline is the head judge's, so it goes as a request. */
const JUDGE = { username: 'floor-judge', password: 'floor-judge-password-1' } as const;
const EXTRA_DRAW = { infraction: 'extra-draw', phase: 'in-duel', facts: { identifiable: true, decisive: false } };

/** The paths of every read the service worker saved. */
const savedPaths = (page: Page) =>
  page.evaluate(
    "caches.open('shinpan-saved-reads').then((c) => c.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname))",
  ) as Promise<string[]>;

/** The whole screen at 360 px in both languages, switched with the console's own buttons. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const current = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'ja';
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    await page.waitForTimeout(150);
    await page.screenshot({
      path: join(screenshotDir, `${name}.${lang}.360.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.locator(`.lang-switch button[lang=${current}]`).first().click();
  await page.locator(`html[lang=${current}]`).waitFor({ state: 'attached' });
}

describe.skipIf(!executablePath)('a penalty issued offline', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let venue: VenueTournament;
  const people: Person[] = [];

  /** The penalties in the tournament's event log, for one player. */
  async function issuedTo(player: string): Promise<{ infraction: string; penalty: string; repeat: unknown }[]> {
    const log = await venue.organizer.getText(`/api/tournaments/${venue.id}/export?format=events`);
    return log
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type === 'PenaltyIssued' && e.data.player === player)
      .map((e) => ({
        infraction: (e.data.report as { infraction: string }).infraction,
        penalty: e.data.penalty as string,
        repeat: (e.data.guideline as { repeat: unknown }).repeat,
      }));
  }

  /** A phone on the penalty flow for `player`, online, with the pack, the penalty log and the tournament saved. */
  async function phoneOnPenalty(
    lang: 'ja' | 'en',
    player: string,
    login: typeof FLOOR | typeof JUDGE = FLOOR,
    url = server.url,
  ) {
    const phone = await openPerson(browser, url, {
      secure: true,
      lang,
      viewport: PHONE,
      login,
    });
    people.push(phone);
    const { page } = phone;
    await page.goto(`/t/${venue.id}/penalty?player=${player}`);
    await page.locator('.penalty-flow').waitFor();
    await poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    // Read again under the service worker, so that it saves what the flow reads.
    await page.reload();
    await page.getByTestId('infraction-search').waitFor();
    await poll(async () => {
      const paths = await savedPaths(page);
      return ['/policy', '/penalties', `/tournaments/${venue.id}`].every((end) => paths.some((p) => p.endsWith(end)));
    }).toBe(true);
    return phone;
  }

  /** The extra draw report, found in a duel, assessed on the page. */
  async function assessExtraDraw(page: Page): Promise<void> {
    await page.getByTestId('infraction-search').fill('extra-draw');
    await page.getByTestId('infraction-extra-draw').click();
    await page.locator('input[name=fact-identifiable][value=yes]').check();
    await page.locator('input[name=fact-decisive][value=no]').check();
    await page.locator('input[name=phase][value=in-duel]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('guideline-penalty').waitFor();
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    venue = await venueTournament(server, 8);
    await venue.organizer.createAccount(JUDGE.username, ['judge'], JUDGE.password);
    expect((await venue.staff.send('POST', `/api/tournaments/${venue.id}/rounds/1/start`, {})).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    for (const p of people) expect(p.errors).toEqual([]);
    await browser?.close();
    await server?.close();
  });

  it('after a reload offline, the phone decides the guideline from its saved log, says so, queues the penalty, and it lands once back online', async () => {
    const player = venue.players[0]!;
    const { page, context } = await phoneOnPenalty('ja', player.id);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline').waitFor();
    await assessExtraDraw(page);
    expect(await page.getByTestId('guideline-penalty').textContent()).toBe('警告');
    expect(await page.getByTestId('decided-on-phone').textContent()).toMatch(
      /^オフライン: \d\d:\d\d 時点の記録から端末で判断しました。接続が戻るとサーバーが確認します。$/,
    );
    await shoot(page, 'offline-penalty-decided');

    await page.getByTestId('issue-penalty').click();
    await page.getByTestId('penalty-queued').waitFor();
    await poll(() => page.getByTestId('pending-writes').textContent()).toContain('送信待ちの変更 1件');
    await shoot(page, 'offline-penalty-queued');
    expect(await issuedTo(player.id)).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId('penalty-issued').filter({ hasText: '警告' }).waitFor();
    expect(await issuedTo(player.id)).toEqual([{ infraction: 'extra-draw', penalty: 'warning', repeat: null }]);
    await page.getByTestId('pending-writes').waitFor({ state: 'detached' });
    expect(await page.locator('.outbox [data-testid=failed-write]').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('a repeat the phone did not know of: the server refuses the queued penalty, both guidelines shown, nothing issued', async () => {
    const player = venue.players[1]!;
    const { page, context } = await phoneOnPenalty('en', player.id);
    await context.setOffline(true);
    await assessExtraDraw(page);
    expect(await page.getByTestId('guideline-penalty').textContent()).toBe('Warning');
    expect(await page.getByTestId('decided-on-phone').textContent()).toMatch(
      /^Offline: decided on the phone from the log as of \d\d:\d\d; the server checks it on sync\.$/,
    );
    expect(await page.getByTestId('repeat-offer').count()).toBe(0);
    await page.getByTestId('issue-penalty').click();
    await page.getByTestId('penalty-queued').waitFor();

    // Meanwhile another judge, online, gave the same player a warning for the same infraction.
    const other = await venue.staff.send('POST', `/api/tournaments/${venue.id}/penalties`, {
      player: player.id,
      report: EXTRA_DRAW,
      choice: { kind: 'guideline' },
    });
    expect(other.status).toBe(201);

    await context.setOffline(false);
    const refused = page.getByTestId('queued-refused');
    await refused.waitFor();
    const reason = await refused.textContent();
    expect(reason).toContain('"Warning" (first time)');
    expect(reason).toContain('(time 2 for this infraction)');
    // Kept in the refused list too, with the same words, until the judge dismisses it.
    await poll(() => page.locator('.outbox [data-testid=failed-reason]').first().textContent()).toContain(
      '(time 2 for this infraction)',
    );
    await shoot(page, 'offline-penalty-changed');
    // Only the other judge's penalty is on record.
    expect(await issuedTo(player.id)).toEqual([{ infraction: 'extra-draw', penalty: 'warning', repeat: null }]);

    // Assessed again with the server there: the repeat shows.
    await page.getByRole('button', { name: 'Another penalty' }).click();
    await page.goto(`/t/${venue.id}/penalty?player=${player.id}`);
    await assessExtraDraw(page);
    await page.getByTestId('repeat-offer').waitFor();
    expect(await page.getByTestId('decided-on-phone').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('a floor judge offline: a choice that needs the head judge is queued as a request and reaches the head judge once back online', async () => {
    const player = venue.players[2]!;
    const { page, context } = await phoneOnPenalty('ja', player.id, JUDGE);
    await context.setOffline(true);
    await assessExtraDraw(page);
    await page.getByTestId('decided-on-phone').waitFor();
    await page.locator('input[name=choice][value=other]').check();
    await page.getByTestId('other-penalty').selectOption('caution');
    await page.getByTestId('deviation-reason').fill('初めての大会で、すぐに申告した');
    await page.getByTestId('send-request').click();
    await page.getByTestId('penalty-queued').filter({ hasText: 'ヘッドジャッジに送られます' }).waitFor();
    const pending = async () =>
      ((await venue.staff.send('GET', `/api/tournaments/${venue.id}/requests`)).body.requests as unknown[]).filter(
        (r) => JSON.stringify(r).includes(player.id),
      ).length;
    expect(await pending()).toBe(0);

    await context.setOffline(false);
    await page.getByTestId('request-status').waitFor();
    expect(await pending()).toBe(1);
    expect(await issuedTo(player.id)).toEqual([]);
    await context.close();
  }, 120_000);

  it('on Wi-Fi that hangs, the phone decides after a few seconds without an answer, and the penalty goes out at once', async () => {
    const player = venue.players[3]!;
    const network = await HangingNetwork.open(server.url);
    try {
      const { page, context } = await phoneOnPenalty('en', player.id, FLOOR, network.url);
      network.hang('/penalties/assess');
      await assessExtraDraw(page);
      await page.getByTestId('decided-on-phone').waitFor();
      expect(network.held()).toBe(1);
      await page.getByTestId('issue-penalty').click();
      await page.getByTestId('penalty-issued').filter({ hasText: 'Warning' }).waitFor();
      expect(await issuedTo(player.id)).toEqual([{ infraction: 'extra-draw', penalty: 'warning', repeat: null }]);
      network.release();
      await context.close();
    } finally {
      await network.close();
    }
  }, 120_000);
});
