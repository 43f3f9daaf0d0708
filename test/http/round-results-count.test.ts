import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A match decided by a penalty is a result: the round with a disqualification read "7/8
 * results · ended" (issue 26). The summary's `reported` counts every decided match.
 */

describe.each(await storeKinds())('a round’s results count, over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  it('counts a match decided by a disqualification as a result', async () => {
    await tournamentWithPlayers(staff, 'counted', { rounds: 1 });
    const t = '/api/tournaments/counted';
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    const [first, second] = round.body.pairing.matches as { players: [string, string] }[];
    const dq = await staff.headJudge.post(`${t}/penalties`, {
      player: first!.players[0],
      report: { infraction: 'random-result', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: ['both admitted it'],
    });
    expect(dq.status).toBe(201);
    const summary = async () => (await staff.public.get(t)).body.rounds[0] as { tables: number; reported: number };
    expect(await summary()).toMatchObject({ tables: 2, reported: 1 });
    await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: [second!.players[0], second!.players[0]] });
    expect(await summary()).toMatchObject({ tables: 2, reported: 2 });
  });

  it('names the next step: the top cut with its size, then the final, then nothing after it', async () => {
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'top4',
      name: 'ベスト4',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 4 },
    });
    expect(created.status).toBe(201);
    const t = '/api/tournaments/top4';
    for (const p of [
      { id: 'p1', name: '一' },
      { id: 'p2', name: '二' },
      { id: 'p3', name: '三' },
      { id: 'p4', name: '四' },
    ])
      expect((await staff.scorekeeper.post(`${t}/players`, p)).status).toBe(201);
    const next = async () => (await staff.public.get(t)).body.next;
    expect(await next()).toEqual({ kind: 'swiss' });
    const playRound = async (round: number) => {
      const paired = await staff.scorekeeper.post(`${t}/rounds`, { round, seatTime: server.clock.now.toISOString() });
      expect(paired.status, JSON.stringify(paired.body)).toBe(201);
      for (const m of paired.body.pairing.matches as { table: number; players: [string, string] }[])
        await staff.scorekeeper.post(`${t}/rounds/${round}/tables/${m.table}/result`, {
          duels: [m.players[0], m.players[0]],
        });
      expect((await staff.scorekeeper.post(`${t}/rounds/${round}/end`)).status).toBe(200);
    };
    await playRound(1);
    expect(await next()).toEqual({ kind: 'elimination', players: 4, first: true });
    await playRound(2);
    expect(await next()).toEqual({ kind: 'elimination', players: 2, first: false });
    await playRound(3);
    // After the final there is nothing to pair: the desk offers no "Pair round 4".
    expect(await next()).toEqual({ kind: 'none' });
    expect((await staff.scorekeeper.post(`${t}/rounds`, { round: 4 })).body.code).toBe('no-more-rounds');
  });
});
