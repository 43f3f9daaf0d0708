import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt, webRoot } from '../e2e/support/console-server.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { rawGet } from './support/raw-get.js';

/** The built console's main script, named by its hash. */
function mainScript(): string {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no script in index.html');
  return src;
}

describe('the console over venue Wi-Fi: compression, caching, icons, offline files', () => {
  let server: TestServer;

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startTestServer({ kind: 'sqlite' }, { webRoot });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends the built script compressed when asked (brotli, else gzip), byte for byte the file, and plain when not', async () => {
    const path = mainScript();
    const file = readFileSync(join(webRoot, path));
    const br = await rawGet(server.url + path, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(file.length / 2);
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
    const gz = await rawGet(server.url + path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(file)).toBe(true);
    const plain = await rawGet(server.url + path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
  });

  it('compresses API answers too when asked', async () => {
    const answer = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8')).openapi).toMatch(/^3\./);
  });

  it('caches hashed files for good and checks index.html, the service worker and the manifest every time', async () => {
    const hashed = await rawGet(server.url + mainScript());
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/t/some/wall']) {
      const answer = await rawGet(server.url + path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers the favicon, the icons and the web manifest with themselves, not the HTML page', async () => {
    const icon = await rawGet(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect([...icon.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const manifest = await rawGet(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const parsed = JSON.parse(manifest.body.toString('utf8'));
    expect(parsed.start_url).toBe('/');
    for (const { src } of parsed.icons as { src: string }[]) {
      const answer = await rawGet(server.url + src);
      expect(answer.status, src).toBe(200);
      expect(answer.headers['content-type'], src).toMatch(/^image\//);
    }
    const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
    expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
  });

  it('answers 404 for an unknown file under /assets (a stale page asking for an old chunk), never the HTML page', async () => {
    for (const path of ['/assets/round-view-00000000.js', '/assets/nothing.css', '/assets/']) {
      const answer = await rawGet(server.url + path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).not.toMatch(/text\/html/);
    }
  });

  it('has a service worker that keeps every built file, the page itself included', async () => {
    const sw = (await rawGet(`${server.url}/sw.js`)).body.toString('utf8');
    const kept = JSON.parse(/const PRECACHE = (\[[^\]]*\]);/.exec(sw)?.[1] ?? '[]') as string[];
    const built = readdirSync(join(webRoot, 'assets')).filter((f) => !/\.(br|gz)$/.test(f));
    expect(kept).toContain('/index.html');
    expect(kept).toContain('/favicon.ico');
    for (const file of built) expect(kept, file).toContain(`/assets/${file}`);
  });
});
