import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A held round answers a player exactly as a round not yet paired: their refusals must not tell
 * them whether they have a table, which one, or a bye (`round-not-started` for their own table,
 * `not-your-table` for another, `round-held` for a call did).
 */
describe('a held round answers players as a round not yet paired', () => {
  let server: TestServer;
  let staff: Staff;
  const codes = new Map<string, string>();
  const t = '/api/tournaments/heldquiet';

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'heldquiet');
    for (const p of PLAYERS) codes.set(p.id, (await staff.scorekeeper.get(`${t}/players/${p.id}/slip`)).body.code);
    const reporting = await staff.organizer.request('PUT', `${t}/player-reporting`, { body: { enabled: true } });
    expect(reporting.status).toBe(200);
  });
  afterAll(async () => server.close());

  /** Every refusal a player can provoke about round 1's tables, as [status, code] per probe. */
  async function probes(): Promise<string[]> {
    const out: string[] = [];
    for (const p of PLAYERS) {
      const code = codes.get(p.id);
      for (const table of [1, 2, 3]) {
        const report = await staff.public.post(`${t}/players/${p.id}/result`, {
          code,
          round: 1,
          table,
          duels: [p.id, p.id],
        });
        out.push(`${p.id} report ${table}: ${report.status} ${report.body.code}`);
        const call = await staff.public.post(`${t}/calls`, { player: p.id, code, table, round: 1 });
        out.push(`${p.id} call ${table}: ${call.status} ${call.body.code}`);
        const latest = await staff.public.post(`${t}/calls`, { player: p.id, code, table });
        out.push(`${p.id} call latest ${table}: ${latest.status} ${latest.body.code}`);
      }
    }
    return out;
  }

  it('every report and call a player makes is refused the same before the pairing and while it is held', async () => {
    const before = await probes();
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, hold: true });
    expect(paired.body.pairing.held).toBe(true);
    expect(await probes()).toEqual(before);
    // Staff still hear that the round is held.
    const seat = await staff.judge.post(`${t}/rounds/1/tables/1/seated`, {
      player: paired.body.pairing.matches[0].players[0],
    });
    expect(seat.body.code).toBe('round-held');
  });
});
