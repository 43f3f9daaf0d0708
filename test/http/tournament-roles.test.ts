import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './support/http-client.js';
import { SseClient } from './support/sse-client.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Staff roles per tournament: on a server hosting many organizers' events, an account may hold
 * its roles only for given tournaments. It acts there with those roles, and on any other
 * tournament it is refused (403) and sees only what the public sees.
 */

for (const { name, kind } of await storeKinds()) {
  describe(`staff roles per tournament (${name})`, () => {
    let server: TestServer;
    let staff: Staff;
    let scoped: HttpClient;

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      await tournamentWithPlayers(staff, 'kanto');
      await tournamentWithPlayers(staff, 'kansai');
      const created = await staff.organizer.post('/api/accounts', {
        username: 'kanto-org',
        displayName: '関東の主催者',
        roles: [],
        tournamentRoles: { kanto: ['organizer', 'judge'] },
        password: 'kanto-org-password',
      });
      expect(created.status).toBe(201);
      expect(created.body.account).toMatchObject({ roles: [], tournamentRoles: { kanto: ['organizer', 'judge'] } });
      scoped = server.client();
      expect((await scoped.login('kanto-org', 'kanto-org-password')).status).toBe(200);
    }, 60_000);

    afterAll(async () => {
      await server?.close();
    });

    it('acts on its own tournament in the role it holds there', async () => {
      const answer = await scoped.post('/api/tournaments/kanto/players', { id: '0000000011', name: '不動遊星' });
      expect(answer.status).toBe(201);
      expect(answer.body.events[0]).toMatchObject({ type: 'PlayerRegistered', actor: 'kanto-org' });
      const paired = await scoped.post('/api/tournaments/kanto/rounds', { round: 1 });
      expect(paired.status).toBe(201);
    });

    it('is refused on another organizer\u2019s tournament, and writes nothing there', async () => {
      const before = (await staff.public.get('/api/tournaments/kansai')).body.version as number;
      const register = await scoped.post('/api/tournaments/kansai/players', { id: '0000000012', name: '十六夜アキ' });
      expect(register.status).toBe(403);
      expect(register.body.code).toBe('forbidden');
      const pair = await scoped.post('/api/tournaments/kansai/rounds', { round: 1 });
      expect(pair.status).toBe(403);
      expect((await staff.public.get('/api/tournaments/kansai')).body.version).toBe(before);
    });

    it('cannot create tournaments, which needs a role on every tournament; sees only its own tournament\u2019s staff', async () => {
      const create = await scoped.post('/api/tournaments', {
        id: 'tohoku',
        name: '東北',
        date: '2025-06-01',
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      });
      expect(create.status).toBe(403);
      const accounts = await scoped.get('/api/accounts');
      expect(accounts.status).toBe(200);
      expect(accounts.body.accounts.map((a: { username: string }) => a.username)).toEqual(['kanto-org']);
    });

    it('sees another tournament\u2019s live stream as the public does', async () => {
      const cookie = ['shinpan_session', 'shinpan_csrf']
        .map((n) => (scoped.cookie(n) ? `${n}=${scoped.cookie(n)}` : ''))
        .filter(Boolean)
        .join('; ');
      const own = await SseClient.open(`${server.url}/api/tournaments/kanto/live`, { cookie });
      const other = await SseClient.open(`${server.url}/api/tournaments/kansai/live`, { cookie });
      try {
        expect((await own.next((e) => e.event === 'hello')).data.audience).toBe('staff');
        expect((await other.next((e) => e.event === 'hello')).data.audience).toBe('public');
      } finally {
        await own.close();
        await other.close();
      }
    });

    it('refuses an account with no role anywhere, and keeps scoped roles through a change', async () => {
      const none = await staff.organizer.post('/api/accounts', {
        username: 'nobody',
        displayName: 'Nobody',
        roles: [],
        password: 'nobody-password-1',
      });
      expect(none.status).toBe(422);
      expect(none.body.code).toBe('no-roles');
      const accounts = (await staff.organizer.get('/api/accounts')).body.accounts as { id: string; username: string }[];
      const id = accounts.find((a) => a.username === 'kanto-org')!.id;
      const changed = await staff.organizer.patch(`/api/accounts/${id}`, {
        tournamentRoles: { kanto: ['scorekeeper'], kansai: ['judge'] },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.account.tournamentRoles).toEqual({ kanto: ['scorekeeper'], kansai: ['judge'] });
      expect((await staff.organizer.patch(`/api/accounts/${id}`, { tournamentRoles: {} })).status).toBe(422);
    });
  });
}
