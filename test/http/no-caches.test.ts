import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServer, type OpenedServer } from '../../src/adapters/http/open-server.js';
import { HttpClient } from './support/http-client.js';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * SHINPAN_NO_CACHES=1 (`caches: false`) turns off every cache and pacing, so a defect can be
 * bisected (docs/concurrency.md). With them off, nothing answers a read from what a process
 * kept: two servers on one database answer another's write, a revoked token and the public's
 * views of the current round on the very next request, where with caches they may lag by the
 * time each cache states.
 */

describe.each(await storeKinds())('every cache off, on $name', ({ kind }) => {
  let server: TestServer;
  let other: OpenedServer;
  let staff: Staff;
  let onOther: HttpClient;
  let otherUrl: string;

  beforeAll(async () => {
    // A public view of the current round would be answered for a second after it was made, were caches on.
    server = await startTestServer(kind, { caches: false, recentViewMs: 1_000 });
    staff = await staffOf(server);
    other = await openServer({
      database: server.database,
      clock: server.clock.read,
      secret: 'test-secret-0123456789abcdef',
      heartbeatMs: 60_000,
      webRoot: null,
      caches: false,
    });
    otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await staff.organizer.post('/api/auth/tokens', { label: 'other process' })).body.token as string;
    onOther = new HttpClient(otherUrl).useToken(token);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it('answers another process’s writes on the next read: the list, the players, the public board', async () => {
    const created = await onOther.post('/api/tournaments', {
      id: 'nc',
      name: '大会 nc',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const list = async () =>
      ((await staff.public.get('/api/tournaments')).body.tournaments as { id: string; players: number }[]).map((t) => [
        t.id,
        t.players,
      ]);
    expect(await list()).toEqual([['nc', 0]]);
    for (const [id, name] of [
      ['0000000001', '遊城十代'],
      ['0000000002', '丸藤亮'],
    ])
      expect((await onOther.post('/api/tournaments/nc/players', { id, name })).status).toBe(201);
    expect(await list()).toEqual([['nc', 2]]);
    const players = await staff.organizer.get('/api/tournaments/nc/players');
    expect((players.body.players as { id: string }[]).map((p) => p.id)).toEqual(['0000000001', '0000000002']);
    const paired = await onOther.post('/api/tournaments/nc/rounds', { round: 1 });
    expect(paired.status).toBe(201);
    const [match] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    expect((await staff.public.get('/api/tournaments/nc/rounds/1/pairings')).status).toBe(200);
    const winner = match?.players[0] as string;
    const scorer = (await staff.scorekeeper.post('/api/auth/tokens', { label: 'scorer elsewhere' })).body.token;
    const reported = await new HttpClient(otherUrl)
      .useToken(scorer as string)
      .post(`/api/tournaments/nc/rounds/1/tables/${match?.table}/result`, {
        duels: [winner, winner],
      });
    expect(reported.status).toBe(200);
    // The public board of the current round at the version just written, not the one made a moment ago.
    const after = await staff.public.get('/api/tournaments/nc/rounds/1/pairings');
    expect(after.body.version).toBe(reported.body.version);
  });

  it('refuses a token revoked through another process on its next request', async () => {
    const made = await staff.organizer.post('/api/auth/tokens', { label: 'revoked elsewhere' });
    const client = new HttpClient(server.url).useToken(made.body.token as string);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    // The organizer revokes it through the other process (with another of their tokens).
    expect((await onOther.delete(`/api/auth/tokens/${made.body.id}`)).status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});
