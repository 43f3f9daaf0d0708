import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, type Person } from './support/browser.js';
import { ensureConsoleBuilt, startConsoleServer, webRoot, type ConsoleServer } from './support/console-server.js';

/*
 * A deploy while phones have the console installed: the server starts serving a new build,
 * whose service worker (web/src/sw/service-worker.ts, a new version) takes over the open page by
 * itself, keeps the new build's files, and deletes the old build's files and every saved read
 * (their shapes may have changed); the page still opens offline afterwards, from the new build.
 */

const executablePath = chromiumPath();
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

describe.skipIf(!executablePath)('the service worker after a deploy', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let phone: Person | undefined;
  let root: string;

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The server serves a copy of the build, so this test can deploy a new one under it.
    root = mkdtempSync(join(tmpdir(), 'shinpan-sw-deploy-'));
    cpSync(webRoot, root, { recursive: true });
    server = await startConsoleServer({ webRoot: root });
    browser = await launchChromium(executablePath!);
  }, 90_000);

  afterAll(async () => {
    expect(phone?.errors ?? []).toEqual([]);
    await browser?.close();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('takes over the open page, keeps the new build and deletes the old one and every saved read; the page opens offline from the new build', async () => {
    // A secure context: a service worker registers only there.
    phone = await openPerson(browser, server.url, { lang: 'en', viewport: PHONE, secure: true });
    const { page, context } = phone;
    await page.goto('/');
    await poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    const cacheNames = () => page.evaluate('caches.keys()') as Promise<string[]>;
    const before = (await cacheNames()).filter((k) => k.startsWith('shinpan-console-'));
    expect(before).toHaveLength(1);
    // A read saved by this build (as the screens save them) must not outlive it.
    await page.evaluate(
      "caches.open('shinpan-saved-reads').then((c) => c.put('/api/tournaments', new Response('[]', { headers: { 'x-shinpan-owner': 'public' } })))",
    );

    // The deploy: the new build's service worker differs (its version names its files).
    const sw = join(root, 'sw.js');
    const old = readFileSync(sw, 'utf8');
    const version = /const VERSION = "([0-9a-f]+)"/.exec(old)?.[1];
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const next = 'feedfacefeedface';
    writeFileSync(sw, old.replace(`const VERSION = "${version}"`, `const VERSION = "${next}"`));
    for (const compressed of ['sw.js.br', 'sw.js.gz']) rmSync(join(root, compressed), { force: true });

    // A phone looks for a new worker on its next visit; the page asks at once here.
    const tookOver = page.evaluate(
      'new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }))',
    );
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
    expect(await tookOver).toBe(true);
    await poll(async () => (await cacheNames()).filter((k) => k.startsWith('shinpan-console-'))).toEqual([
      `shinpan-console-${next}`,
    ]);
    expect(await cacheNames()).not.toContain('shinpan-saved-reads');

    // The new build's kept files open the console with no network.
    await context.setOffline(true);
    await page.reload();
    await page.locator('.lang-switch').first().waitFor();
    await context.setOffline(false);
    await context.close();
  }, 120_000);
});
