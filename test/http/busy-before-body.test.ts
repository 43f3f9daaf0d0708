import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TASK_WORKERS, runTask } from '../../src/adapters/worker-threads.js';
import { startUpload } from './support/partial-upload.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * While every task worker reads an upload, another upload (a player list, a card database) is
 * refused with 429 before its body is read: today's server took in and parsed megabytes of JSON
 * on the event loop only to answer busy, and health checks waited meanwhile. The proof: the
 * answer comes while the client has sent a few bytes of a body it announced as 1.5 MB.
 */

const endless = new URL('./support/endless-task.ts', import.meta.url).href;

describe.each(await storeKinds())('an upload to a busy server on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  let token: string;
  const T = '/api/tournaments/busy';

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'busy');
    token = (await staff.organizer.post('/api/auth/tokens', { label: 'uploads' })).body.token as string;
  });
  afterAll(() => server.close());

  it('is refused with 429 before its body is read, in ja and en, and taken once a worker is free', async () => {
    const held = Array.from({ length: MAX_TASK_WORKERS }, () => runTask(endless, 'endless-task', null, 5_000));
    try {
      for (const path of [`${T}/players/import`, '/api/card-databases']) {
        const refused = await startUpload(server.url + path, { authorization: `Bearer ${token}` }, 1_500_000);
        expect(refused.status, path).toBe(429);
        expect(refused.body.code).toBe('server-busy');
        expect(refused.body.message).toBeTruthy();
        expect(refused.body.messageJa).toBeTruthy();
      }
      // A caller without the right is told so first, not that the server is busy.
      const stranger = await startUpload(
        `${server.url}${T}/players/import`,
        { authorization: 'Bearer not-a-token' },
        1_500_000,
      );
      expect(stranger.status).toBe(401);
    } finally {
      await Promise.all(held);
    }
    const version = (await staff.organizer.get(T)).body.version as number;
    const imported = await staff.organizer.post(`${T}/players/import`, { csv: 'id,name\n0000000101,遅刻者\n' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.version).toBe(version + 1);
  }, 30_000);
});
