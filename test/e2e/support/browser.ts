import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where the test run leaves its screenshots (git-ignored). */
export const screenshotDir = new URL('../../../test-output/screenshots/', import.meta.url).pathname;

export const PHONE = { width: 360, height: 780 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/**
 * The name phones use for the server in these tests. A venue's phones reach the organizer's
 * laptop as `http://192.168.x.y:3000`, which is not a secure context (no `crypto.randomUUID`,
 * no service worker, no notifications); `http://venue.test:PORT` is exactly such an origin, so
 * every test that does not need a service worker goes through it and a feature that works
 * only on localhost fails here first.
 */
export const VENUE_HOST = 'venue.test';

/**
 * The origin a phone uses for the server at `url` (http://127.0.0.1:PORT): the venue name, or
 * the loopback address itself for a test that needs a secure context (service worker,
 * notifications, offline reload), which a venue gets only through HTTPS.
 */
export function phoneOrigin(url: string, secure = false): string {
  if (secure) return url;
  const address = new URL(url);
  if (address.hostname !== '127.0.0.1' && address.hostname !== 'localhost') return url;
  address.hostname = VENUE_HOST;
  return address.origin;
}

/**
 * Debian's Chromium, headless, with nothing that phones home; `venue.test` resolves to this
 * machine. `home`: the HOME it runs with (a throwaway one whose NSS database trusts a test CA).
 */
export function launchChromium(executablePath: string, home?: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    ...(home === undefined ? {} : { env: { ...process.env, HOME: home } }),
    args: [
      '--headless=new',
      `--host-resolver-rules=MAP ${VENUE_HOST} 127.0.0.1`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors in the page: a test ends by asserting there were none. */
  readonly errors: string[];
  /** The origin this device reaches the server at (http://venue.test:PORT unless `secure`). */
  readonly origin: string;
}

/**
 * One person at one device: a browser context in their language and screen size, signed in
 * through the API when `login` is given (the sign-in screen itself is driven once, by the organizer).
 * The device reaches the server as a venue phone does, through a plain-HTTP name
 * (`phoneOrigin`), unless `secure` asks for a secure context; `person.origin` is where it went.
 */
export async function openPerson(
  browser: Browser,
  baseURL: string,
  options: {
    readonly lang: 'ja' | 'en';
    readonly viewport: { width: number; height: number };
    readonly login?: { username: string; password: string };
    /** The device's own time zone (default: the machine's). */
    readonly timezoneId?: string;
    /** A secure context (service worker, notifications): the loopback address instead of venue.test. */
    readonly secure?: boolean;
  },
): Promise<Person> {
  const origin = phoneOrigin(baseURL, options.secure);
  const context = await browser.newContext({
    baseURL: origin,
    viewport: options.viewport,
    locale: options.lang === 'ja' ? 'ja-JP' : 'en-US',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  context.setDefaultTimeout(15_000);
  if (options.login) {
    // Playwright's own requests resolve names without the browser's rules: sign in on the
    // loopback address and hand the session cookie to the phone's origin.
    const answer = await context.request.post(`${baseURL}/api/auth/login`, { data: options.login });
    if (!answer.ok()) throw new Error(`login ${options.login.username}: ${answer.status()}`);
    if (origin !== baseURL) {
      const cookies = await context.cookies(baseURL);
      const domain = new URL(origin).hostname;
      await context.addCookies(
        cookies.map(({ name, value, path, httpOnly, sameSite, expires }) => ({
          name,
          value,
          domain,
          path,
          httpOnly,
          sameSite,
          expires,
          secure: false,
        })),
      );
    }
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The server's Content-Security-Policy must never block a part of the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors, origin };
}

/**
 * Screenshots of the screen as it is now, in both languages (switched with the console's own
 * language buttons) at phone and desktop width; the page is left as it was.
 */
export async function shootBoth(page: Page, name: string): Promise<string[]> {
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const current = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'ja';
  const files: string[] = [];
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    for (const [label, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      const file = join(screenshotDir, `${name}.${lang}.${label}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      files.push(file);
    }
  }
  await page.locator(`.lang-switch button[lang=${current}]`).first().click();
  await page.setViewportSize(original);
  return files;
}

/**
 * Screenshots of the screen as it is now at its current (phone) width in both languages, into
 * `dir` as NAME.ja.png / NAME.en.png; nothing when `dir` is undefined (SHINPAN_SHOTS unset).
 */
export async function shootPhone(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const current = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'ja';
  for (const lang of ['ja', 'en'] as const) {
    await page.locator(`.lang-switch button[lang=${lang}]`).first().click();
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(dir, `${name}.${lang}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.locator(`.lang-switch button[lang=${current}]`).first().click();
}

/**
 * A GET made by the page itself, with its cookies and origin. Playwright's own `page.request`
 * resolves names without the browser's rules, so it cannot reach http://venue.test.
 */
export async function pageGet(
  page: Page,
  path: string,
): Promise<{ readonly status: number; readonly contentType: string; readonly text: string }> {
  return page.evaluate(async (target) => {
    const answer = await fetch(target, { credentials: 'same-origin' });
    return { status: answer.status, contentType: answer.headers.get('content-type') ?? '', text: await answer.text() };
  }, path);
}
