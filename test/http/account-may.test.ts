import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The session answers what the account may do, from the same role tables the routes check, so
 * the console shows an action exactly when the server accepts it (issue #17 point 1).
 */

let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  staff = await staffOf(server);
});
afterAll(async () => server.close());

describe('what an account may do, in the session answer', () => {
  it('gives a floor judge the judge commands and capabilities, not the head judge choices', async () => {
    const me = await staff.judge.get('/api/auth/me');
    expect(me.status).toBe(200);
    const may = me.body.may;
    expect(may.commands).toEqual(expect.arrayContaining(['IssuePenalty', 'MarkSeated', 'ReportResult']));
    expect(may.commands).not.toContain('PairRound');
    expect(may.commands).not.toContain('CorrectResult');
    expect(may.capabilities).toEqual(expect.arrayContaining(['penalties:assess', 'staff:read']));
    expect(may.capabilities).not.toContain('accounts:manage');
    expect(may.headJudgeChoices).toBe(false);
    expect(may.tournaments).toEqual({});
  });

  it('gives the head judge the head-judge choices and a scorekeeper the desk commands', async () => {
    expect((await staff.headJudge.get('/api/auth/me')).body.may).toMatchObject({ headJudgeChoices: true });
    const desk = (await staff.scorekeeper.get('/api/auth/me')).body.may;
    expect(desk.commands).toEqual(expect.arrayContaining(['PairRound', 'CorrectResult', 'EndRound']));
    expect(desk.commands).not.toContain('IssuePenalty');
  });

  it('answers it at login and for the roles held in one tournament only', async () => {
    const created = await staff.organizer.post('/api/accounts', {
      username: 'local-hj',
      displayName: 'local head judge',
      roles: ['judge'],
      tournamentRoles: { kanto: ['head-judge'] },
      password: 'local-hj-password',
    });
    expect(created.status).toBe(201);
    const client = server.client();
    const login = await client.post('/api/auth/login', { username: 'local-hj', password: 'local-hj-password' });
    expect(login.status).toBe(200);
    expect(login.body.may.tournaments.kanto).toMatchObject({ headJudgeChoices: true });
    const changed = await client.post('/api/auth/password', {
      currentPassword: 'local-hj-password',
      newPassword: 'a-much-longer-local-password-42',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.may.headJudgeChoices).toBe(false);
    expect(changed.body.may.tournaments.kanto).toMatchObject({ headJudgeChoices: true });
    expect(changed.body.may.tournaments.kanto.commands).toContain('DecideRequest');
    expect(changed.body.may.commands).not.toContain('DecideRequest');
  });

  it('answers no `may` to the public', async () => {
    expect((await staff.public.get('/api/auth/me')).body).toEqual({ account: null });
  });
});
