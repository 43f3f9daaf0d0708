import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * Issue #25: the pack's `deviation` setting (2-A) in the console. Under the shipped pack
 * (`any-other-penalty`) the head judge may put any other penalty in the guideline's place and
 * nothing is added where rules 7 and 10 do not allow it. Under the seed's reading
 * (`reduce-or-add`, 軽減もしくは追加) the form offers only lighter penalties in its place, and
 * a heavier one as an addition beside the guideline, which is what the server takes.
 */

const executablePath = chromiumPath();
const PLAYERS = [
  { id: '2000000001', name: '不動 遊星' },
  { id: '2000000002', name: 'Jack Atlas' },
] as const;
const HEAD = { username: 'head', password: 'head-judge-password' };
const FLOOR = { username: 'floor', password: 'floor-judge-password' };
const shipped = JSON.parse(readFileSync(new URL('../../policy/ocg-5ds.json', import.meta.url), 'utf8'));
const seedReading = { ...shipped, settings: { ...shipped.settings, deviation: 'reduce-or-add' } };

describe.skipIf(!executablePath)('the console penalty form under the pack setting deviation', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: StaffApi;
  let head: Person;
  let floor: StaffApi;

  async function issued(tournament: string): Promise<Record<string, unknown>[]> {
    const lines = await organizer.getText(`/api/tournaments/${tournament}/export?format=events`);
    return lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === 'PenaltyIssued')
      .map((e) => e.data);
  }

  /** A one-round tournament under `pack`, its round paired and running. */
  async function running(id: string, pack: unknown): Promise<void> {
    const created = await organizer.send('POST', '/api/tournaments', {
      id,
      name: '店舗大会 5D’s',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 0 },
      pack,
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS)
      expect((await organizer.send('POST', `/api/tournaments/${id}/players`, p)).status).toBe(201);
    const paired = await organizer.send('POST', `/api/tournaments/${id}/rounds`, {
      round: 1,
      seatTime: server.clock.now.toISOString(),
    });
    expect(paired.status).toBe(201);
  }

  /** Outside advice that did not affect the result, found in a duel: the guideline is a warning. */
  async function assessAdvice(tournament: string): Promise<void> {
    const page = head.page;
    await page.goto(`/t/${tournament}/penalty?player=${PLAYERS[0].id}`);
    await page.getByTestId('infraction-search').fill('outside-advice');
    await page.getByTestId('infraction-outside-advice').click();
    await page.locator('input[name=fact-affectedResult][value=no]').check();
    await page.locator('input[name=phase][value=in-duel]').check();
    await page.getByTestId('assess').click();
    await page.getByTestId('guideline-penalty').waitFor();
  }

  const optionTexts = (tournament: string) => head.page.getByTestId(tournament).locator('option').allTextContents();

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
    await organizer.createAccount(HEAD.username, ['head-judge'], HEAD.password);
    await organizer.createAccount(FLOOR.username, ['judge'], FLOOR.password);
    floor = new StaffApi(server.url);
    await floor.login(FLOOR.username, FLOOR.password);
    await running('ours', shipped);
    await running('seed', seedReading);
    head = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE, login: HEAD });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('any-other-penalty (shipped): another penalty may be heavier or lighter, and nothing is offered to add', async () => {
    await assessAdvice('ours');
    const page = head.page;
    expect(await page.getByTestId('guideline-penalty').textContent()).toBe('Warning');
    expect(await page.getByTestId('added-penalty').count()).toBe(0);
    await page.locator('input[name=choice][value=other]').check();
    expect(await page.locator('input[name=choice][value=other]').locator('..').textContent()).toContain(
      'Another penalty, with a reason',
    );
    expect(await optionTexts('other-penalty')).toEqual([
      'Choose a penalty',
      'Caution',
      'Duel loss',
      'Match loss',
      'Disqualification',
      'Disqualification with loss of prizes',
    ]);
  });

  it('reduce-or-add (the seed): only lighter penalties replace the guideline; a heavier one is added beside it as a deviation', async () => {
    await assessAdvice('seed');
    const page = head.page;
    await page.locator('input[name=choice][value=other]').check();
    expect(await page.locator('input[name=choice][value=other]').locator('..').textContent()).toContain(
      'A lighter penalty, with a reason',
    );
    expect(await optionTexts('other-penalty')).toEqual(['Choose a penalty', 'Caution']);
    // Adding is offered with the guideline kept.
    await page.locator('input[name=choice][value=guideline]').check();
    await page.getByTestId('add-penalty').check();
    expect(await page.getByTestId('added-penalty').locator('legend').textContent()).toBe('Add a penalty (2-A)');
    expect(await optionTexts('added-penalty-choice')).toEqual([
      'Choose a penalty',
      'Duel loss',
      'Match loss',
      'Disqualification',
      'Disqualification with loss of prizes',
    ]);
    await page.getByTestId('added-penalty-choice').selectOption('match-loss');
    await page.getByTestId('added-reason').fill('Warned for the same advice before the round.');
    await shootBoth(page, 'deviation-reduce-or-add');
    await page.getByTestId('issue-penalty').click();
    await page.getByTestId('issued-added').waitFor();
    expect(await page.getByTestId('issued-added').textContent()).toContain(
      'Warned for the same advice before the round.',
    );
    expect(await issued('seed')).toEqual([
      expect.objectContaining({ penaltyId: 1, penalty: 'warning', deviationReason: null }),
      expect.objectContaining({
        penaltyId: 2,
        penalty: 'match-loss',
        addedTo: 1,
        deviationReason: 'Warned for the same advice before the round.',
      }),
    ]);
  });

  it("the head judge's queue offers to change a floor judge's request only to penalties that may replace the guideline", async () => {
    const page = head.page;
    const changeTo = async (tournament: string) => {
      // A floor judge asks for a caution instead of the guideline warning (a deviation: the head judge's).
      const sent = await floor.send('POST', `/api/tournaments/${tournament}/requests`, {
        kind: 'penalty',
        penalty: {
          player: PLAYERS[1].id,
          report: { infraction: 'outside-advice', facts: { affectedResult: false }, phase: 'in-duel' },
          choice: { kind: 'other', penalty: 'caution', reason: 'A spectator spoke first.' },
        },
      });
      expect(sent.status).toBe(201);
      const id = sent.body.request.requestId as number;
      await page.goto(`/t/${tournament}/queue`);
      await page.locator(`input[name=request-${id}][value=changed]`).check();
      return optionTexts(`request-penalty-${id}`);
    };
    expect(await changeTo('ours')).toEqual([
      'Choose a penalty',
      'Warning',
      'Duel loss',
      'Match loss',
      'Disqualification',
      'Disqualification with loss of prizes',
    ]);
    expect(await changeTo('seed')).toEqual(['Choose a penalty', 'Warning']);
  });

  it('saw no uncaught error in the pages', () => {
    expect(head.errors).toEqual([]);
  });
});
