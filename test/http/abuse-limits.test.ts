import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfigFromEnv } from '../../src/adapters/http/config.js';
import { WRONG_CODES_PER_ADDRESS_PLAYER } from '../../src/adapters/http/auth/player-code-guard.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import type { HttpClient } from './support/http-client.js';

// What one stranger on the venue Wi-Fi could do to the server, each refused with a clear answer.
describe('limits against a stranger on the network', () => {
  let server: TestServer;
  let staff: Staff;
  let anyone: HttpClient;

  beforeAll(async () => {
    // One proxy in front, configured the way an operator does it.
    const { trustProxy } = serverConfigFromEnv({ SHINPAN_TRUST_PROXY: '1' });
    server = await startTestServer(
      { kind: 'sqlite' },
      { trustProxy, timeouts: { headersMs: 300, checkMs: 100 }, streamLimits: { perAddress: 2 } },
    );
    staff = await staffOf(server);
    anyone = server.client();
    await tournamentWithPlayers(staff, 'kanto');
  });
  afterAll(async () => server.close());

  /** A request as if from `address`, behind the one proxy the server trusts. */
  const from = (address: string, spoofed?: string) => ({
    headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${address}` : address },
  });

  describe('decklists', () => {
    // Within the default body (64 KiB), past the line cap.
    const huge = Array.from({ length: 600 }, () => '3 Blue-Eyes White Dragonx').join('\n');

    it('refuses a list past the line cap with 413 before reading any line', async () => {
      const answer = await anyone.post('/api/decks/convert', { deck: { format: 'text', text: huge }, to: 'ydk' });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 'decklist-too-large', path: 'body.deck.text' });
      expect(answer.body.message).toBe('body.deck.text: the decklist has 600 lines; at most 500 are read');
      expect(answer.body.messageJa).toContain('500 行まで');
    });

    it('refuses a list past the character cap with 413, at registration too', async () => {
      const long = `3 ${'x'.repeat(25_000)}`;
      const answer = await staff.scorekeeper.post('/api/tournaments/kanto/players', {
        id: '0000000099',
        name: 'Long',
        decklist: { format: 'text', text: long },
      });
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(/has 25002 characters; at most 20000 are read$/);
    });

    it('reads a list of 500 unknown names and names the first with its closest cards', async () => {
      const unknown = Array.from({ length: 500 }, (_, i) => `3 Stardust Dragn${i % 2 ? '' : 'x'}`).join('\n');
      const answer = await anyone.post('/api/decks/convert', { deck: { format: 'text', text: unknown }, to: 'ydk' });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid-decklist');
      expect(answer.body.message).toMatch(
        /^body\.deck\.text: line 1: no card named "Stardust Dragnx"; closest: Stardust Dragon \(44508094\).* \(and 499 more\)$/,
      );
      // The server answered other requests meanwhile and still does.
      expect((await anyone.get('/api/health')).status).toBe(200);
    });
  });

  it('limits the public card search per address; staff search freely', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await anyone.get(`/api/cards?q=Stardust%20Dragn${i}`, from('10.1.0.8'))).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await anyone.get('/api/cards?q=Stardust', from('10.1.0.8'));
    expect([statuses[60], refused.status, refused.body.code]).toEqual([429, 429, 'too-many-card-searches']);
    expect((await staff.judge.get('/api/cards?q=Stardust', from('10.1.0.8'))).status).toBe(200);
  });

  describe('sign-in', () => {
    it('limits sign-ins per address whatever the username', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const answer = await anyone.post(
          '/api/auth/login',
          { username: `nobody-${i}`, password: 'wrong-password' },
          from('10.1.0.1'),
        );
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect(answer.body.code).toBe('too-many-logins');
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      // Another address is not affected.
      const real = await server
        .client()
        .post('/api/auth/login', { username: 'judge', password: 'judge-password' }, from('10.1.0.2'));
      expect(real.status).toBe(200);
    }, 180_000); // 30 password hashes on a shared machine

    it('refuses at once, without hashing, sign-ins past the few one address may have in flight', async () => {
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          anyone.post('/api/auth/login', { username: `burst-${i}`, password: 'wrong-password' }, from('10.1.0.3')),
        ),
      );
      const busy = burst.filter((a) => a.status === 429);
      expect(burst.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(1);
      expect(busy.length).toBeGreaterThanOrEqual(12 - 3);
      expect(busy[0]?.body.code).toBe('sign-in-busy');
      expect(busy[0]?.headers.get('retry-after')).toBe('1');
      expect(busy[0]?.body.messageJa).toContain('パスワードを確認中');
    });

    it('takes the address the trusted proxy saw, not what the client wrote first in X-Forwarded-For', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await anyone.post(
          '/api/auth/login',
          { username: 'judge', password: `guess-number-${i}` },
          from('10.1.0.4', `203.0.113.${i}`),
        );
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    }, 120_000);

    it('limits guesses of the current password on a password change', async () => {
      const judge = server.client();
      await judge.post('/api/auth/login', { username: 'judge', password: 'judge-password' }, from('10.1.0.5'));
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (
            await judge.post('/api/auth/password', {
              currentPassword: `guess-${i}-password`,
              newPassword: 'another-judge-pass',
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
      const refused = await judge.post('/api/auth/password', {
        currentPassword: 'judge-password',
        newPassword: 'another-judge-pass',
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too-many-password-attempts');
    }, 120_000);
  });

  it('keys the record-code limit on the decoded player, so percent-encoded variants share one bucket', async () => {
    const variants = ['0000000001', '%30000000001', '%30%30%30%30%30%30%30%30%30%31', '0000000001%20'];
    const statuses: number[] = [];
    for (let i = 0; i <= WRONG_CODES_PER_ADDRESS_PLAYER; i++) {
      const answer = await anyone.get(
        `/api/tournaments/kanto/players/${variants[i % variants.length]}/record?code=WRONGCOD`,
        from('10.1.0.6'),
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, WRONG_CODES_PER_ADDRESS_PLAYER).every((s) => s === 403)).toBe(true);
    expect(statuses[WRONG_CODES_PER_ADDRESS_PLAYER]).toBe(429);
  });

  describe('connections and streams', () => {
    it('closes a connection that never sends a request', async () => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      const closed = new Promise<string>((resolve) => {
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
      });
      // Node answers 408 on the way out; what matters is that the socket is closed.
      expect(await closed).toMatch(/^(|HTTP\/1\.1 408[\s\S]*)$/);
    });

    it('caps the live streams one address holds open', async () => {
      const open = async () =>
        fetch(`${server.url}/api/tournaments/kanto/live`, { headers: { 'x-forwarded-for': '10.1.0.7' } });
      const first = await open();
      const second = await open();
      const third = await open();
      expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
      expect(await third.json()).toMatchObject({ code: 'too-many-streams' });
      await first.body?.cancel();
      await second.body?.cancel();
      // Once they are closed the address may open streams again.
      let again = await open();
      for (let i = 0; again.status === 429 && i < 50; i++) {
        await again.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await open();
      }
      expect(again.status).toBe(200);
      await again.body?.cancel();
    });
  });

  describe('URLs', () => {
    it('answers a malformed URL in the project error shape', async () => {
      const answer = await anyone.get('/api/tournaments/%E0%A4%A/rounds');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad-url' });
      expect(Object.keys(answer.body).sort()).toEqual(['code', 'message', 'messageJa', 'path']);
    });

    it('takes only canonical round numbers in paths', async () => {
      for (const round of ['0x1', '1.0', '%201', '01', '1e0', '+1']) {
        const answer = await anyone.get(`/api/tournaments/kanto/rounds/${round}/pairings`);
        expect([round, answer.status, answer.body.path]).toEqual([round, 400, 'params.round']);
      }
      expect((await anyone.get('/api/tournaments/kanto/rounds/1/pairings')).status).not.toBe(400);
    });
  });

  it('sends a Content-Security-Policy and the other browser protections', async () => {
    const answer = await anyone.get('/api/health');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(answer.headers.get('permissions-policy')).toContain('camera=()');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
