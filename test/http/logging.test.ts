import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logNotices, serverLogger } from '../../src/adapters/http/logging.js';
import { swallowed } from '../../src/adapters/operational-notices.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The server's log as an operator reads it: JSON lines, one per request with the route's
 * pattern, and never a password, session cookie, API token or player code, whatever the
 * requests carried.
 */

const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };
let server: TestServer;
let staff: Staff;
const secrets: string[] = [];

const logged = (): Record<string, unknown>[] => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' }, { logger: serverLogger('info', sink) });
  staff = await staffOf(server);
  secrets.push(server.organizer.password, 'hj-password', 'judge-password', 'scorer-password');
  for (const who of [staff.organizer, staff.headJudge, staff.scorekeeper]) {
    secrets.push(who.cookie('shinpan_session') as string, who.cookie('shinpan_csrf') as string);
  }
});
afterAll(() => server.close());

describe('the server log', () => {
  it('has one JSON line per request: method, route pattern, status, duration, request id; no credential anywhere', async () => {
    await tournamentWithPlayers(staff, 'logged');
    const token = (await staff.organizer.post('/api/auth/tokens', { label: 'logs' })).body.token as string;
    secrets.push(token);
    expect((await server.client().useToken(token).get('/api/tournaments/logged')).status).toBe(200);
    const slip = await staff.scorekeeper.get('/api/tournaments/logged/players/0000000001/slip');
    const code = slip.body.code as string;
    secrets.push(code);
    const record = await server.client().get(`/api/tournaments/logged/players/0000000001/record?code=${code}`);
    expect(record.status).toBe(200);
    await server.client().get('/api/no-such-route/with-a-secret-path-S3CR3T');

    const requests = logged().filter((l) => l.msg === 'request');
    expect(requests.find((l) => l.route === '/api/auth/login')).toMatchObject({
      level: 30,
      method: 'POST',
      status: 200,
      reqId: expect.any(String),
      ms: expect.any(Number),
    });
    expect(requests.find((l) => l.route === '/api/tournaments/:tournamentId/players/:playerId/record')).toMatchObject({
      method: 'GET',
      status: 200,
    });
    expect(requests.find((l) => l.status === 404)).toMatchObject({ route: null });
    // Every request this file made has its line (the logins and setup of the support included).
    expect(requests.length).toBeGreaterThan(10);
    const all = lines.join('');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain('S3CR3T');
  });

  it('censors a credential logged by mistake, by its name, in the object or one level in', () => {
    server.opened.app.log.info(
      { password: 'pw-1234567', token: 'tok-1234567', account: { newPassword: 'np-1234567', code: 'ABCD-EFGH' } },
      'careless',
    );
    const line = lines.at(-1) as string;
    expect(JSON.parse(line)).toMatchObject({ msg: 'careless', password: '[redacted]', token: '[redacted]' });
    for (const secret of ['pw-1234567', 'tok-1234567', 'np-1234567', 'ABCD-EFGH']) expect(line).not.toContain(secret);
  });

  it('says a failure background work swallows as a warning', () => {
    const stop = logNotices(server.opened.app.log as never);
    try {
      swallowed('wal-checkpoint-failed', { file: 'x.db' })(new Error('disk full'));
    } finally {
      stop();
    }
    expect(logged().at(-1)).toMatchObject({
      level: 40,
      what: 'wal-checkpoint-failed',
      file: 'x.db',
      err: { message: 'disk full' },
    });
  });
});
