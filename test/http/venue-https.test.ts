import { X509Certificate } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, serverConfigFromEnv } from '../../src/adapters/http/config.js';
import { openServer, type OpenedServer } from '../../src/adapters/http/open-server.js';
import { loadTls } from '../../src/adapters/http/tls-load.js';
import { toolPath } from '../support/services.js';
import { makeVenueCert, type VenueCert } from '../support/venue-cert.js';

/*
 * HTTPS from shinpan itself (`serve --tls-cert --tls-key --tls-ca`), a plain-HTTP port beside
 * it for players' phones or one that redirects, the venue's addresses for the console, and
 * clear errors for the files an organizer gets wrong. Certificates come from Debian's mkcert,
 * as in the venue recipe.
 */

const mkcert = toolPath('mkcert', 'mkcert');

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(url: string, options: { ca?: string; method?: string; body?: unknown } = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: options.method ?? 'GET',
        ...(options.ca ? { ca: options.ca, servername: 'venue.test' } : {}),
        headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

describe('configuration of the venue network', () => {
  it('reads SHINPAN_PUBLIC_URL as an origin and names a wrong one', () => {
    expect(serverConfigFromEnv({ SHINPAN_PUBLIC_URL: 'https://shinpan.example.jp/' }).publicUrl).toBe(
      'https://shinpan.example.jp',
    );
    expect(serverConfigFromEnv({}).publicUrl).toBeNull();
    expect(() => serverConfigFromEnv({ SHINPAN_PUBLIC_URL: 'shinpan.example.jp' })).toThrow(/SHINPAN_PUBLIC_URL/);
    expect(() => serverConfigFromEnv({ SHINPAN_PUBLIC_URL: 'https://example.jp/shinpan' })).toThrow(/no path/);
  });

  it('needs both TLS files, makes cookies Secure with them, and allows the plain ports only with HTTPS', () => {
    expect(() => serverConfigFromEnv({ SHINPAN_TLS_CERT: 'c.pem' })).toThrow(/SHINPAN_TLS_KEY is missing/);
    expect(() => serverConfigFromEnv({ SHINPAN_HTTP_PORT: '3000' })).toThrow(/SHINPAN_HTTP_PORT: needs HTTPS/);
    const config = serverConfigFromEnv(
      { SHINPAN_TLS_CERT: 'c.pem', SHINPAN_TLS_KEY: 'k.pem', PORT: '3443' },
      {
        httpPort: '3000',
      },
    );
    expect(config.secureCookies).toBe(true);
    expect(config.tls).toEqual({ certFile: 'c.pem', keyFile: 'k.pem', caFile: null });
    expect(config.httpPort).toBe(3000);
    expect(() =>
      serverConfigFromEnv({
        SHINPAN_TLS_CERT: 'c',
        SHINPAN_TLS_KEY: 'k',
        PORT: '3443',
        SHINPAN_HTTP_REDIRECT_PORT: '3443',
      }),
    ).toThrow(/other than 3443/);
  });
});

describe.skipIf(!mkcert)('HTTPS from shinpan itself', () => {
  let dir: string;
  let cert: VenueCert;
  let other: VenueCert;
  let opened: OpenedServer;
  let https: string;
  let plain: string;
  let login: { username: string; password: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shinpan-tls-'));
    cert = makeVenueCert(mkcert!, dir, ['venue.test', '127.0.0.1']);
    other = makeVenueCert(mkcert!, dir, ['other.test'], 'other');
    const config = serverConfigFromEnv({
      SHINPAN_TLS_CERT: cert.certFile,
      SHINPAN_TLS_KEY: cert.keyFile,
      SHINPAN_TLS_CA: cert.caFile,
      SHINPAN_PUBLIC_URL: 'http://venue.test:3000',
    });
    opened = await openServer({
      database: { kind: 'sqlite', path: join(dir, 'tls.db') },
      secret: 'tls-secret-0123456789abcdef',
      publicUrl: config.publicUrl,
      tls: loadTls(config.tls!, new Date()),
      httpPort: await freePort(),
    });
    const listening = await opened.listen({ port: 0, host: '127.0.0.1' });
    https = listening.address;
    plain = listening.plainAddress!;
    login = listening.firstLogin!;
  });

  afterAll(async () => {
    await opened?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers over HTTPS with the mkcert certificate, and the same API on the plain port', async () => {
    expect(https.startsWith('https://')).toBe(true);
    const secure = await get(`${https}/api/health`, { ca: cert.caPem });
    expect(secure.status).toBe(200);
    const open = await get(`${plain}/api/health`);
    expect(open.status).toBe(200);
    expect(JSON.parse(open.body.toString()).ok).toBe(true);
  });

  it('marks the session cookie Secure over HTTPS', async () => {
    const answer = await get(`${https}/api/auth/login`, { ca: cert.caPem, method: 'POST', body: login });
    expect(answer.status).toBe(200);
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('tells the console the public address and offers the CA certificate in DER', async () => {
    const venue = JSON.parse((await get(`${plain}/api/venue`)).body.toString());
    expect(venue).toMatchObject({ publicUrl: 'http://venue.test:3000', caCertificate: true });
    // Listening on one address only: that address is the one to use, no LAN list.
    expect(venue.lanUrls).toEqual([]);
    const ca = await get(`${plain}/api/venue/ca.crt`);
    expect(ca.status).toBe(200);
    expect(ca.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(new X509Certificate(ca.body).fingerprint256).toBe(new X509Certificate(cert.caPem).fingerprint256);
  });

  it('names the file an organizer got wrong: unreadable, not a certificate, the key of another certificate, not a CA', () => {
    const files = { certFile: cert.certFile, keyFile: cert.keyFile, caFile: null };
    const missing = join(dir, 'nothing.pem');
    expect(() => loadTls({ ...files, certFile: missing }, new Date())).toThrow(
      new ConfigError(`--tls-cert / SHINPAN_TLS_CERT: cannot read ${missing} (ENOENT)`),
    );
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, 'not a certificate\n');
    expect(() => loadTls({ ...files, certFile: junk }, new Date())).toThrow(/junk.pem is not a PEM certificate/);
    expect(() => loadTls({ ...files, keyFile: junk }, new Date())).toThrow(
      /junk.pem is not an unencrypted PEM private key/,
    );
    expect(() => loadTls({ ...files, keyFile: other.keyFile }, new Date())).toThrow(
      /other-key.pem is not the key of the certificate in .*venue.pem/,
    );
    expect(() => loadTls({ ...files, caFile: cert.certFile }, new Date())).toThrow(/venue.pem is not a CA certificate/);
    expect(() => loadTls(files, new Date('2100-01-01T00:00:00Z'))).toThrow(/expired on/);
  });
});

describe.skipIf(!mkcert)('a plain port that redirects to HTTPS', () => {
  it('answers 308 to the same host and path on the HTTPS port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-tls-redirect-'));
    const cert = makeVenueCert(mkcert!, dir, ['venue.test']);
    const opened = await openServer({
      database: { kind: 'sqlite', path: join(dir, 'r.db') },
      secret: 'tls-secret-0123456789abcdef',
      tls: loadTls({ certFile: cert.certFile, keyFile: cert.keyFile, caFile: null }, new Date()),
      httpRedirectPort: await freePort(),
    });
    try {
      const listening = await opened.listen({ port: 0, host: '127.0.0.1' });
      const httpsPort = new URL(listening.address).port;
      const answer = await get(`${listening.plainAddress}/t/cup/entry?x=1`);
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe(`https://127.0.0.1:${httpsPort}/t/cup/entry?x=1`);
    } finally {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!mkcert)('shinpan serve with a wrong TLS file', () => {
  it('names the file, exits non-zero and creates no database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-tls-cli-'));
    try {
      const cert = makeVenueCert(mkcert!, dir, ['venue.test']);
      const other = makeVenueCert(mkcert!, dir, ['other.test'], 'other');
      const db = join(dir, 'never.db');
      const bin = new URL('../../bin/shinpan.js', import.meta.url).pathname;
      const serve = (...args: string[]) =>
        spawnSync(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, ...args], {
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: '', SHINPAN_DB: '' },
          timeout: 60_000,
        });
      const mismatched = serve('--tls-cert', cert.certFile, '--tls-key', other.keyFile);
      expect(mismatched.status).not.toBe(0);
      expect(mismatched.stderr).toContain(`${other.keyFile} is not the key of the certificate in ${cert.certFile}`);
      const plainOnly = serve('--http-port', '3000');
      expect(plainOnly.status).not.toBe(0);
      expect(plainOnly.stderr).toContain('--http-port: needs HTTPS');
      expect(existsSync(db)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A port nothing listens on now (the plain port needs a number before listening). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
