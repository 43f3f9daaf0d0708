import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, HttpClient } from './support/http-client.js';
import { SseClient } from './support/sse-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Staff of tournament A see tournament B as the public does. Every route of the OpenAPI document
 * is called by each per-tournament account of A (one per role, and one holding all four) on B,
 * which has staff-only data (a check-in by a judge, a player's report, a penalty with notes): the
 * answer must be the public's (a 401 of the public is a 403 for them), and B must not change.
 * The routes are read from the document, so a route added later is walked too.
 */

const OWN = 'kanto';
const OTHER = 'kansai';
const MARKER = 'staff-only-marker-7f3a';
const ROLES = ['organizer', 'head-judge', 'judge', 'scorekeeper'] as const;
const [P1, P2] = [PLAYERS[0].id, PLAYERS[1].id];

/**
 * Routes about the caller's own account or session, or a tool that reads no tournament: their
 * answers depend on who asks, not on B. The accounts' scope has its own test below and in
 * tournament-roles.test.ts; logging out or changing the password would end the walk's session.
 */
const ABOUT_THE_CALLER = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'GET /api/auth/me',
  'GET /api/auth/tokens',
  'POST /api/auth/tokens',
  'DELETE /api/auth/tokens/{tokenId}',
  'GET /api/accounts',
  'POST /api/accounts',
  'PATCH /api/accounts/{accountId}',
  'POST /api/accounts/{accountId}/password-reset',
  'POST /api/decks/check',
]);

for (const { name, kind } of await storeKinds()) {
  describe(`staff of another tournament see it as the public does (${name})`, () => {
    let server: TestServer;
    let staff: Staff;
    const scoped = new Map<string, HttpClient>();
    let routes: { method: string; path: string }[] = [];
    let penaltyId = '';
    let otherAccountId = '';

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      await tournamentWithPlayers(staff, OWN);
      await tournamentWithPlayers(staff, OTHER);
      const t = `/api/tournaments/${OTHER}`;
      expect((await staff.judge.post(`${t}/players/${P1}/check-in`, {})).status).toBe(200);
      const reporting = await staff.organizer.request('PUT', `${t}/player-reporting`, { body: { enabled: true } });
      expect(reporting.status).toBe(200);
      const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
      expect(paired.status).toBe(201);
      const [match] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
      const reporter = match!.players[0];
      const code = (await staff.scorekeeper.get(`${t}/players/${reporter}/slip`)).body.code as string;
      const report = { code, round: 1, table: match!.table, duels: [reporter, reporter] };
      expect((await staff.public.post(`${t}/players/${reporter}/result`, report)).status).toBe(200);
      const penalty = await staff.judge.post(`${t}/penalties`, {
        player: P2,
        report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
        choice: { kind: 'guideline' },
        notes: MARKER,
      });
      expect(penalty.status, JSON.stringify(penalty.body)).toBe(201);
      penaltyId = String(penalty.body.penalty.penaltyId);
      const other = await staff.organizer.post('/api/accounts', {
        username: 'kansai-judge',
        displayName: 'kansai-judge',
        roles: [],
        tournamentRoles: { [OTHER]: ['judge'] },
        password: 'kansai-judge-password',
      });
      otherAccountId = other.body.account.id;
      const accounts: [string, string[]][] = [...ROLES.map((r): [string, string[]] => [r, [r]]), ['all', [...ROLES]]];
      for (const [label, roles] of accounts) {
        const username = `${OWN}-${label}`;
        const created = await staff.organizer.post('/api/accounts', {
          username,
          displayName: username,
          roles: [],
          tournamentRoles: { [OWN]: roles },
          password: `${username}-password`,
        });
        expect(created.status).toBe(201);
        const client = server.client();
        await client.login(username, `${username}-password`);
        scoped.set(label, client);
      }
      const doc = await staff.public.get('/api/openapi.json');
      routes = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })),
      );
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    const fill = (path: string): string =>
      path
        .replace('{tournamentId}', OTHER)
        .replace('{playerId}', P1)
        .replace('{round}', '1')
        .replace('{table}', '1')
        .replace('{penaltyId}', penaltyId)
        .replace('{accountId}', otherAccountId)
        .replace(/\{\w+\}/g, 'x');

    const call = (client: HttpClient, method: string, path: string): Promise<Answer> =>
      client.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: {} });

    const cookieOf = (client: HttpClient): string =>
      ['shinpan_session', 'shinpan_csrf'].map((n) => `${n}=${client.cookie(n)}`).join('; ');

    it('walks the whole OpenAPI document', () => {
      expect(routes.length).toBeGreaterThan(50);
      expect(routes.filter((r) => r.path.includes('{tournamentId}')).length).toBeGreaterThan(40);
    });

    for (const label of [...ROLES, 'all']) {
      it(`an account holding ${label === 'all' ? 'every role' : `the ${label} role`} on ${OWN} gets the public's answers on ${OTHER}`, async () => {
        const client = scoped.get(label)!;
        const before = (await staff.public.get(`/api/tournaments/${OTHER}`)).body.version as number;
        const differences: string[] = [];
        for (const route of routes) {
          const key = `${route.method} ${route.path}`;
          if (ABOUT_THE_CALLER.has(key)) continue;
          const path = fill(route.path);
          if (route.path.endsWith('/live')) {
            const stream = await SseClient.open(`${server.url}${path}`, { cookie: cookieOf(client) });
            const hello = await stream.next((e) => e.event === 'hello');
            await stream.close();
            if (hello.data.audience !== 'public') differences.push(`${key}: audience ${hello.data.audience}`);
            continue;
          }
          const theirs = await call(client, route.method, path);
          const publics = await call(staff.public, route.method, path);
          const text = typeof theirs.body === 'string' ? theirs.body : JSON.stringify(theirs.body);
          if (text.includes(MARKER)) differences.push(`${key}: the penalty's notes`);
          if (publics.status === 401) {
            if (theirs.status !== 403) differences.push(`${key}: ${theirs.status}, not 403`);
          } else if (theirs.status !== publics.status || text !== JSON.stringify(publics.body)) {
            if (typeof publics.body !== 'string' || theirs.body !== publics.body)
              differences.push(`${key}: ${theirs.status} ${text.slice(0, 200)} ≠ public ${publics.status}`);
          }
        }
        expect(differences).toEqual([]);
        expect((await staff.public.get(`/api/tournaments/${OTHER}`)).body.version).toBe(before);
      }, 120_000);
    }

    it(`an organizer of ${OWN} neither lists nor changes an account of ${OTHER}`, async () => {
      const organizer = scoped.get('organizer')!;
      const listed = await organizer.get('/api/accounts');
      expect(listed.status).toBe(200);
      expect(listed.body.accounts.map((a: { id: string }) => a.id)).not.toContain(otherAccountId);
      expect((await organizer.patch(`/api/accounts/${otherAccountId}`, { displayName: 'x' })).status).toBe(404);
      expect((await organizer.post(`/api/accounts/${otherAccountId}/password-reset`)).status).toBe(404);
    });

    it(`staff of ${OTHER} do see its staff data (the walk compares against something real)`, async () => {
      const t = `/api/tournaments/${OTHER}`;
      const checkIns = await staff.judge.get(`${t}/check-ins`);
      expect(checkIns.status).toBe(200);
      expect(checkIns.body.players[0].checkedIn.by).toBe('judge');
      const reports = await staff.judge.get(`${t}/rounds/1/tables/1/player-reports`);
      expect(reports.status).toBe(200);
      expect(reports.body.history.length).toBe(1);
      expect(JSON.stringify((await staff.judge.get(`${t}/penalties`)).body)).toContain(MARKER);
    });
  });
}
