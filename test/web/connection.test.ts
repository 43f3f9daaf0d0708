import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { browserSaysOnline, Connection } from '../../web/src/api/connection.js';

/*
 * The console's one answer to "can the server be reached": the browser's word, corrected by
 * what the server's own answers say, and found again by looking at /api/health with no event
 * from the browser (Chromium 150 sent none after a reload offline; venue Wi-Fi that lost the
 * organizer's laptop never says offline at all). The looks go to a real HTTP server here.
 */

describe('what the browser says', () => {
  it('only an explicit false is offline: Node 21+ has a global navigator without onLine, which is not "offline"', () => {
    expect(browserSaysOnline({ onLine: false })).toBe(false);
    expect(browserSaysOnline({ onLine: true })).toBe(true);
    expect(browserSaysOnline({})).toBe(true);
    expect(browserSaysOnline(undefined)).toBe(true);
    // This runtime's own navigator (none on Node 20, one without onLine on 22 and 24).
    expect(browserSaysOnline((globalThis as { navigator?: { onLine?: unknown } }).navigator)).toBe(true);
  });

  it('a connection made on a navigator that says offline starts offline, and one without onLine starts online', () => {
    const opened = new Connection({ navigator: { onLine: false } });
    expect(opened.online).toBe(false);
    expect(new Connection({ navigator: {} }).online).toBe(true);
    // An answer from the server ends its looking (none here: it has no server to look at).
    opened.answered();
    expect(opened.online).toBe(true);
  });
});

describe('finding the server again', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A server whose /api/health answers `status()`; counts the looks. */
  async function health(status: () => number): Promise<{ url: string; looks: () => number }> {
    let looks = 0;
    server = createServer((request, response) => {
      if (request.url === '/api/health') looks++;
      response.writeHead(status(), { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    return { url: `http://127.0.0.1:${address.port}/api/health`, looks: () => looks };
  }

  it('after a request with no answer it is offline, looks by itself, stays offline while a proxy says shinpan is down, and is online once the server answers', async () => {
    let status = 502;
    const { url, looks } = await health(() => status);
    const connection = new Connection({ navigator: { onLine: true }, healthUrl: url });
    const heard: boolean[] = [];
    connection.subscribe((online) => heard.push(online));

    connection.unanswered();
    expect(connection.online).toBe(false);
    await expect.poll(looks, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(connection.online).toBe(false);

    status = 200;
    await expect.poll(() => connection.online, { timeout: 15_000 }).toBe(true);
    expect(heard[0]).toBe(false);
    expect(heard.at(-1)).toBe(true);
  }, 30_000);

  it('a browser that said offline is corrected by the server answering, and nothing is looked at while online', async () => {
    const { url, looks } = await health(() => 200);
    const connection = new Connection({ navigator: { onLine: false }, healthUrl: url });
    expect(connection.online).toBe(false);
    connection.answered();
    expect(connection.online).toBe(true);
    const before = looks();
    // Another request answered: still online, and no look was needed.
    connection.answered();
    expect(connection.online).toBe(true);
    expect(looks()).toBe(before);
  });
});
