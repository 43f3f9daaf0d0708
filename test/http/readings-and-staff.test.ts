import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Readings (フリガナ) through the API on both stores, and the staff account life cycle the
 * console's staff screen drives: a disabled account cannot sign in, its sessions and API
 * tokens stop working, and re-enabled it signs in again.
 */

for (const { name, kind } of await storeKinds()) {
  describe(`readings and staff accounts (${name})`, () => {
    let server: TestServer;
    let staff: Staff;

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      const created = await staff.organizer.post('/api/tournaments', {
        id: 'yomi',
        name: 'フリガナ杯',
        date: '2025-06-01',
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      });
      expect(created.status).toBe(201);
      const other = await staff.organizer.post('/api/tournaments', {
        id: 'other',
        name: '別の主催者の大会',
        date: '2025-06-01',
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      });
      expect(other.status).toBe(201);
    }, 60_000);
    afterAll(async () => server?.close());

    it('registers a player with a reading, lists it, and puts it on the pairings and slip', async () => {
      const one = await staff.scorekeeper.post('/api/tournaments/yomi/players', {
        id: '0000000101',
        name: '東海林 純',
        reading: 'ショウジ ジュン',
      });
      expect(one.status).toBe(201);
      expect(one.body.player).toEqual({ id: '0000000101', name: '東海林 純', reading: 'ショウジ ジュン' });
      const imported = await staff.scorekeeper.post('/api/tournaments/yomi/players/import', {
        csv: 'ID,氏名,フリガナ\n0000000102,阿部 一郎,あべ いちろう\n0000000103,Smith John,\n0000000104,伊藤 花子,ｲﾄｳ ﾊﾅｺ\n',
      });
      expect(imported.status).toBe(201);
      const list = await staff.public.get('/api/tournaments/yomi/players');
      expect(list.body.players.map((p: { reading?: string }) => p.reading ?? null)).toEqual([
        'ショウジ ジュン',
        'あべ いちろう',
        null,
        'ｲﾄｳ ﾊﾅｺ',
      ]);
      const slip = await staff.scorekeeper.get('/api/tournaments/yomi/players/0000000102/slip');
      expect(slip.body.player).toEqual({ id: '0000000102', name: '阿部 一郎', reading: 'あべ いちろう' });
      expect((await staff.scorekeeper.post('/api/tournaments/yomi/rounds', { round: 1 })).status).toBe(201);
      const pairings = await staff.public.get('/api/tournaments/yomi/rounds/1/pairings');
      const readings = pairings.body.tables.flatMap((t: { players: { reading?: string }[] }) =>
        t.players.map((p) => p.reading ?? null),
      );
      expect(readings.sort()).toEqual([null, 'あべ いちろう', 'ショウジ ジュン', 'ｲﾄｳ ﾊﾅｺ'].sort());
      // The standings rows carry it too, and no reading key where none was given.
      const standings = await staff.public.get('/api/tournaments/yomi/standings');
      const byId = new Map(
        (standings.body.standings as { player: string; reading?: string }[]).map((r) => [r.player, r]),
      );
      expect(byId.get('0000000101')?.reading).toBe('ショウジ ジュン');
      expect(byId.get('0000000104')?.reading).toBe('ｲﾄｳ ﾊﾅｺ');
      expect(byId.get('0000000103')).not.toHaveProperty('reading');
    });

    it('refuses a reading that is not kana: the field on a registration, the line on a CSV, nothing written', async () => {
      const before = (await staff.public.get('/api/tournaments/yomi')).body.version as number;
      const bad = await staff.scorekeeper.post('/api/tournaments/yomi/players', {
        id: '0000000109',
        name: '山田',
        reading: '山田',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.path).toBe('body.reading');
      expect(bad.body.message).toContain('is not kana');
      expect(bad.body.messageJa).toContain('かなではありません');
      const csv = await staff.scorekeeper.post('/api/tournaments/yomi/players/import', {
        csv: 'id,name,reading\n0000000110,上田,うえだ\n0000000111,大野,Ohno\n',
      });
      expect(csv.status).toBe(400);
      expect(csv.body.message).toMatch(/^body\.csv line 3: reading: /);
      expect((await staff.public.get('/api/tournaments/yomi')).body.version).toBe(before);
    });

    it('refuses a name that shows nothing (U+3164, U+2800): the field on a registration, the line on a CSV', async () => {
      const before = (await staff.public.get('/api/tournaments/yomi')).body.version as number;
      for (const name of ['\u3164', '\u2800 \u200B']) {
        const bad = await staff.scorekeeper.post('/api/tournaments/yomi/players', { id: '0000000120', name });
        expect([bad.status, bad.body.path]).toEqual([400, 'body.name']);
        expect(bad.body.message).toMatch(/show nothing \(such as U\+(3164|2800)\)/);
      }
      const csv = await staff.scorekeeper.post('/api/tournaments/yomi/players/import', {
        csv: 'id,name\n0000000121,上田\n0000000122,\u3164\n',
      });
      expect(csv.status).toBe(400);
      expect(csv.body.message).toMatch(/^body\.csv line 3: name is only spaces and characters that show nothing/);
      expect((await staff.public.get('/api/tournaments/yomi')).body.version).toBe(before);
    });

    it('corrects a reading after registration, and refuses one that is not kana', async () => {
      const path = '/api/tournaments/yomi/players/0000000103/details';
      const added = await staff.scorekeeper.post(path, { reading: 'スミス ジョン' });
      expect(added.status).toBe(200);
      expect(added.body.events[0]).toMatchObject({
        type: 'PlayerDetailsChanged',
        data: { player: '0000000103', reading: 'スミス ジョン' },
      });
      const list = await staff.public.get('/api/tournaments/yomi/players');
      expect(list.body.players.find((p: { id: string }) => p.id === '0000000103').reading).toBe('スミス ジョン');
      const standingsRow = async () =>
        (await staff.public.get('/api/tournaments/yomi/standings')).body.standings.find(
          (r: { player: string }) => r.player === '0000000103',
        );
      expect((await standingsRow()).reading).toBe('スミス ジョン');
      const bad = await staff.scorekeeper.post(path, { reading: 'Smith' });
      expect(bad.status).toBe(400);
      expect(bad.body.path).toBe('body.reading');
      expect((await staff.judge.post(path, { reading: 'すみす' })).status).toBe(403);
      const empty = await staff.scorekeeper.post(path, {});
      expect(empty.status).toBe(400);
      expect(empty.body.messageJa).toContain('氏名かフリガナ');
      const removed = await staff.scorekeeper.post(path, { reading: null });
      expect(removed.status).toBe(200);
      const again = await staff.public.get('/api/tournaments/yomi/players');
      expect(again.body.players.find((p: { id: string }) => p.id === '0000000103').reading).toBeUndefined();
      expect(await standingsRow()).not.toHaveProperty('reading');
    });

    it('documents the reading in the OpenAPI document', async () => {
      const doc = await staff.public.get('/api/openapi.json');
      const body = doc.body.paths['/api/tournaments/{tournamentId}/players'].post.requestBody.content[
        'application/json'
      ].schema as { properties: Record<string, { description?: string }> };
      expect(body.properties.reading?.description).toMatch(/フリガナ/);
    });

    it('disables an account: no sign-in, its session and API token stop; re-enabled it signs in again', async () => {
      const made = await staff.organizer.post('/api/accounts', {
        username: 'away',
        displayName: '休み中の審判',
        roles: [],
        tournamentRoles: { yomi: ['judge'] },
        password: 'away-password-1',
      });
      expect(made.status).toBe(201);
      const id = made.body.account.id as string;
      const session = server.client();
      expect((await session.login('away', 'away-password-1')).status).toBe(200);
      const minted = await session.post('/api/auth/tokens', { label: 'script' });
      expect(minted.status).toBe(201);
      const script = new HttpClient(server.url).useToken(minted.body.token);
      expect((await script.get('/api/auth/me')).body.account.username).toBe('away');

      const disabled = await staff.organizer.patch(`/api/accounts/${id}`, { disabled: true });
      expect(disabled.body.account.disabled).toBe(true);
      expect((await session.get('/api/auth/me')).body).toEqual({ account: null });
      expect((await script.get('/api/auth/me')).status).toBe(401);
      expect(
        (await server.client().post('/api/auth/login', { username: 'away', password: 'away-password-1' })).status,
      ).toBe(401);

      expect((await staff.organizer.patch(`/api/accounts/${id}`, { disabled: false })).body.account.disabled).toBe(
        false,
      );
      const again = server.client();
      expect((await again.login('away', 'away-password-1')).status).toBe(200);
      expect((await again.get('/api/auth/me')).body.account.tournamentRoles).toEqual({ yomi: ['judge'] });
    });

    it('lets an organizer of one tournament read its penalty log and exports, not another one\u2019s, nor manage staff', async () => {
      const made = await staff.organizer.post('/api/accounts', {
        username: 'yomi-org',
        displayName: 'フリガナ杯の主催者',
        roles: [],
        tournamentRoles: { yomi: ['organizer'] },
        password: 'yomi-organizer-1',
      });
      expect(made.status).toBe(201);
      const scoped = server.client();
      expect((await scoped.login('yomi-org', 'yomi-organizer-1')).status).toBe(200);
      expect((await scoped.get('/api/tournaments/yomi/penalties')).status).toBe(200);
      const csv = await scoped.get('/api/tournaments/yomi/export?format=standings.csv&lang=en');
      expect(csv.status).toBe(200);
      expect((await scoped.get('/api/tournaments/other/penalties')).status).toBe(403);
      expect((await scoped.get('/api/tournaments/other/export?format=penalties.csv')).status).toBe(403);
      const id = made.body.account.id as string;
      expect((await scoped.patch(`/api/accounts/${id}`, { tournamentRoles: { other: ['organizer'] } })).status).toBe(
        403,
      );
    });

    it('lets an organizer of one tournament manage that tournament\u2019s staff and nobody else\u2019s', async () => {
      const scoped = server.client();
      expect((await scoped.login('yomi-org', 'yomi-organizer-1')).status).toBe(200);
      // An account holding roles in both tournaments, made by the organizer for every tournament.
      const both = await staff.organizer.post('/api/accounts', {
        username: 'both-judge',
        displayName: '両方の審判',
        roles: [],
        tournamentRoles: { yomi: ['judge'], other: ['head-judge'] },
        password: 'both-judge-password',
      });
      const otherOnly = await staff.organizer.post('/api/accounts', {
        username: 'other-judge',
        displayName: '別大会の審判',
        roles: [],
        tournamentRoles: { other: ['judge'] },
        password: 'other-judge-password',
      });
      const seen = (await scoped.get('/api/accounts')).body.accounts as { username: string; tournamentRoles: object }[];
      expect(seen.map((a) => a.username).sort()).toEqual(['away', 'both-judge', 'yomi-org']);
      expect(seen.find((a) => a.username === 'both-judge')?.tournamentRoles).toEqual({ yomi: ['judge'] });

      // Creating: only with roles in its own tournament.
      const made = await scoped.post('/api/accounts', {
        username: 'yomi-judge',
        displayName: 'フリガナ杯の審判',
        roles: [],
        tournamentRoles: { yomi: ['judge'] },
      });
      expect(made.status).toBe(201);
      expect(made.body.oneTimePassword).toEqual(expect.any(String));
      for (const body of [
        { username: 'x-global', displayName: 'x', roles: ['judge'] },
        { username: 'x-other', displayName: 'x', roles: [], tournamentRoles: { other: ['judge'] } },
      ])
        expect((await scoped.post('/api/accounts', body)).status).toBe(403);

      // Changing roles in its tournament keeps the other tournament's; global roles and the other tournament are refused.
      const bothId = both.body.account.id as string;
      const changed = await scoped.patch(`/api/accounts/${bothId}`, { tournamentRoles: { yomi: ['scorekeeper'] } });
      expect(changed.status).toBe(200);
      expect(changed.body.account.tournamentRoles).toEqual({ yomi: ['scorekeeper'] });
      const full = (await staff.organizer.get('/api/accounts')).body.accounts.find(
        (a: { id: string }) => a.id === bothId,
      );
      expect(full.tournamentRoles).toEqual({ other: ['head-judge'], yomi: ['scorekeeper'] });
      expect((await scoped.patch(`/api/accounts/${bothId}`, { roles: [] })).status).toBe(403);
      // An account that also works elsewhere is not this organizer's to reset or disable; one wholly theirs is.
      expect((await scoped.post(`/api/accounts/${bothId}/password-reset`)).status).toBe(403);
      expect((await scoped.patch(`/api/accounts/${bothId}`, { disabled: true })).status).toBe(403);
      const mine = made.body.account.id as string;
      expect((await scoped.post(`/api/accounts/${mine}/password-reset`)).status).toBe(200);
      expect((await scoped.patch(`/api/accounts/${mine}`, { disabled: true })).body.account.disabled).toBe(true);
      // Another tournament's staff are not even found.
      const otherId = otherOnly.body.account.id as string;
      expect((await scoped.patch(`/api/accounts/${otherId}`, { tournamentRoles: { yomi: ['judge'] } })).status).toBe(
        404,
      );
      expect((await scoped.post(`/api/accounts/${otherId}/password-reset`)).status).toBe(404);
      // Nor can it drop its own organizer role there.
      const me = (await scoped.get('/api/auth/me')).body.account.id as string;
      expect((await scoped.patch(`/api/accounts/${me}`, { tournamentRoles: { yomi: ['judge'] } })).body.code).toBe(
        'self-lockout',
      );
      // A judge manages nobody.
      expect((await staff.judge.get('/api/accounts')).status).toBe(403);
    });
  });
}
