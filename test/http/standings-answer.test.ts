import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The standings answer is serialized once per tournament version and sent again as it is:
 * these tests hold it to the version it was made for (a result in between changes it) and to
 * the shape of an ordinary JSON answer.
 */
describe('the standings answer, kept per version', () => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/kyushu';

  beforeAll(async () => {
    // The answer kept is what is tested: kept whatever SHINPAN_NO_CACHES says.
    server = await startTestServer({ kind: 'sqlite' }, { caches: true });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'kyushu');
  });
  afterAll(async () => server.close());

  it('answers the same JSON for the same version and a new one after a result', async () => {
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    const [first] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    const before = await staff.public.get(`${t}/standings`);
    const again = await staff.public.get(`${t}/standings`);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(before.body);
    expect(again.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(before.body).toMatchObject({ afterRound: 1, final: null, version: paired.body.version });
    expect(Object.keys(before.body)).toEqual(['afterRound', 'standings', 'final', 'version']);
    expect((before.body.standings as { points: number }[]).every((r) => r.points === 0)).toBe(true);

    const winner = first!.players[0];
    const reported = await staff.scorekeeper.post(`${t}/rounds/1/tables/${first!.table}/result`, {
      duels: [winner, winner],
    });
    expect(reported.status).toBe(200);
    const after = await staff.public.get(`${t}/standings`);
    expect(after.headers.get('etag')).toBe(`"${reported.body.version}"`);
    expect(after.body.version).toBe(reported.body.version);
    expect(after.body.standings[0]).toMatchObject({ rank: 1, player: winner, points: 3 });
    // Another round's standings are their own answer, also kept per version.
    const afterNone = await staff.public.get(`${t}/standings?round=0`);
    expect(afterNone.body.afterRound).toBe(0);
    expect((afterNone.body.standings as { points: number }[]).every((r) => r.points === 0)).toBe(true);
    expect((await staff.public.get(`${t}/standings`)).body).toEqual(after.body);
  });
});
