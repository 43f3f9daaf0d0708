import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_COOKIE } from '../../src/adapters/http/auth/player-code-guard.js';
import { SseClient } from './support/sse-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(await storeKinds())('players report results and check in from their page on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const codes = new Map<string, string>();
  const t = '/api/tournaments/self';

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'self');
    for (const p of PLAYERS) codes.set(p.id, (await staff.scorekeeper.get(`${t}/players/${p.id}/slip`)).body.code);
  });
  afterAll(async () => server.close());

  const page = (id: string, code = codes.get(id)) =>
    staff.public.get(`${t}/players/${id}/page${code === undefined ? '' : `?code=${code}`}`);
  /** A player's phone: their page opened with the code, then the live stream with the cookie the page set. */
  async function phoneStream(id: string): Promise<SseClient> {
    const phone = server.client();
    expect((await phone.get(`${t}/players/${id}/page?code=${codes.get(id)}`)).status).toBe(200);
    const name = `${KNOWN_DEVICE_COOKIE}${id}`;
    return SseClient.open(`${server.url}${t}/live`, { cookie: `${name}=${phone.cookie(name)}` });
  }

  it('checks players in from their page or by staff, lists who has not, and drops the no-shows after a confirmation naming how many', async () => {
    const [a, b, c, d] = PLAYERS.map((p) => p.id);
    expect((await page(a!)).body.checkIn).toEqual({ open: true, at: null, venueCode: false });
    expect((await staff.public.post(`${t}/players/${a}/check-in`, { code: codes.get(a!) })).status).toBe(200);
    expect((await staff.public.post(`${t}/players/${b}/check-in`, { code: 'AAAA-AAAA' })).body.code).toBe(
      'bad-player-code',
    );
    // Without a code only staff may check someone in.
    expect((await staff.public.post(`${t}/players/${b}/check-in`, {})).status).toBe(403);
    expect((await staff.judge.post(`${t}/players/${b}/check-in`, {})).status).toBe(200);
    expect((await staff.public.post(`${t}/players/${a}/check-in`, { code: codes.get(a!) })).body.code).toBe(
      'already-checked-in',
    );
    const list = await staff.scorekeeper.get(`${t}/check-ins`);
    expect(list.body.notCheckedIn).toBe(2);
    expect(list.body.players.map((p: { checkedIn: { by: string } | null }) => p.checkedIn?.by ?? null)).toEqual([
      a,
      'judge',
      null,
      null,
    ]);
    expect((await staff.public.get(`${t}/check-ins`)).status).toBe(401);
    expect((await staff.scorekeeper.post(`${t}/no-shows/drop`, { count: 2 })).status).toBe(403);
    const wrong = await staff.organizer.post(`${t}/no-shows/drop`, { count: 1 });
    expect([wrong.status, wrong.body.code]).toEqual([422, 'no-show-count-changed']);
    // Checking c in now leaves one no-show: d.
    expect((await staff.public.post(`${t}/players/${c}/check-in`, { code: codes.get(c!) })).status).toBe(200);
    const dropped = await staff.organizer.post(`${t}/no-shows/drop`, { count: 1 });
    expect(dropped.body.dropped).toBe(1);
    expect(
      dropped.body.events.map((e: { type: string; data: { player: string; noShow: boolean } }) => [
        e.type,
        e.data.player,
        e.data.noShow,
      ]),
    ).toEqual([['PlayerDropped', d, true]]);
  });

  it('refuses players reporting until the organizer turns it on; then both players agree and the standings show it', async () => {
    // Three players still in: round 1 pairs two of them and gives the third a bye.
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    const [match] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    const [x, y] = match!.players;
    const send = (id: string, duels: string[], table = match!.table) =>
      staff.public.post(`${t}/players/${id}/result`, { code: codes.get(id), round: 1, table, duels });
    expect((await send(x, [x, x])).body.code).toBe('player-reports-off');
    expect((await staff.judge.request('PUT', `${t}/player-reporting`, { body: { enabled: true } })).status).toBe(403);
    expect(
      (await staff.organizer.request('PUT', `${t}/player-reporting`, { body: { enabled: true, confirmMinutes: 0 } }))
        .status,
    ).toBe(400);
    expect(
      (await staff.organizer.request('PUT', `${t}/player-reporting`, { body: { enabled: true, confirmMinutes: 5 } }))
        .status,
    ).toBe(200);

    const opened = (await page(x)).body;
    expect(opened.match).toMatchObject({
      round: 1,
      table: match!.table,
      status: 'open',
      opponent: { id: y },
    });
    // What the page draws is in its one answer: the round's clock as the round clock says it (issue 44).
    const clock = (await staff.public.get(`${t}/rounds/1/clock`)).body;
    expect(opened.clock).toEqual({
      seatTime: clock.seatTime,
      endsAt: clock.endsAt,
      started: clock.started,
      ended: false,
      now: expect.any(String),
    });
    expect(opened.tournament).toHaveProperty('timeZone');
    expect((await page(x, 'WRONG-CODE')).status).toBe(403);
    expect((await send(x, [x, x], match!.table + 1)).body.code).toBe('not-your-table');
    expect(
      (
        await staff.public.post(`${t}/players/${x}/result`, {
          code: codes.get(y),
          round: 1,
          table: match!.table,
          duels: [x, x],
        })
      ).body.code,
    ).toBe('bad-player-code');
    const stream = await SseClient.open(`${server.url}${t}/live`);
    expect((await send(x, [x, y, x])).status).toBe(200);
    // The public stream tells both pages to refetch, without what was reported.
    const frame = await stream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'PlayerResultReported'),
    );
    expect(frame.data.events.find((e: { type: string }) => e.type === 'PlayerResultReported').data).toEqual({
      round: 1,
      table: match!.table,
    });
    await stream.close();
    expect((await page(x)).body.match.status).toBe('waiting');
    expect((await page(y)).body.match).toMatchObject({ status: 'to-confirm', theirs: { duels: [x, y, x] } });
    const confirmed = await send(y, [x, y, x]);
    expect(confirmed.body.events[0]).toMatchObject({
      type: 'ResultReported',
      actor: y,
      data: { duels: [x, y, x], byPlayers: { reportedBy: x, confirmedBy: y } },
    });
    expect((await page(y)).body.match).toMatchObject({
      status: 'recorded',
      byPlayers: true,
      outcome: { kind: 'win', winner: x },
    });
    expect((await send(x, [y, y])).body.code).toBe('result-already-entered');
    const sideBySide = await staff.headJudge.get(`${t}/rounds/1/tables/${match!.table}/player-reports`);
    expect(sideBySide.body.confirmation).toMatchObject({ reportedBy: x, confirmedBy: y });
    expect(sideBySide.body.history.map((r: { player: string }) => r.player)).toEqual([x, y]);
    expect(sideBySide.body.reports.map((r: { duels: string[] }) => r.duels)).toEqual([
      [x, y, x],
      [x, y, x],
    ]);
    const standings = await staff.public.get(`${t}/standings`);
    expect(standings.body.standings.find((s: { player: string }) => s.player === x)).toMatchObject({ wins: 1 });
    // Staff can still correct it.
    const corrected = await staff.headJudge.request('PUT', `${t}/rounds/1/tables/${match!.table}/result`, {
      body: { duels: [y, y], reason: 'slip' },
    });
    expect(corrected.status).toBe(200);
  });

  it('sends a disagreement and an unconfirmed report to the judges’ queue, with both reports side by side', async () => {
    await staff.scorekeeper.post(`${t}/rounds/1/end`);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 2 });
    const [match] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    const [x, y] = match!.players;
    const send = (id: string, duels: string[]) =>
      staff.public.post(`${t}/players/${id}/result`, { code: codes.get(id), round: 2, table: match!.table, duels });
    // Watched while nothing waits: the clock may move as far as it likes, nothing is pushed.
    // x's phone, and a phone of the player with the bye, each carry the cookie their page set; the public carries none.
    const z = PLAYERS.map((p) => p.id).find((id) => id !== x && id !== y && id !== PLAYERS[3].id)!;
    const stream = await phoneStream(x!);
    const byeStream = await phoneStream(z);
    const publicStream = await SseClient.open(`${server.url}${t}/live`);
    const judgeStream = await SseClient.open(`${server.url}${t}/live`, {
      cookie: `shinpan_session=${staff.judge.cookie('shinpan_session')}`,
    });
    server.clock.advanceMinutes(30);
    const reportedAt = server.clock.now.getTime();
    expect((await send(x, [x, x])).status).toBe(200);
    await stream.next((e) => e.event === 'events');
    expect((await staff.judge.get(`${t}/player-reports`)).body.queue).toEqual([]);
    // Both pages know when it goes to the judges: the organizer's 5 minutes after the report.
    const due = new Date(reportedAt + 5 * 60_000).toISOString();
    expect((await page(x)).body.match).toMatchObject({ status: 'waiting', judgesAt: due });
    expect((await page(y)).body.match).toMatchObject({ status: 'to-confirm', judgesAt: due });
    server.clock.advanceMinutes(5);
    // No write happens then: the server itself tells the public stream (the players' pages) that it went to the judges,
    // the time to watch for having come with the report's write.
    const told = await stream.next((e) => e.event === 'unconfirmed');
    expect(told.data.matches).toEqual([{ round: 2, table: match!.table }]);
    expect(stream.received.filter((e) => e.event === 'unconfirmed')).toHaveLength(1);
    // Staff hear the judges' queue's whole list.
    expect((await judgeStream.next((e) => e.event === 'unconfirmed')).data.matches).toEqual([
      { round: 2, table: match!.table },
    ]);
    await judgeStream.close();
    // Only the two players concerned hear it (and staff): the next write's frame reaches the others after it would have.
    const next = await staff.organizer.post(`${t}/announcements`, { text: { ja: '休憩です' } });
    expect(next.status).toBe(201);
    for (const other of [byeStream, publicStream]) {
      await other.next((e) => e.event === 'events' && Number(e.id) >= next.body.version);
      expect(other.received.filter((e) => e.event === 'unconfirmed')).toEqual([]);
      await other.close();
    }
    await stream.close();
    expect((await page(y)).body.match).toMatchObject({ status: 'judges', judgesAt: null });
    expect((await staff.judge.get(`${t}/player-reports`)).body.queue).toMatchObject([
      { round: 2, reason: 'unconfirmed' },
    ]);
    expect((await send(y, [y, y])).status).toBe(200);
    const queue = (await staff.judge.get(`${t}/player-reports`)).body.queue;
    expect(queue).toMatchObject([{ round: 2, table: match!.table, reason: 'disputed' }]);
    expect(queue[0].reports.map((r: { player: string; duels: string[] }) => [r.player, r.duels])).toEqual([
      [x, [x, x]],
      [y, [y, y]],
    ]);
    expect((await page(x)).body.match.status).toBe('judges');
    expect((await staff.public.get(`${t}/player-reports`)).status).toBe(401);
    // Staff settle it by entering the result; it leaves the queue.
    expect(
      (await staff.scorekeeper.post(`${t}/rounds/2/tables/${match!.table}/result`, { duels: [y, y] })).status,
    ).toBe(200);
    expect((await staff.judge.get(`${t}/player-reports`)).body.queue).toEqual([]);
  });

  it('a stream opened while a report waits hears when it goes to the judges', async () => {
    await staff.scorekeeper.post(`${t}/rounds/2/end`);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 3 });
    const [match] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    const [x] = match!.players;
    const sent = await staff.public.post(`${t}/players/${x}/result`, {
      code: codes.get(x),
      round: 3,
      table: match!.table,
      duels: [x, x],
    });
    expect(sent.status).toBe(200);
    const stream = await phoneStream(match!.players[1]);
    server.clock.advanceMinutes(5);
    const told = await stream.next((e) => e.event === 'unconfirmed');
    expect(told.data.matches).toEqual([{ round: 3, table: match!.table }]);
    await stream.close();
  });
});
