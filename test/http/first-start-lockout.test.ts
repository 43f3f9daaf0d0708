import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { lanUrls } from '../../src/adapters/http/lan-addresses.js';
import { HttpClient } from './support/http-client.js';
import { killAll, serveProcess } from './support/serve-process.js';

/*
 * The README's first minutes, as separate processes: `npm start` still running, then the demo,
 * then a second start on the demo's file. The second start must fail on its port before it
 * writes anything (its first organizer would be created with a password nobody sees), and an
 * organizer who lost the first password gets back in with `shinpan account reset-password`.
 */

afterAll(() => killAll());

const root = new URL('../../', import.meta.url).pathname;
const env = { ...process.env, SHINPAN_LANG: 'en', SHINPAN_DB: '', DATABASE_URL: '' };

async function shinpan(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'test/http/support/serve-main.ts', ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const accountRows = (db: string): number => {
  const raw = new Database(db, { readonly: true });
  try {
    const table = raw.prepare("select 1 from sqlite_master where name = 'shinpan_accounts'").get();
    return table ? (raw.prepare('select count(*) as n from shinpan_accounts').get() as { n: number }).n : 0;
  } finally {
    raw.close();
  }
};

describe('a second start while one runs, and a lost first password', () => {
  it('fails on the port with one line naming it and PORT=, writes nothing; the later start prints the password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-lockout-'));
    const port = await freePort();
    const first = await serveProcess(join(dir, 'shinpan.db'), {}, port);
    try {
      const demoDb = join(dir, 'shinpan-demo.db');
      expect((await shinpan('demo', '--db', demoDb)).code).toBe(0);
      const before = readFileSync(demoDb);

      const second = await shinpan('serve', '--port', String(port), '--host', '127.0.0.1', '--db', demoDb);
      expect(second.code).not.toBe(0);
      expect(second.stdout).toBe('');
      const lines = second.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`port ${port} is already in use`);
      expect(lines[0]).toContain(`ポート ${port} は使用中です`);
      expect(lines[0]).toContain(`PORT=${port + 1} npm start`);
      expect(second.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
      expect(accountRows(demoDb)).toBe(0);
      expect(readFileSync(demoDb).equals(before)).toBe(true);

      // A file that does not exist yet is not created by a start that cannot listen.
      const fresh = join(dir, 'fresh.db');
      expect((await shinpan('serve', '--port', String(port), '--host', '127.0.0.1', '--db', fresh)).code).not.toBe(0);
      expect(existsSync(fresh)).toBe(false);
    } finally {
      await first.stop();
    }
    const demo = await serveProcess(join(dir, 'shinpan-demo.db'), {}, port);
    try {
      expect(demo.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(await new HttpClient(demo.url).login('organizer', demo.password!)).toBeDefined();
    } finally {
      await demo.stop();
    }
  }, 180_000);

  it('account reset-password: a new one-time password, to be changed, and the old sessions end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-reset-'));
    const db = join(dir, 'shinpan.db');
    const server = await serveProcess(db);
    try {
      const old = new HttpClient(server.url);
      const signedIn = await old.post('/api/auth/login', { username: 'organizer', password: server.password });
      expect(signedIn.status).toBe(200);
      expect((await old.get('/api/auth/me')).body.account.username).toBe('organizer');

      const reset = await shinpan('account', 'reset-password', '--user', 'organizer', '--db', db);
      expect(reset.code).toBe(0);
      const password = /New one-time password for organizer \(.+\): (\S+)/.exec(reset.stdout)?.[1];
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(password).not.toBe(server.password);

      expect((await old.get('/api/auth/me')).body.account).toBeNull();
      expect(
        (await new HttpClient(server.url).post('/api/auth/login', { username: 'organizer', password: server.password }))
          .status,
      ).toBe(401);
      const fresh = new HttpClient(server.url);
      expect((await fresh.post('/api/auth/login', { username: 'organizer', password })).status).toBe(200);
      expect((await fresh.get('/api/auth/tokens')).body.code).toBe('password-change-required');
      const changed = await fresh.post('/api/auth/password', {
        currentPassword: password,
        newPassword: 'a-new-organizer-pass-1',
      });
      expect(changed.status).toBe(200);

      const ja = await shinpan('account', 'reset-password', '--user', 'nobody', '--db', db, '--lang', 'ja');
      expect(ja.code).toBe(2);
      expect(ja.stderr).toContain('「nobody」というアカウントはありません。アカウント: organizer');
      const missing = await shinpan('account', 'reset-password', '--user', 'organizer', '--db', join(dir, 'typo.db'));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('no database file');
      expect(existsSync(join(dir, 'typo.db'))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('the start banner', () => {
  it('names the venue-network addresses phones can open when listening on every interface', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-banner-'));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/http/support/serve-main.ts',
        'serve',
        '--port',
        String(port),
        '--host',
        '0.0.0.0',
        '--db',
        join(dir, 'b.db'),
      ],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('shown only now')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
    } finally {
      child.kill('SIGTERM');
    }
    const expected = lanUrls('0.0.0.0', port, networkInterfaces());
    for (const url of expected)
      expect(out).toContain(`phones on the venue network / 会場のネットワークのスマートフォンから: ${url}`);
    // Listening on one address: that address is the one to use, no other is named.
    expect(lanUrls('127.0.0.1', port, networkInterfaces())).toEqual([]);
  }, 180_000);

  it('lists the non-internal IPv4 addresses only', () => {
    const entry = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
      ({ address, family, internal, netmask: '', mac: '', cidr: null }) as const;
    const interfaces = {
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      wlan0: [entry('192.168.10.23', 'IPv4', false), entry('fe80::1', 'IPv6', false)],
      eth1: [entry('10.0.0.5', 'IPv4', false)],
    };
    expect(lanUrls('0.0.0.0', 3000, interfaces as never)).toEqual([
      'http://192.168.10.23:3000',
      'http://10.0.0.5:3000',
    ]);
  });
});
