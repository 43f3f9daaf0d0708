import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from './support/sse-client.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A write that is staff's alone (a judge call and its steps) sends no frame at all to public
 * streams, so players' pages neither receive one nor refetch; staff streams get it, and a write
 * the public can see still reaches the public stream. Frames on one stream come in version
 * order, so "nothing before the next public write" is read from the order, not from a wait.
 */
describe.each(await storeKinds())('live streams: staff-only writes stay off public streams on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/fanout';
  let tables: { table: number; players: [string, string] }[] = [];
  let code = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'fanout');
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    tables = paired.body.pairing.matches;
    code = (await staff.scorekeeper.get(`${t}/players/${tables[0]!.players[0]}/slip`)).body.code;
  });
  afterAll(async () => server.close());

  const cookie = (client: typeof staff.judge) => ({ cookie: `shinpan_session=${client.cookie('shinpan_session')}` });
  const framesOf = (stream: SseClient) => stream.received.filter((e) => e.event === 'events');
  const typesOf = (stream: SseClient) =>
    framesOf(stream).map((e) => e.data.events.map((v: { type: string }) => v.type).join(','));

  it('a judge call and its steps reach staff streams only; the next public write is the first frame the public gets', async () => {
    const staffStream = await SseClient.open(`${server.url}${t}/live`, cookie(staff.judge));
    const publicStream = await SseClient.open(`${server.url}${t}/live`);
    await Promise.all([staffStream.next((e) => e.event === 'hello'), publicStream.next((e) => e.event === 'hello')]);
    const [x] = tables[0]!.players;
    const opened = await staff.public.post(`${t}/calls`, { player: x, code, table: tables[0]!.table });
    expect(opened.status).toBe(201);
    expect((await staff.judge.post(`${t}/calls/1/claim`)).status).toBe(200);
    const resolved = await staff.judge.post(`${t}/calls/1/resolve`, { ruling: 'ruling only' });
    expect(resolved.status).toBe(200);
    await staffStream.next(
      (e) => e.event === 'events' && e.data.events.some((v: { type: string }) => v.type === 'CallResolved'),
    );
    expect(typesOf(staffStream)).toEqual(['CallOpened', 'CallClaimed', 'CallResolved']);

    // A write the public can see: an extension at another table.
    const extended = await staff.judge.post(`${t}/rounds/1/tables/${tables[1]!.table}/extensions`, { minutes: 2 });
    expect(extended.status).toBe(200);
    const told = await publicStream.next(
      (e) => e.event === 'events' && e.data.events.some((v: { type: string }) => v.type === 'TimeExtended'),
    );
    expect(told.data.events[0].data).toMatchObject({ round: 1, table: tables[1]!.table, minutes: 2 });
    expect(told.data.events[0].data).not.toHaveProperty('reason');
    expect(typesOf(publicStream)).toEqual(['TimeExtended']);
    expect(told.id).toBe(String(told.data.version));
    await staffStream.next((e) => e.event === 'events' && e.data.version === told.data.version);
    await staffStream.close();
    await publicStream.close();
  });

  it('a public reconnect after a staff-only write gets no catch-up frame; after a public one, only what it may see', async () => {
    const before = (await staff.judge.get(`${t}/calls`)).body.version as number;
    const [, y] = tables[1]!.players;
    const ycode = (await staff.scorekeeper.get(`${t}/players/${y}/slip`)).body.code;
    expect((await staff.public.post(`${t}/calls`, { player: y, code: ycode, table: tables[1]!.table })).status).toBe(
      201,
    );
    const quiet = await SseClient.open(`${server.url}${t}/live`, { 'last-event-id': String(before) });
    const staffCatchUp = await SseClient.open(`${server.url}${t}/live`, {
      ...cookie(staff.judge),
      'last-event-id': String(before),
    });
    const missed = await staffCatchUp.next((e) => e.event === 'events');
    expect(missed.data.events.map((v: { type: string }) => v.type)).toEqual(['CallOpened']);
    // The next public write is the first frame on the public stream that resumed.
    const announced = await staff.judge.post(`${t}/announcements`, { text: { ja: '全員へ', en: 'To all' } });
    expect(announced.status).toBe(201);
    await quiet.next((e) => e.event === 'events');
    expect(typesOf(quiet)).toEqual(['Announced']);
    expect(quiet.received.map((e) => e.event)).toEqual(['hello', 'events']);
    // Resuming from before the call as well: the call stays out, the notice comes.
    const resumed = await SseClient.open(`${server.url}${t}/live`, { 'last-event-id': String(before) });
    const caughtUp = await resumed.next((e) => e.event === 'events');
    expect(caughtUp.data.events.map((v: { type: string }) => v.type)).toEqual(['Announced']);
    for (const stream of [quiet, staffCatchUp, resumed]) await stream.close();
  });
});
