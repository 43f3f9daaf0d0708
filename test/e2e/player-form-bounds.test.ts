import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/core/tournament/command-problems.js';
import { PLAYER_ID, PLAYER_NAME, READING } from '../../src/core/tournament/limits.js';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The registration form holds the core's bounds (limits.ts): its fields stop at the lengths the
 * core takes, and a player id of the wrong shape is named as it is typed, in the words the
 * server and the CLI use, and never sent.
 */

const executablePath = chromiumPath();
const T = 'form-bounds';
const SCORER = { username: 'scorer', password: 'scorekeeper-password-1' };

describe.skipIf(!executablePath)("the player form holds the core's bounds", () => {
  let server: ConsoleServer;
  let browser: Browser;
  let api: StaffApi;
  let scorer: Person;

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
    await api.createAccount(SCORER.username, ['scorekeeper'], SCORER.password);
    const created = await api.send('POST', '/api/tournaments', {
      id: T,
      name: '店舗大会',
      date: '2011-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    scorer = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: SCORER });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('bounds the fields, names a player id of the wrong shape as typed, and registers once it is right', async () => {
    const page = scorer.page;
    await page.goto(`/t/${T}/players`);
    const id = page.locator('input[name=playerId]');
    await id.waitFor();
    expect(await id.getAttribute('maxlength')).toBe(String(PLAYER_ID.max));
    expect(await page.locator('input[name=playerName]').getAttribute('maxlength')).toBe(String(PLAYER_NAME.max));
    expect(await page.locator('input[name=playerReading]').getAttribute('maxlength')).toBe(String(READING.max));

    await id.fill('a b/c');
    await page.locator('input[name=playerName]').fill('遊城 十代');
    const shape = explain('player-id-shape');
    await page.getByText(shape.ja).waitFor();
    await shootPhone(page, join(screenshotDir, 'player-form-bounds'), 'id-shape');
    await page.locator('form button[type=submit]').click();
    // Nothing was sent: the form keeps what was typed and the server has no player.
    expect(await id.inputValue()).toBe('a b/c');
    expect((await api.send('GET', `/api/tournaments/${T}/players`)).body.players).toEqual([]);

    await id.fill('0001');
    await page.getByText(shape.ja).waitFor({ state: 'detached' });
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('player-0001').waitFor();
    expect(scorer.errors).toEqual([]);
  }, 120_000);
});
