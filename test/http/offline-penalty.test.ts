import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A penalty a console decided offline carries the guideline the judge saw; the server decides
 * it again on its own log and issues it only if the guideline is the same, on a real server over
 * each store. A refusal names both guidelines and writes nothing.
 */

const EXTRA_DRAW = { infraction: 'extra-draw', phase: 'in-duel', facts: { identifiable: true, decisive: false } };

describe.each(await storeKinds())('a penalty decided offline, over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  it('is issued when the guideline is unchanged, and refused with 409 guideline-changed when a repeat came meanwhile', async () => {
    const id = 'offline-penalty';
    await tournamentWithPlayers(staff, id, { rounds: 3 });
    const t = `/api/tournaments/${id}`;
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    const player = (round.body.pairing.matches as { players: [string, string] }[])[0]!.players[0];
    const seen = { penalty: 'warning', repeat: null };
    const body = { player, report: EXTRA_DRAW, choice: { kind: 'guideline' }, expectedGuideline: seen };

    const first = await staff.judge.post(`${t}/penalties`, body);
    expect([first.status, first.body.penalty.penalty]).toEqual([201, 'warning']);

    // The same phone's second report, decided on a log that did not have the first yet.
    const before = (await staff.public.get(t)).body.version;
    const second = await staff.judge.post(`${t}/penalties`, body);
    expect([second.status, second.body.code]).toEqual([409, 'guideline-changed']);
    expect(second.body.message).toContain('"Warning" (first time)');
    expect(second.body.message).toContain('"Warning" (time 2 for this infraction)');
    expect(second.body.messageJa).toContain('「警告」（同じ違反の2回目）');
    expect((await staff.public.get(t)).body.version).toBe(before);

    // Decided again with the repeat known, it is issued.
    const third = await staff.judge.post(`${t}/penalties`, {
      ...body,
      expectedGuideline: { penalty: 'warning', repeat: 2 },
    });
    expect([third.status, third.body.penalty.guideline.repeat.count]).toEqual([201, 2]);
  });

  it('refuses a repeat count out of bounds, naming the field, writing nothing', async () => {
    const t = '/api/tournaments/offline-penalty';
    const before = (await staff.public.get(t)).body.version;
    const answer = await staff.judge.post(`${t}/penalties`, {
      player: 'nobody',
      report: EXTRA_DRAW,
      choice: { kind: 'guideline' },
      expectedGuideline: { penalty: 'warning', repeat: 1 },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('expectedGuideline.repeat');
    expect((await staff.public.get(t)).body.version).toBe(before);
  });
});
