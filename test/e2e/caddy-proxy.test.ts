import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServer, type OpenedServer } from '../../src/adapters/http/open-server.js';
import { chromiumPath, postgresUrl, toolPath } from '../support/services.js';
import { launchChromium, openPerson, PHONE, screenshotDir, shootPhone, type Person } from './support/browser.js';
import { ensureConsoleBuilt, webRoot } from './support/console-server.js';
import { StaffApi } from './support/staff-api.js';
import { homeTrusting } from './support/trusted-home.js';

/*
 * The hosted recipe (deploy/) for real: Debian's Caddy with the shipped Caddyfile, its domain
 * swapped for venue.test with `tls internal` on loopback, in front of two shinpan servers on one
 * PostgreSQL schema, as SHINPAN_TRUST_PROXY=1 and the env file set them. Chromium trusts Caddy's
 * internal root through a throwaway NSS database, as a phone trusts a public CA. Through
 * https://venue.test: a secure context where the service worker registers; a live update
 * written through one server reaches a page held open through the proxy on either; the client
 * address the servers see is the phone's (IPv4) and not Caddy's (the servers listen on ::1).
 */

const executablePath = chromiumPath();
const caddy = toolPath('caddy', 'caddy');
const certutil = toolPath('certutil', 'libnss3-tools');
const database = await postgresUrl();
const shipped = readFileSync(new URL('../../deploy/Caddyfile', import.meta.url), 'utf8');
const T = 'hosted-cup';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** GET through Caddy from Node, trusting Caddy's root: the status, or why there is none. */
function probe(url: string, host: string, ca: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpsRequest(url, { ca, servername: 'venue.test', headers: { host }, timeout: 5000 }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on('error', (error) => resolve(error.message));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

describe.skipIf(!executablePath || !caddy || !certutil || !database)(
  'the hosted recipe: Caddy with automatic HTTPS in front of two servers on PostgreSQL',
  () => {
    let dir: string;
    let home: string;
    let proxy: ChildProcess;
    let browser: Browser;
    let origin: string;
    const servers: OpenedServer[] = [];
    const seen: { url: string; ip: string; peer: string }[][] = [[], []];
    const people: Person[] = [];
    let firstLogin: { username: string; password: string };
    const direct: string[] = [];
    const schema = `caddy_${process.pid}_${Date.now().toString(36)}`;

    beforeAll(async () => {
      ensureConsoleBuilt();
      dir = mkdtempSync(join(tmpdir(), 'shinpan-caddy-'));
      const port = await freePort();
      origin = `https://venue.test:${port}`;
      for (const [i, log] of seen.entries()) {
        const opened = await openServer({
          database: { kind: 'postgres', url: database!, schema },
          secret: 'hosted-secret-0123456789abcdef',
          trustProxy: 1,
          secureCookies: true,
          publicUrl: origin,
          webRoot,
          heartbeatMs: 10_000,
        });
        opened.app.addHook('onRequest', async (request) => {
          if (request.url.startsWith('/api/'))
            log.push({ url: request.url, ip: request.ip, peer: request.socket.remoteAddress ?? '' });
        });
        servers.push(opened);
        const listening = await opened.listen({ port: 0, host: '::1' });
        direct.push(listening.address);
        if (i === 0) firstLogin = listening.firstLogin!;
      }
      const upstreams = direct.map((address) => new URL(address).host).join(' ');
      // The shipped file, with the test's domain, certificate authority, ports and upstreams.
      const caddyfile = `{
	admin off
	skip_install_trust
	storage file_system ${join(dir, 'data')}
	http_port ${await freePort()}
	https_port ${port}
}
${shipped.replace('shinpan.example.jp {', `${origin} {\n\ttls internal\n\tbind 127.0.0.1`).replace('127.0.0.1:3001 127.0.0.1:3002', upstreams)}`;
      writeFileSync(join(dir, 'Caddyfile'), caddyfile);
      proxy = spawn(caddy!, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'xdg'), XDG_CONFIG_HOME: join(dir, 'xdg') },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let caddyLog = '';
      proxy.stderr?.on('data', (chunk: Buffer) => {
        caddyLog += chunk.toString();
      });
      const root = join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
      // Up when Caddy has made its root and answers the health check through the proxy.
      let last = 'no root certificate yet';
      const up = async (): Promise<boolean> => {
        if (!existsSync(root)) return false;
        last = await probe(`https://127.0.0.1:${port}/api/health`, `venue.test:${port}`, readFileSync(root, 'utf8'));
        return last === '200';
      };
      const deadline = Date.now() + 60_000;
      while (!(await up())) {
        if (Date.now() > deadline || proxy.exitCode !== null)
          throw new Error(`caddy did not come up (${last}):\n${caddyLog.slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      home = homeTrusting(certutil!, root);
      browser = await launchChromium(executablePath!, home);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      proxy?.kill('SIGTERM');
      for (const server of servers) await server.close();
      const client = new pg.Client({ connectionString: database! });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
      for (const path of [dir, home]) if (path) rmSync(path, { recursive: true, force: true });
    });

    it('is a secure context at https://venue.test: the service worker registers and the page says HTTPS', async () => {
      const phone = await openPerson(browser, origin, { lang: 'ja', viewport: PHONE });
      people.push(phone);
      await phone.page.goto('/https');
      await phone.page.getByTestId('venue-https-state').filter({ hasText: '安全です' }).waitFor();
      expect(await phone.page.evaluate('window.isSecureContext')).toBe(true);
      await expect
        .poll(() => phone.page.evaluate('navigator.serviceWorker.ready.then((r) => r.active !== null)'), {
          timeout: 30_000,
        })
        .toBe(true);
      expect(phone.errors).toEqual([]);
    }, 60_000);

    it('a pairing written through one server reaches a player page held open through the proxy', async () => {
      const organizer = new StaffApi(direct[1]!);
      await organizer.login(firstLogin.username, firstLogin.password);
      await organizer.send('POST', '/api/auth/password', {
        currentPassword: firstLogin.password,
        newPassword: 'organizer-password-1',
      });
      expect(
        (
          await organizer.send('POST', '/api/tournaments', {
            id: T,
            name: 'ホスティング杯',
            date: '2011-06-01',
            structure: { kind: 'swiss', rounds: 3, topCut: 0 },
          })
        ).status,
      ).toBe(201);
      const codes: string[] = [];
      for (const [i, name] of ['遊城 十代', '万丈目 準'].entries())
        codes.push(
          (await organizer.send('POST', `/api/tournaments/${T}/players`, { id: `400000030${i}`, name })).body.code,
        );
      const phone = await openPerson(browser, origin, { lang: 'ja', viewport: PHONE });
      people.push(phone);
      await phone.page.goto(`/t/${T}/p/4000000300?code=${codes[0]}`);
      await phone.page.getByTestId('check-in').waitFor();
      // Written through the other server, the page is not reloaded: the live stream brings it through Caddy.
      const other = new StaffApi(direct[0]!);
      await other.login(firstLogin.username, 'organizer-password-1');
      expect((await other.send('POST', `/api/tournaments/${T}/rounds`, { round: 1 })).status).toBe(201);
      await phone.page.getByTestId('my-match').filter({ hasText: '万丈目 準' }).waitFor({ timeout: 30_000 });
      await shootPhone(phone.page, screenshotDir, 'hosted-player-live');
      expect(phone.errors).toEqual([]);
    }, 90_000);

    it("both servers see the phone's address, not Caddy's, and not what the phone claims in X-Forwarded-For", async () => {
      const phone = people[0]!;
      const before = seen.map((log) => log.length);
      for (let i = 0; i < 4; i++)
        await phone.page.evaluate(
          (n) =>
            fetch(`/api/health?probe=${n}`, { headers: { 'x-forwarded-for': '203.0.113.9' } }).then((r) => r.status),
          i,
        );
      // Caddy's own health checks reach the servers too: only the phone's requests count here.
      const mine = (log: (typeof seen)[number], i: number) =>
        log.slice(before[i]).filter((r) => r.url.includes('probe='));
      const proxied = seen.flatMap(mine);
      expect(proxied.length).toBe(4);
      // Round robin: both servers answered.
      expect(seen.every((log, i) => mine(log, i).length > 0)).toBe(true);
      for (const { ip, peer } of proxied) {
        expect(peer).toBe('::1');
        expect(ip).toBe('127.0.0.1');
      }
    }, 60_000);
  },
);
