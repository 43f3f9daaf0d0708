import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { Receiver } from '../webhooks/receiver.js';
import { launchChromium, openPerson, PHONE, shootBoth, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';

/*
 * The organizer's webhooks screen on a phone: an endpoint's deliveries (one delivered, one
 * failing while the receiver refuses them), the test button's answer, in ja and en.
 */

const executablePath = chromiumPath();
const ORGANIZER = { username: 'organizer', password: 'organizer-password-1' };

describe.skipIf(!executablePath)('the console: webhooks', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let organizer: Person;
  const receiver = new Receiver();

  beforeAll(async () => {
    ensureConsoleBuilt();
    await receiver.up();
    server = await startConsoleServer();
    browser = await launchChromium(executablePath!);
    const api = new StaffApi(server.url);
    await api.login(server.firstLogin.username, server.firstLogin.password);
    await api.send('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: ORGANIZER.password,
    });
    const created = await api.send('POST', '/api/tournaments', {
      id: 'hooks',
      name: 'Webhook 杯',
      date: '2011-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const added = await api.send('POST', '/api/webhooks', {
      url: `${receiver.url}/hook`,
      secret: 'whsec-0123456789abcdef',
      events: ['announcement.posted'],
      tournament: 'hooks',
      allowPrivate: true,
    });
    expect(added.status).toBe(201);
    await api.send('POST', '/api/tournaments/hooks/announcements', { text: { ja: '受付開始', en: 'Desk open' } });
    await receiver.until(1);
    // The receiver refuses the next one: it stays pending, its error shown.
    receiver.status = 503;
    await api.send('POST', '/api/tournaments/hooks/announcements', { text: { ja: '昼休憩', en: 'Lunch' } });
    organizer = await openPerson(browser, server.url, { lang: 'ja', viewport: PHONE, login: ORGANIZER });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver.down();
  });

  it('shows deliveries and failures, and sends a test', async () => {
    const { page } = organizer;
    await page.goto('/');
    await page.getByTestId('webhooks-link').click();
    await page.getByTestId('webhook').first().waitFor();
    // Reload until the failing attempt is recorded (the dispatcher's first try comes within a second).
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('webhook-deliveries').waitFor();
          return page.locator('[data-status=pending]').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await page.locator('[data-status=delivered]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('webhook-deliveries').textContent()).toContain('HTTP 503');
    receiver.status = 200;
    await page.getByTestId('webhook-test').click();
    await expect.poll(() => page.getByTestId('webhook-test-result').textContent()).toContain('200');
    const files = await shootBoth(page, 'webhooks');
    expect(files.length).toBe(4);
  }, 120_000);

  it('adds an endpoint from the form; a refusal says why and keeps what was typed', async () => {
    const { page } = organizer;
    await page.goto('/webhooks');
    const form = page.getByTestId('webhook-form');
    await form.locator('summary').click();
    await page.getByTestId('webhook-url').fill(`${receiver.url}/second`);
    await page.getByTestId('webhook-secret').fill('whsec-fedcba9876543210');
    await page.getByTestId('webhook-event-round.published').check();
    await page.getByTestId('webhook-tournament').fill('hooks');
    // A loopback address without "allow private addresses": the server refuses it.
    await page.getByTestId('webhook-add').click();
    await form.locator('.notice-error').waitFor();
    expect(await page.getByTestId('webhook-url').inputValue()).toBe(`${receiver.url}/second`);
    expect(await page.getByTestId('webhook-secret').inputValue()).toBe('whsec-fedcba9876543210');
    await shootBoth(page, 'webhook-form-refused');
    await page.getByTestId('webhook-allow-private').check();
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-added').waitFor();
    await expect.poll(() => page.getByTestId('webhook').count()).toBe(2);
    expect(await page.getByTestId('webhook-url').inputValue()).toBe('');
    const api = new StaffApi(server.url);
    await api.login(ORGANIZER.username, ORGANIZER.password);
    const listed = await api.send('GET', '/api/webhooks');
    const added = listed.body.webhooks.find((w: { url: string }) => w.url.endsWith('/second'));
    expect(added).toMatchObject({
      tournament: 'hooks',
      events: ['round.published'],
      allowPrivate: true,
      format: 'json',
    });
    expect(JSON.stringify(listed.body)).not.toContain('fedcba');
    expect(organizer.errors).toEqual([]);
  }, 120_000);
});
