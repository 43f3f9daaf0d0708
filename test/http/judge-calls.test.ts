import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAYER_CALLS_PER_ROUND } from '../../src/core/tournament/limits.js';
import { SseClient } from './support/sse-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(await storeKinds())('judge calls from a player’s phone to a resolved ruling on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const codes = new Map<string, string>();
  const t = '/api/tournaments/calls';
  let tables: { table: number; players: [string, string] }[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'calls');
    for (const p of PLAYERS) codes.set(p.id, (await staff.scorekeeper.get(`${t}/players/${p.id}/slip`)).body.code);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    tables = paired.body.pairing.matches;
  });
  afterAll(async () => server.close());

  const call = (player: string, table: number, extra: Record<string, unknown> = {}) =>
    staff.public.post(`${t}/calls`, { player, code: codes.get(player), table, ...extra });
  const cookie = (client: typeof staff.judge) => ({ cookie: `shinpan_session=${client.cookie('shinpan_session')}` });

  it('a player calls; every staff stream gets it at once, the public stream nothing; pressing again answers the same call', async () => {
    const [x, y] = tables[0]!.players;
    const staffStream = await SseClient.open(`${server.url}${t}/live`, cookie(staff.judge));
    const publicStream = await SseClient.open(`${server.url}${t}/live`);
    const opened = await call(x, tables[0]!.table, { note: '  相手が墓地を確認させない ' });
    expect(opened.status).toBe(201);
    // The player receives the call as their page shows it; the judges' queue has the whole call.
    expect(opened.body.call).toEqual({
      id: 1,
      round: 1,
      table: tables[0]!.table,
      state: 'open',
      openedAt: expect.any(String),
    });
    expect((await staff.judge.get(`${t}/calls`)).body.calls[0]).toMatchObject({
      id: 1,
      player: x,
      by: x,
      note: '相手が墓地を確認させない',
      claimedAt: null,
      players: [{ id: x }, { id: y }],
    });
    const pushed = await staffStream.next(
      (e) => e.event === 'events' && e.data.events.some((v: { type: string }) => v.type === 'CallOpened'),
    );
    expect(pushed.data.events[0].data).toMatchObject({ callId: 1, table: tables[0]!.table, player: x });
    // The opponent pressing too, and staff calling for the table, answer the same call and write nothing.
    const again = await call(y, tables[0]!.table);
    expect([again.status, again.body.call.id, again.body.events]).toEqual([200, 1, []]);
    const byStaff = await staff.judge.post(`${t}/calls`, { table: tables[0]!.table });
    expect([byStaff.status, byStaff.body.call.id]).toEqual([200, 1]);
    // The public stream saw no call; the player's page says a call is open.
    await staff.judge.post(`${t}/rounds/1/tables/${tables[1]!.table}/extensions`, { minutes: 1 });
    await publicStream.next(
      (e) => e.event === 'events' && e.data.events.some((v: { type: string }) => v.type === 'TimeExtended'),
    );
    const publicTypes = publicStream.received.flatMap((e) =>
      e.event === 'events' ? e.data.events.map((v: { type: string }) => v.type) : [],
    );
    expect(publicTypes).toEqual(['TimeExtended']);
    const page = await staff.public.get(`${t}/players/${x}/page?code=${codes.get(x)}`);
    expect(page.body.match).toMatchObject({
      call: { id: 1, state: 'open' },
      callsLeft: MAX_PLAYER_CALLS_PER_ROUND - 1,
    });
    await staffStream.close();
    await publicStream.close();
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const [x] = tables[0]!.players;
    const before = (await staff.judge.get(`${t}/calls`)).body.version;
    const wrongCode = await staff.public.post(`${t}/calls`, { player: x, code: 'AAAA-AAAA', table: tables[0]!.table });
    expect([wrongCode.status, wrongCode.body.code]).toEqual([403, 'bad-player-code']);
    // No code and no staff session.
    expect((await staff.public.post(`${t}/calls`, { table: 1 })).status).toBe(401);
    const otherTable = await call(x, tables[1]!.table);
    expect([otherTable.status, otherTable.body.code]).toEqual([422, 'not-your-table']);
    expect(otherTable.body.messageJa).toMatch(/卓の選手ではありません/);
    const noTable = await staff.judge.post(`${t}/calls`, { table: 99 });
    expect([noTable.status, noTable.body.code]).toEqual([404, 'table-not-found']);
    const long = await call(x, tables[0]!.table, { note: 'x'.repeat(201) });
    expect([long.status, long.body.path]).toEqual([400, 'body.note']);
    expect((await staff.judge.get(`${t}/calls`)).body.version).toBe(before);
  });

  it('a judge claims, a second judge is refused, escalation goes to the head judge, who resolves with a penalty and the proposed extension', async () => {
    const [x, y] = tables[0]!.players;
    const claimed = await staff.judge.post(`${t}/calls/1/claim`);
    expect([claimed.status, claimed.body.call.state, claimed.body.call.claimedBy]).toEqual([200, 'claimed', 'judge']);
    const second = await staff.headJudge.post(`${t}/calls/1/claim`);
    expect([second.status, second.body.code]).toEqual([409, 'call-already-claimed']);
    expect(second.body.messageJa).toMatch(/judge が対応中/);
    expect((await staff.scorekeeper.post(`${t}/calls/1/claim`)).status).toBe(403);
    server.clock.advanceMinutes(2.5);
    const list = await staff.headJudge.get(`${t}/calls?open=true`);
    expect(list.body.calls).toHaveLength(1);
    expect(list.body.calls[0]).toMatchObject({ state: 'claimed', proposedExtensionMinutes: 3 });
    const escalated = await staff.judge.post(`${t}/calls/1/escalate`, { note: '裁定が難しい' });
    expect(escalated.body.call).toMatchObject({
      state: 'escalated',
      escalation: { by: 'judge', note: '裁定が難しい' },
    });
    const penalty = await staff.headJudge.post(`${t}/penalties`, {
      player: y,
      report: { infraction: 'slow-play', facts: { affectedResult: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(penalty.status).toBe(201);
    const penaltyId = penalty.body.penalty.penaltyId as number;
    const tooLong = await staff.headJudge.post(`${t}/calls/1/resolve`, { extensionMinutes: 61 });
    expect([tooLong.status, tooLong.body.path]).toEqual([400, 'body.extensionMinutes']);
    const resolved = await staff.headJudge.post(`${t}/calls/1/resolve`, {
      ruling: '遅延行為: 注意',
      penaltyIds: [penaltyId],
      extensionMinutes: 3,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.events.map((e: { type: string }) => e.type)).toEqual(['TimeExtended', 'CallResolved']);
    expect(resolved.body.call).toMatchObject({
      state: 'resolved',
      resolvedBy: 'hj',
      extensionMinutes: 3,
      penaltyIds: [penaltyId],
      ruling: '遅延行為: 注意',
    });
    // The existing extension: the pairings board and both players' pages show it.
    const board = await staff.public.get(`${t}/rounds/1/pairings`);
    const row = board.body.tables.find((m: { table: number }) => m.table === tables[0]!.table);
    expect(row.extensionMinutes).toBe(3);
    for (const p of [x, y])
      expect((await staff.public.get(`${t}/players/${p}/page?code=${codes.get(p)}`)).body.match).toMatchObject({
        extensionMinutes: 3,
        call: null,
      });
    const again = await staff.headJudge.post(`${t}/calls/1/resolve`, {});
    expect([again.status, again.body.code]).toEqual([409, 'call-already-resolved']);
    // The floor: per judge, medians, the table's extension.
    const floor = await staff.headJudge.get(`${t}/calls/floor`);
    expect(floor.body).toMatchObject({
      round: 1,
      open: [],
      judges: [{ judge: 'judge', claimed: 1, resolved: 1 }],
      medianSecondsToResolve: 150,
      extensions: expect.arrayContaining([{ table: tables[0]!.table, minutes: 3 }]),
    });
  });

  it(`a player has ${MAX_PLAYER_CALLS_PER_ROUND} calls a round, then 429 with the reason; a table calling twice is highlighted`, async () => {
    const [x] = tables[1]!.players;
    for (let i = 0; i < MAX_PLAYER_CALLS_PER_ROUND; i += 1) {
      const opened = await call(x, tables[1]!.table);
      expect(opened.status).toBe(201);
      const id = opened.body.call.id as number;
      expect((await staff.judge.post(`${t}/calls/${id}/claim`)).status).toBe(200);
      expect((await staff.judge.post(`${t}/calls/${id}/resolve`, {})).status).toBe(200);
    }
    const refused = await call(x, tables[1]!.table);
    expect([refused.status, refused.body.code]).toEqual([429, 'too-many-calls']);
    expect(refused.body.messageJa).toMatch(/3 回まで/);
    const floor = await staff.headJudge.get(`${t}/calls/floor?round=1`);
    expect(floor.body.repeatTables).toEqual([{ table: tables[1]!.table, calls: MAX_PLAYER_CALLS_PER_ROUND }]);
    // A floor judge may not resolve a call another judge holds.
    const opened = await staff.scorekeeper.post(`${t}/calls`, { table: tables[1]!.table });
    const id = opened.body.call.id as number;
    expect((await staff.headJudge.post(`${t}/calls/${id}/claim`)).status).toBe(200);
    const notYours = await staff.judge.post(`${t}/calls/${id}/resolve`, {});
    expect([notYours.status, notYours.body.code]).toEqual([403, 'call-not-yours']);
    expect((await staff.organizer.request('PUT', `${t}/calls/rules`, { body: { minimumMinutes: 0 } })).status).toBe(
      400,
    );
    expect((await staff.organizer.request('PUT', `${t}/calls/rules`, { body: { minimumMinutes: 2 } })).status).toBe(
      200,
    );
    expect((await staff.headJudge.get(`${t}/calls/floor`)).body.minimumMinutes).toBe(2);
    expect((await staff.judge.get(`${t}/calls`)).body.minimumMinutes).toBe(2);
  });
});
