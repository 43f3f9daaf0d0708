import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

const INDEX = '<!doctype html><title>shinpan console</title><div id="root"></div>';

describe('serving the built console', () => {
  const web = mkdtempSync(join(tmpdir(), 'shinpan-web-'));
  let withConsole: TestServer;
  let withoutConsole: TestServer;

  beforeAll(async () => {
    writeFileSync(join(web, 'index.html'), INDEX);
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'main-3f9a.js'), 'console.log("judge console")');
    withConsole = await startTestServer({ kind: 'sqlite' }, { webRoot: web });
    withoutConsole = await startTestServer({ kind: 'sqlite' });
  });
  afterAll(async () => {
    await withConsole.close();
    await withoutConsole.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("serves index.html at / and for the console's own paths", async () => {
    for (const path of ['/', '/t/kanto/pairings', '/login']) {
      const answer = await withConsole.client().get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.body).toBe(INDEX);
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const answer = await withConsole.client().get('/assets/main-3f9a.js');
    expect(answer.body).toBe('console.log("judge console")');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never answers an API path or a write with the console', async () => {
    const api = await withConsole.client().get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('not-found');
    const write = await withConsole.client().post('/t/kanto', {});
    expect(write.status).toBe(404);
    expect(write.body.code).toBe('not-found');
  });

  it('says in both languages that the console is not built when web/dist is missing', async () => {
    const answer = await withoutConsole.client().get('/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('コンソールはまだビルドされていません');
    expect(answer.body).toContain('The console has not been built yet');
  });
});
