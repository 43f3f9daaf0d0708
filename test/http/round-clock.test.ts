import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from './support/sse-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const name = (id: string) => PLAYERS.find((p) => p.id === id)!.name;

describe.each(await storeKinds())('the round clock and live updates on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  let staffStream: SseClient;
  let publicStream: SseClient;
  let tables: { table: number; players: [string, string] }[];
  const t = '/api/tournaments/clock';

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'clock');
    // Seat time is the server's now: 09:00.
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: '2025-06-01T09:00:00.000Z' });
    tables = paired.body.pairing.matches;
    staffStream = await SseClient.open(`${server.url}${t}/live`, {
      cookie: `shinpan_session=${staff.judge.cookie('shinpan_session')}`,
    });
    publicStream = await SseClient.open(`${server.url}${t}/live`);
  });
  afterAll(async () => {
    await staffStream.close();
    await publicStream.close();
    await server.close();
  });

  it('greets each stream with the version and who it is for', async () => {
    expect((await staffStream.next((e) => e.event === 'hello')).data).toMatchObject({ version: 6, audience: 'staff' });
    expect((await publicStream.next((e) => e.event === 'hello')).data).toMatchObject({
      version: 6,
      audience: 'public',
    });
  });

  it('lists nobody at the seat time, everyone a minute later with a warning proposed', async () => {
    const atSeatTime = await staff.judge.get(`${t}/rounds/1/clock`);
    expect(atSeatTime.body).toMatchObject({
      round: 1,
      seatTime: '2025-06-01T09:00:00.000Z',
      endsAt: '2025-06-01T09:40:00.000Z',
      late: [],
    });
    server.clock.advanceMinutes(1);
    const clock = await staff.judge.get(`${t}/rounds/1/clock`);
    expect(clock.body.now).toBe('2025-06-01T09:01:00.000Z');
    expect(
      clock.body.late.map((l: { player: string; minutesLate: number; penalty: string; repeat: unknown }) => [
        l.player,
        l.minutesLate,
        l.penalty,
        l.repeat,
      ]),
    ).toEqual(tables.flatMap((m) => m.players.map((p) => [p, 1, 'warning', null])));
    const publicClock = await staff.public.get(`${t}/rounds/1/clock`);
    expect(publicClock.body.late).toBeUndefined();
    expect(publicClock.body.minutesSinceSeatTime).toBe(1);
  });

  it('drops seated players from the list and pushes the new list to staff consoles', async () => {
    const [first, second] = tables[0]!.players;
    for (const player of [first, second]) {
      const seated = await staff.judge.post(`${t}/rounds/1/tables/1/seated`, { player });
      expect(seated.status).toBe(200);
    }
    const [a, b] = tables[1]!.players;
    const pushed = await staffStream.next((e) => e.event === 'late' && e.data.late.length === 2);
    expect(pushed.data.late.map((l: { player: string; name: string }) => [l.player, l.name])).toEqual([
      [a, name(a)],
      [b, name(b)],
    ]);
    const seatedEvent = await publicStream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'PlayerSeated'),
    );
    expect(seatedEvent.data.events[0]).toMatchObject({
      type: 'PlayerSeated',
      data: { round: 1, table: 1, player: first },
    });
  });

  it('proposes a duel loss from +5 and refuses a confirmation of a proposal that changed', async () => {
    server.clock.advanceMinutes(4);
    const [a] = tables[1]!.players;
    const pushed = await staffStream.next(
      (e) => e.event === 'late' && e.data.late.length > 0 && e.data.late[0].penalty === 'duel-loss',
    );
    expect(pushed.data.late.map((l: { penalty: string }) => l.penalty)).toEqual(['duel-loss', 'duel-loss']);
    const stale = await staff.judge.post(`${t}/rounds/1/late/${a}/confirm`, { expectedPenalty: 'warning' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('proposal-changed');
    const confirmed = await staff.judge.post(
      `${t}/rounds/1/late/${a}/confirm`,
      { expectedPenalty: 'duel-loss' },
      { headers: { 'idempotency-key': 'late-a-5' } },
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.penalty).toMatchObject({
      penaltyId: 1,
      player: a,
      penalty: 'duel-loss',
      report: { infraction: 'tardiness', facts: { minutesLate: 5 }, phase: 'between-matches' },
      judge: { id: 'judge', role: 'judge' },
    });
    // The phone retries ten seconds later: the same answer, no second penalty.
    server.clock.now = new Date(server.clock.now.getTime() + 10_000);
    const retry = await staff.judge.post(
      `${t}/rounds/1/late/${a}/confirm`,
      { expectedPenalty: 'duel-loss' },
      { headers: { 'idempotency-key': 'late-a-5' } },
    );
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(confirmed.body);
    expect((await staff.judge.get(`${t}/penalties`)).body.penalties).toHaveLength(1);
  });

  it('keeps penalties off the public stream', async () => {
    const penalty = await staffStream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'PenaltyIssued'),
    );
    expect(penalty.data.events[0].data.penalty).toBe('duel-loss');
    const publicUpdate = await publicStream.next(
      (e) => e.event === 'events' && e.data.version === penalty.data.version,
    );
    expect(publicUpdate.data.events).toEqual([]);
  });

  it('proposes a match loss from +10: for a lateness already penalized it replaces that penalty, never adds a repeat', async () => {
    server.clock.advanceMinutes(5);
    const [a, b] = tables[1]!.players;
    const clock = await staff.judge.get(`${t}/rounds/1/clock`);
    expect(
      clock.body.late.map(
        (l: { player: string; penalty: string; repeat: unknown; issued: unknown; confirmable: boolean }) => [
          l.player,
          l.penalty,
          l.repeat,
          l.issued,
          l.confirmable,
        ],
      ),
    ).toEqual([
      // The same lateness as penalty 1: not a second tardiness, so no repeat; confirming raises penalty 1.
      [a, 'match-loss', null, { penaltyId: 1, penalty: 'duel-loss' }, true],
      [b, 'match-loss', null, null, true],
    ]);
    const raised = await staff.judge.post(`${t}/rounds/1/late/${a}/confirm`, { expectedPenalty: 'match-loss' });
    expect(raised.status).toBe(201);
    expect(raised.body.penalty).toMatchObject({ penaltyId: 1, penalty: 'match-loss' });
    const log = (await staff.judge.get(`${t}/penalties`)).body.penalties;
    expect(log.map((p: { id: number; player: string; penalty: string }) => [p.id, p.player, p.penalty])).toEqual([
      [1, a, 'match-loss'],
    ]);
    const board = await staff.public.get(`${t}/rounds/1/pairings`);
    const table2 = board.body.tables.find((x: { table: number }) => x.table === 2);
    expect(table2.outcome).toEqual({ kind: 'win', winner: b, byPenalty: true });
    // The match is decided: nobody is left waiting at table 2, and a second tap is refused.
    expect((await staff.judge.get(`${t}/rounds/1/clock`)).body.late).toEqual([]);
    const notLate = await staff.judge.post(`${t}/rounds/1/late/${a}/confirm`, {});
    expect(notLate.status).toBe(422);
    expect(notLate.body.code).toBe('not-late');
  });

  it('records a time extension per table', async () => {
    const extended = await staff.judge.post(`${t}/rounds/1/tables/1/extensions`, {
      minutes: 3,
      reason: 'ruling on a chain',
    });
    expect(extended.status).toBe(200);
    const clock = await staff.public.get(`${t}/rounds/1/clock`);
    expect(clock.body.extensions).toEqual([{ table: 1, minutes: 3 }]);
    const pushed = await publicStream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'TimeExtended'),
    );
    expect(pushed.data.events[0].data).toEqual({ round: 1, table: 1, minutes: 3 });
  });

  it('lets a reconnecting console catch up from Last-Event-ID', async () => {
    const resumed = await SseClient.open(`${server.url}${t}/live`, { 'last-event-id': '6' });
    const missed = await resumed.next((e) => e.event === 'events');
    expect(missed.data.events.map((e: { type: string }) => e.type)).toEqual([
      'PlayerSeated',
      'PlayerSeated',
      'TimeExtended',
    ]);
    expect(missed.id).toBe(String(missed.data.version));
    await resumed.close();
  });
});
