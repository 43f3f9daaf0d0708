import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServer, type OpenedServer } from '../../src/adapters/http/open-server.js';
import { HttpClient } from './support/http-client.js';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The public tournament list reads the streams table (a version per tournament) on each request
 * and summarises only the tournaments whose version moved, whichever server process wrote:
 * two servers on one database list the same tournaments, oldest first, with what each wrote.
 */

describe.each(await storeKinds())('the tournament list on $name', ({ kind }) => {
  let server: TestServer;
  let other: OpenedServer;
  let staff: Staff;
  let onOther: HttpClient;

  beforeAll(async () => {
    // The list's cache is what is tested: on whatever SHINPAN_NO_CACHES says.
    server = await startTestServer(kind, { caches: true });
    staff = await staffOf(server);
    other = await openServer({
      database: server.database,
      clock: server.clock.read,
      secret: 'test-secret-0123456789abcdef',
      heartbeatMs: 60_000,
      webRoot: null,
      caches: true,
    });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await staff.organizer.post('/api/auth/tokens', { label: 'other process' })).body.token as string;
    onOther = new HttpClient(url).useToken(token);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  const create = (client: HttpClient, id: string) =>
    client.post('/api/tournaments', {
      id,
      name: `大会 ${id}`,
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
  const listed = async (client: HttpClient) =>
    ((await client.get('/api/tournaments')).body.tournaments as { id: string; players: number; version: number }[]).map(
      (t) => [t.id, t.players, t.version],
    );

  it('lists both processes\u2019 tournaments oldest first, and follows each one\u2019s writes', async () => {
    expect(await listed(staff.public)).toEqual([]);
    for (const [client, id] of [
      [staff.organizer, 'zz-first'],
      [onOther, 'aa-second'],
      [staff.organizer, 'mm-third'],
    ] as const)
      expect((await create(client, id)).status).toBe(201);
    const expected = [
      ['zz-first', 0, 1],
      ['aa-second', 0, 1],
      ['mm-third', 0, 1],
    ];
    // The other process's tournament shows once that process has stored its summary (each second).
    await expect.poll(() => listed(staff.public), { timeout: 5000 }).toEqual(expected);
    // A player registered on the other process shows here once its version is seen; the rest stays.
    const registered = await onOther.post('/api/tournaments/aa-second/players', { id: '0000000001', name: '遊城十代' });
    expect(registered.status).toBe(201);
    await expect
      .poll(() => listed(staff.public), { timeout: 5000 })
      .toEqual([
        ['zz-first', 0, 1],
        ['aa-second', 1, 2],
        ['mm-third', 0, 1],
      ]);
    // Nothing moved: the same bytes again.
    const first = await staff.public.get('/api/tournaments');
    const again = await staff.public.get('/api/tournaments');
    expect(again.body).toEqual(first.body);
  });
});
