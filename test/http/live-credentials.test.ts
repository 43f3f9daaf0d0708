import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { SseClient } from './support/sse-client.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// A judge's stream carries penalties and their reasons: it must not outlive the credential it was opened with.
describe.each(await storeKinds())('live streams and credentials on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'kanto');
    await tournamentWithPlayers(staff, 'kansai');
  });
  afterAll(async () => server.close());

  /** A fresh judge account, logged in with a session. */
  async function judge(): Promise<{ id: string; username: string; client: HttpClient }> {
    const username = `live-judge-${counter++}`;
    const created = await staff.organizer.post('/api/accounts', {
      username,
      displayName: username,
      roles: ['judge'],
      password: `${username}-pass`,
    });
    expect(created.status).toBe(201);
    const client = server.client();
    await client.login(username, `${username}-pass`);
    return { id: created.body.account.id, username, client };
  }

  async function staffStream(headers: Record<string, string>): Promise<SseClient> {
    const stream = await SseClient.open(`${server.url}/api/tournaments/kanto/live`, headers);
    const hello = await stream.next((e) => e.event === 'hello');
    expect(hello.data.audience).toBe('staff');
    return stream;
  }

  const sessionOf = (client: HttpClient) => ({ cookie: `shinpan_session=${client.cookie('shinpan_session')}` });

  it('ends a session stream at logout', async () => {
    const { client } = await judge();
    const stream = await staffStream(sessionOf(client));
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    await stream.ended();
  });

  it('ends a token stream when the token is revoked', async () => {
    const { client } = await judge();
    const created = await client.post('/api/auth/tokens', { label: 'scoreboard' });
    const stream = await staffStream({ authorization: `Bearer ${created.body.token}` });
    expect((await client.delete(`/api/auth/tokens/${created.body.id}`)).status).toBe(204);
    await stream.ended();
  });

  it('ends the streams of a disabled account and of one whose roles changed', async () => {
    const disabled = await judge();
    const demoted = await judge();
    const first = await staffStream(sessionOf(disabled.client));
    const second = await staffStream(sessionOf(demoted.client));
    expect((await staff.organizer.patch(`/api/accounts/${disabled.id}`, { disabled: true })).status).toBe(200);
    await first.ended();
    expect((await staff.organizer.patch(`/api/accounts/${demoted.id}`, { roles: ['scorekeeper'] })).status).toBe(200);
    await second.ended();
  });

  it('ends every session and token, and their streams, when the password changes', async () => {
    const { client, username } = await judge();
    const token = await client.post('/api/auth/tokens', { label: 'script' });
    const phone = server.client();
    await phone.login(username, `${username}-pass`);
    const sessionStream = await staffStream(sessionOf(phone));
    const tokenStream = await staffStream({ authorization: `Bearer ${token.body.token}` });
    const changed = await client.post('/api/auth/password', {
      currentPassword: `${username}-pass`,
      newPassword: 'a-brand-new-pass',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.tokensRevoked).toBe(1);
    await sessionStream.ended();
    await tokenStream.ended();
    expect((await new HttpClient(server.url).useToken(token.body.token).get('/api/auth/tokens')).status).toBe(401);
    // The session that changed the password goes on with its new cookie.
    expect((await client.get('/api/auth/tokens')).status).toBe(200);
  });

  /** A fresh account holding `roles` on kanto only, logged in with a session. */
  async function scopedJudge(): Promise<{ id: string; client: HttpClient }> {
    const username = `kanto-judge-${counter++}`;
    const created = await staff.organizer.post('/api/accounts', {
      username,
      displayName: username,
      roles: [],
      tournamentRoles: { kanto: ['judge'] },
      password: `${username}-pass`,
    });
    expect(created.status).toBe(201);
    const client = server.client();
    await client.login(username, `${username}-pass`);
    return { id: created.body.account.id, client };
  }

  it('ends the stream of an account whose role on that tournament was taken away; it comes back as the public', async () => {
    const { id, client } = await scopedJudge();
    const stream = await staffStream(sessionOf(client));
    const moved = await staff.organizer.patch(`/api/accounts/${id}`, { tournamentRoles: { kansai: ['judge'] } });
    expect(moved.status).toBe(200);
    await stream.ended();
    expect((await client.get('/api/tournaments/kanto/penalties')).status).toBe(403);
    const again = await SseClient.open(`${server.url}/api/tournaments/kanto/live`, sessionOf(client));
    expect((await again.next((e) => e.event === 'hello')).data.audience).toBe('public');
    await again.close();
  });

  it('ends the stream when a role is added or changed on that tournament, and keeps it for a change elsewhere', async () => {
    const { id, client } = await scopedJudge();
    const kept = await staffStream(sessionOf(client));
    // Roles on another tournament do not change what this stream may see.
    const elsewhere = await staff.organizer.patch(`/api/accounts/${id}`, {
      tournamentRoles: { kanto: ['judge'], kansai: ['scorekeeper'] },
    });
    expect(elsewhere.status).toBe(200);
    const late = await staff.scorekeeper.post('/api/tournaments/kanto/players', {
      id: `70000000${String(counter++).padStart(2, '0')}`,
      name: 'Still here',
    });
    expect(late.status).toBe(201);
    expect((await kept.next((e) => e.event === 'events' && e.data.version === late.body.version)).data.version).toBe(
      late.body.version,
    );
    const changed = await staff.organizer.patch(`/api/accounts/${id}`, {
      tournamentRoles: { kanto: ['scorekeeper'], kansai: ['scorekeeper'] },
    });
    expect(changed.status).toBe(200);
    await kept.ended();
  });

  it('ends a stream whose per-tournament role was taken away elsewhere (another server process) within the periodic check', async () => {
    const { id, client } = await scopedJudge();
    const stream = await staffStream(sessionOf(client));
    const { openAccountStore } = await import('../../src/adapters/accounts/open-account-store.js');
    const other = await openAccountStore(server.database);
    await other.updateAccount(id, { tournamentRoles: { kansai: ['judge'] } });
    await other.close();
    await stream.ended();
  });

  it('ends a stream whose credential was revoked elsewhere (another server process) within the periodic check', async () => {
    const { client } = await judge();
    const stream = await staffStream(sessionOf(client));
    // Straight in the store, as another process behind the same database would: no route of this server sees it.
    const { openAccountStore } = await import('../../src/adapters/accounts/open-account-store.js');
    const other = await openAccountStore(server.database);
    const me = await client.get('/api/auth/me');
    await other.deleteSessionsOf(me.body.account.id);
    await other.close();
    await stream.ended();
  });

  it('does not read a whole log for an old Last-Event-ID: far behind, a stream gets hello only', async () => {
    const players = Array.from({ length: 600 }, (_, i) => ({
      id: `9${String(i).padStart(9, '0')}`,
      name: `Player ${i}`,
    }));
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'big',
      name: 'Big',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const imported = await staff.scorekeeper.post('/api/tournaments/big/players/import', { players });
    expect(imported.status).toBe(201);
    const stream = await SseClient.open(`${server.url}/api/tournaments/big/live`, { 'last-event-id': '0' });
    const hello = await stream.next((e) => e.event === 'hello');
    expect(hello.data.version).toBe(imported.body.version);
    const late = await staff.scorekeeper.post('/api/tournaments/big/players', { id: '8000000001', name: 'Late' });
    expect(late.status).toBe(201);
    const first = await stream.next((e) => e.event === 'events');
    // The first events frame is the new write, not a catch-up of the 601 events before it.
    expect(first.data.version).toBe(late.body.version);
    await stream.close();

    // A near reconnect still catches up.
    const near = await SseClient.open(`${server.url}/api/tournaments/big/live`, {
      'last-event-id': String(imported.body.version),
    });
    const caughtUp = await near.next((e) => e.event === 'events');
    expect(caughtUp.data.version).toBe(late.body.version);
    await near.close();
  });
});
