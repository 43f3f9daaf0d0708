import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The display names staff screens show for the user names the log keeps (issue 39): every
 * account holding a role in the tournament, and nobody's for the public or for staff of another
 * organizer's event only. Real SQLite.
 */
describe('GET /api/staff-names/:tournamentId', () => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    const renamed = await staff.organizer.get('/api/accounts');
    const judge = (renamed.body.accounts as { id: string; username: string }[]).find((a) => a.username === 'judge')!;
    expect(
      (await staff.organizer.request('PATCH', `/api/accounts/${judge.id}`, { body: { displayName: '木村 一郎' } }))
        .status,
    ).toBe(200);
    const other = await staff.organizer.post('/api/accounts', {
      username: 'elsewhere',
      displayName: '別の大会のジャッジ',
      roles: [],
      tournamentRoles: { kansai: ['judge'] },
      password: 'elsewhere-password',
    });
    expect(other.status).toBe(201);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers each staff member's display name by user name, to staff of the tournament only", async () => {
    const answer = await staff.judge.get('/api/staff-names/kanto');
    expect(answer.status).toBe(200);
    expect(answer.body.names).toMatchObject({ judge: '木村 一郎', hj: 'hj', scorer: 'scorer' });
    expect(Object.hasOwn(answer.body.names, 'elsewhere')).toBe(false);
    expect((await staff.public.get('/api/staff-names/kanto')).status).toBe(401);
    const outsider = server.client();
    await outsider.login('elsewhere', 'elsewhere-password');
    expect((await outsider.get('/api/staff-names/kanto')).status).toBe(403);
    expect((await outsider.get('/api/staff-names/kansai')).body.names).toMatchObject({
      elsewhere: '別の大会のジャッジ',
    });
  });
});
