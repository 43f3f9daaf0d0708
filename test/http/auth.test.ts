import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import { verifyPassword } from '../../src/adapters/http/auth/password.js';
import { HttpClient } from './support/http-client.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(await storeKinds())('accounts and sessions on $name', ({ kind }) => {
  let server: TestServer;
  let organizer: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    organizer = server.client();
    await organizer.login(server.organizer.username, server.organizer.password);
  });
  afterAll(async () => server.close());

  describe('first start', () => {
    it('creates one organizer who must change the one-time password before anything else', async () => {
      // A second server on the same file finds the account and creates none.
      const again = await openAccountStore(server.database);
      expect((await again.listAccounts()).map((a) => [a.username, a.roles, a.mustChangePassword])).toEqual([
        ['organizer', ['organizer'], false],
      ]);
      await again.close();

      const created = await organizer.post('/api/accounts', {
        username: 'kana',
        displayName: '佐藤 かな',
        roles: ['judge'],
      });
      expect(created.status).toBe(201);
      const oneTime = created.body.oneTimePassword as string;
      expect(oneTime).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(created.body.account.mustChangePassword).toBe(true);

      const kana = server.client();
      const login = await kana.login('kana', oneTime);
      expect(login.body.account.mustChangePassword).toBe(true);
      const blocked = await kana.get('/api/auth/tokens');
      expect(blocked.status).toBe(403);
      expect(blocked.body.code).toBe('password-change-required');
      expect(blocked.body.messageJa).toContain('パスワード');

      const weak = await kana.post('/api/auth/password', { currentPassword: oneTime, newPassword: 'short' });
      expect(weak.status).toBe(422);
      expect(weak.body).toMatchObject({ code: 'weak-password', path: 'body.newPassword' });
      const changed = await kana.post('/api/auth/password', {
        currentPassword: oneTime,
        newPassword: 'kana-judge-pass',
      });
      expect(changed.status).toBe(200);
      expect(changed.body.account.mustChangePassword).toBe(false);
      expect((await kana.get('/api/auth/tokens')).status).toBe(200);
      // The one-time password is gone.
      expect((await server.client().post('/api/auth/login', { username: 'kana', password: oneTime })).status).toBe(401);
    });
  });

  describe('passwords and sessions', () => {
    it('stores a scrypt hash, never the password', async () => {
      const store = await openAccountStore(server.database);
      const stored = await store.findAccountByUsername('organizer');
      await store.close();
      expect(stored!.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
      expect(stored!.passwordHash).not.toContain(server.organizer.password);
      expect(await verifyPassword(server.organizer.password, stored!.passwordHash)).toBe(true);
      expect(await verifyPassword('organizer-password-2', stored!.passwordHash)).toBe(false);
    });

    it('sets an HttpOnly SameSite=Strict session cookie and a readable CSRF cookie', async () => {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'organizer', password: server.organizer.password }),
      });
      const cookies = response.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('shinpan_session='))!;
      const csrf = cookies.find((c) => c.startsWith('shinpan_csrf='))!;
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Strict/);
      expect(session).toMatch(/Path=\//);
      expect(csrf).not.toMatch(/HttpOnly/);
      expect(csrf).toMatch(/SameSite=Strict/);
      const body = (await response.json()) as { csrfToken: string };
      expect(csrf).toContain(`shinpan_csrf=${body.csrfToken}`);
    });

    it('answers a wrong password and an unknown user alike', async () => {
      const wrong = await server
        .client()
        .post('/api/auth/login', { username: 'organizer', password: 'not-the-password' });
      const unknown = await server
        .client()
        .post('/api/auth/login', { username: 'nobody', password: 'not-the-password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({
        code: 'bad-credentials',
        message: 'Wrong username or password.',
        messageJa: 'ユーザー名またはパスワードが違います。',
      });
    });

    it('refuses a cookie-authenticated write without the CSRF token', async () => {
      const missing = await organizer.post(
        '/api/accounts',
        { username: 'csrf-test', displayName: 'x', roles: ['judge'] },
        { noCsrf: true },
      );
      expect(missing.status).toBe(403);
      expect(missing.body.code).toBe('csrf');
      const wrong = await organizer.post(
        '/api/accounts',
        { username: 'csrf-test', displayName: 'x', roles: ['judge'] },
        { headers: { 'x-csrf-token': 'forged' } },
      );
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('csrf');
      expect(
        (await organizer.get('/api/accounts')).body.accounts.map((a: { username: string }) => a.username),
      ).not.toContain('csrf-test');
    });

    it('refuses a form-encoded or text body (a cross-site form cannot post JSON)', async () => {
      const answer = await organizer.request('POST', '/api/auth/login', {
        body: 'username=organizer',
        headers: { 'content-type': 'text/plain' },
      });
      expect(answer.status).toBe(415);
      expect(answer.body.code).toBe('unsupported-media-type');
    });

    it('ends the session at logout', async () => {
      const client = server.client();
      await client.login('organizer', server.organizer.password);
      const session = client.cookie('shinpan_session')!;
      expect((await client.post('/api/auth/logout')).status).toBe(204);
      const replay = await fetch(`${server.url}/api/accounts`, { headers: { cookie: `shinpan_session=${session}` } });
      expect(replay.status).toBe(401);
    });

    it('rate-limits logins per address and username', async () => {
      const client = server.client();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await client.post('/api/auth/login', { username: 'limited', password: `guess-${i}` })).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      const limited = await client.post('/api/auth/login', { username: 'limited', password: 'guess-11' });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('too-many-logins');
      expect(limited.body.messageJa).toContain('ログイン');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another username from the same address is not locked out.
      expect(
        (await client.post('/api/auth/login', { username: 'organizer', password: server.organizer.password })).status,
      ).toBe(200);
    });
  });

  describe('session expiry', () => {
    it('answers a session past its expiry as the public, and a fresh one as its account', async () => {
      const judge = server.client();
      await organizer.post('/api/accounts', {
        username: 'expiring',
        displayName: 'x',
        roles: ['judge'],
        password: 'expiring-password',
      });
      const signedInAt = server.clock.now;
      const login = await judge.login('expiring', 'expiring-password');
      // The session ends a day after the sign-in whatever it does meanwhile: the login and the
      // session's answer say when (the console keeps its saved sign-in no longer).
      const ends = new Date(signedInAt.getTime() + 24 * 60 * 60 * 1000).toISOString();
      expect(login.body.sessionExpiresAt).toBe(ends);
      expect((await judge.get('/api/auth/me')).body).toMatchObject({
        account: { username: 'expiring' },
        via: 'session',
        sessionExpiresAt: ends,
      });
      const started = server.clock.now;
      server.clock.advanceMinutes(24 * 60 + 1);
      try {
        expect((await judge.get('/api/auth/me')).body).toEqual({ account: null });
      } finally {
        server.clock.now = started;
      }
    });
  });

  describe('API tokens', () => {
    it('authenticates a script with Authorization: Bearer, without CSRF, until revoked', async () => {
      const created = await organizer.post('/api/auth/tokens', { label: 'results import' });
      expect(created.status).toBe(201);
      expect(created.body.token).toMatch(/^shp_[\w-]{43}$/);
      const script = new HttpClient(server.url).useToken(created.body.token);
      const me = await script.get('/api/auth/me');
      expect(me.body).toMatchObject({ account: { username: 'organizer' }, via: 'token' });
      const write = await script.post('/api/accounts', {
        username: 'script-made',
        displayName: 'Script',
        roles: ['scorekeeper'],
        password: 'scorekeeper-pass',
      });
      expect(write.status).toBe(201);
      const listed = await organizer.get('/api/auth/tokens');
      expect(listed.body.tokens).toEqual([
        { id: created.body.id, label: 'results import', createdAt: '2025-06-01T09:00:00.000Z', revokedAt: null },
      ]);

      expect((await organizer.delete(`/api/auth/tokens/${created.body.id}`)).status).toBe(204);
      const refused = await script.get('/api/auth/me');
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('bad-token');
    });

    it("refuses the token of an account once it is disabled, and answers the holder's current roles until then", async () => {
      const made = await organizer.post('/api/accounts', {
        username: 'token-holder',
        displayName: 'Holder',
        roles: ['judge'],
        password: 'token-holder-pass',
      });
      const holder = server.client();
      await holder.login('token-holder', 'token-holder-pass');
      const script = new HttpClient(server.url).useToken(
        (await holder.post('/api/auth/tokens', { label: 'x' })).body.token,
      );
      await organizer.patch(`/api/accounts/${made.body.account.id}`, { roles: ['scorekeeper'] });
      expect((await script.get('/api/auth/me')).body).toMatchObject({
        account: { username: 'token-holder', roles: ['scorekeeper'] },
        via: 'token',
      });
      await organizer.patch(`/api/accounts/${made.body.account.id}`, { disabled: true });
      const refused = await script.get('/api/auth/me');
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('bad-token');
    });

    it('answers 401 for a malformed Authorization header', async () => {
      const answer = await server.client().get('/api/auth/me', { headers: { authorization: 'Basic abc' } });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('bad-token');
    });
  });

  describe('staff accounts', () => {
    it('names the field of a schema error, in both languages', async () => {
      const answer = await organizer.post('/api/accounts', {
        username: 'ok-name',
        displayName: 'x',
        roles: ['wizard'],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid-request');
      expect(answer.body.path).toBe('body.roles[0]');
      expect(answer.body.message).toMatch(/^body\.roles\[0\]: Invalid option/);
      expect(answer.body.messageJa).toMatch(/^body\.roles\[0\]: 無効な選択/);
      const extra = await organizer.post('/api/accounts', {
        username: 'ok-name',
        displayName: 'x',
        roles: ['judge'],
        admin: true,
      });
      expect(extra.body.path).toBe('body.admin');
    });

    it('refuses a taken username with 409', async () => {
      const answer = await organizer.post('/api/accounts', {
        username: 'Organizer',
        displayName: 'x',
        roles: ['judge'],
        password: 'long-enough-pass',
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'username-taken', path: 'body.username' });
    });

    it('disables an account: its sessions end and it cannot log in', async () => {
      const made = await organizer.post('/api/accounts', {
        username: 'leaving',
        displayName: 'x',
        roles: ['judge'],
        password: 'leaving-password',
      });
      const leaving = server.client();
      await leaving.login('leaving', 'leaving-password');
      expect(
        (await organizer.patch(`/api/accounts/${made.body.account.id}`, { disabled: true })).body.account.disabled,
      ).toBe(true);
      expect((await leaving.get('/api/auth/me')).body).toEqual({ account: null });
      expect(
        (await server.client().post('/api/auth/login', { username: 'leaving', password: 'leaving-password' })).status,
      ).toBe(401);
    });

    it('keeps the organizer from locking themselves out', async () => {
      const me = await organizer.get('/api/auth/me');
      const answer = await organizer.patch(`/api/accounts/${me.body.account.id}`, { roles: ['judge'] });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('self-lockout');
    });

    it('resets a password to a new one-time password', async () => {
      const made = await organizer.post('/api/accounts', {
        username: 'forgetful',
        displayName: 'x',
        roles: ['scorekeeper'],
        password: 'forgotten-password',
      });
      const reset = await organizer.post(`/api/accounts/${made.body.account.id}/password-reset`);
      expect(reset.status).toBe(200);
      expect(
        (await server.client().post('/api/auth/login', { username: 'forgetful', password: 'forgotten-password' }))
          .status,
      ).toBe(401);
      const login = await server
        .client()
        .post('/api/auth/login', { username: 'forgetful', password: reset.body.oneTimePassword });
      expect(login.body.account.mustChangePassword).toBe(true);
    });
  });

  describe('errors and documents', () => {
    it('answers unknown API paths with JSON 404', async () => {
      const answer = await server.client().get('/api/nothing-here');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        code: 'not-found',
        message: 'No route GET /api/nothing-here.',
        messageJa: 'GET /api/nothing-here というルートはありません。',
      });
    });

    it('serves an OpenAPI document built from the same schemas', async () => {
      const answer = await server.client().get('/api/openapi.json');
      expect(answer.status).toBe(200);
      expect(answer.body.openapi).toBe('3.0.3');
      const login = answer.body.paths['/api/auth/login'].post;
      const schema = login.requestBody.content['application/json'].schema;
      expect(schema.required).toEqual(['username', 'password']);
      expect(schema.additionalProperties).toBe(false);
      const create = answer.body.paths['/api/accounts'].post.requestBody.content['application/json'].schema;
      expect(create.properties.roles.items.enum).toEqual(['organizer', 'head-judge', 'judge', 'scorekeeper']);
      expect(answer.body.paths['/api/openapi.json']).toBeUndefined();
    });
  });
});
