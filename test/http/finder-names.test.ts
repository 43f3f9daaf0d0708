import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The table finder (a player's own table and opponent, what thousands of phones ask at once)
 * keeps its seat index for the whole round, but a name staff corrected (an offensive name from
 * public entry) must reach the phones at once: issue 37, low 14.
 */
describe('the table finder after a name is corrected (SQLite)', () => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/finder';

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'finder');
  });
  afterAll(async () => server.close());

  it('answers the corrected name to the player and to their opponent in the same round', async () => {
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    const [x, y] = (paired.body.pairing.matches as { players: [string, string] }[])[0]!.players;
    const before = await staff.public.get(`${t}/rounds/1/pairings/${x}`);
    expect(before.status).toBe(200);
    const corrected = await staff.organizer.post(`${t}/players/${x}/details`, { name: '訂正後の名前' });
    expect(corrected.status).toBe(200);
    const own = await staff.public.get(`${t}/rounds/1/pairings/${x}`);
    expect(own.body.player).toEqual({ id: x, name: '訂正後の名前' });
    const theirs = await staff.public.get(`${t}/rounds/1/pairings/${y}`);
    expect(theirs.body.opponent).toEqual({ id: x, name: '訂正後の名前' });
  });
});
