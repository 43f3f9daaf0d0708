import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The public's views of an ended round (its pairings board, the standings after it) are made
 * once and answered again while no event that can change them comes in; an answer carries the
 * version it was made at, so an answer whose version stays the same was not made again. After
 * an event that reaches the round, the view is made again and equals what staff (who always get
 * the current version) see.
 */

const T = '/api/tournaments/ended';
type Table = { table: number | null; players: { id: string }[] };

describe.each(await storeKinds())('ended rounds\u2019 views on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const tables = new Map<number, { table: number; players: string[] }[]>();

  /** Pairs `round`, enters every result (the first player wins), and with `end` ends it. */
  async function play(round: number, end: boolean): Promise<void> {
    const paired = await staff.scorekeeper.post(`${T}/rounds`, { round });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    const board = (await staff.scorekeeper.get(`${T}/rounds/${round}/pairings`)).body.tables as Table[];
    const played = board
      .filter((t) => t.table !== null)
      .map((t) => ({ table: t.table!, players: t.players.map((p) => p.id) }));
    tables.set(round, played);
    if (!end) return;
    for (const t of played) {
      const entered = await staff.scorekeeper.post(`${T}/rounds/${round}/tables/${t.table}/result`, {
        duels: [t.players[0], t.players[0]],
      });
      expect(entered.status).toBe(200);
    }
    expect((await staff.scorekeeper.post(`${T}/rounds/${round}/end`)).status).toBe(200);
  }

  const views = (round: number) => [`${T}/rounds/${round}/pairings`, `${T}/standings?round=${round}`];

  /** The public's answer and the staff's of the same view: equal but for the version they were made at. */
  async function both(path: string): Promise<{ version: number; etag: string | null }> {
    const pub = await staff.public.get(path);
    const own = await staff.judge.get(path);
    expect(pub.status).toBe(200);
    const { version, ...content } = pub.body;
    const { version: current, ...staffContent } = own.body;
    expect(content).toEqual(staffContent);
    expect(version).toBeLessThanOrEqual(current);
    return { version, etag: pub.headers.get('etag') };
  }

  beforeAll(async () => {
    // The views kept are what is tested: kept whatever SHINPAN_NO_CACHES says.
    server = await startTestServer(kind, { caches: true });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'ended', { rounds: 3 });
    await play(1, true);
    await play(2, false);
  }, 60_000);
  afterAll(async () => server.close());

  it('answers an ended round\u2019s board and standings as made while later results come in', async () => {
    const first = await Promise.all(views(1).map(both));
    for (const t of tables.get(2)!) {
      const entered = await staff.scorekeeper.post(`${T}/rounds/2/tables/${t.table}/result`, {
        duels: [t.players[1], t.players[1]],
      });
      expect(entered.status).toBe(200);
      const again = await Promise.all(views(1).map(both));
      expect(again).toEqual(first);
    }
    // A seat mark, a check of the current round: round 1 is not reached either.
    expect((await staff.scorekeeper.post(`${T}/rounds/2/end`)).status).toBe(200);
    expect(await Promise.all(views(1).map(both))).toEqual(first);
    // An unchanged view answers 304 to the ETag it gave.
    const cached = await staff.public.get(views(1)[0]!, { headers: { 'if-none-match': first[0]!.etag! } });
    expect(cached.status).toBe(304);
  });

  it('makes the views again after an event that reaches the round, and only those it reaches', async () => {
    await play(3, false);
    const before1 = await Promise.all(views(1).map(both));
    const before2 = await Promise.all(views(2).map(both));
    // A corrected result of round 2: round 2's board and standings change, round 1's do not.
    const t = tables.get(2)![0]!;
    const corrected = await staff.scorekeeper.request('PUT', `${T}/rounds/2/tables/${t.table}/result`, {
      body: { duels: [t.players[0], t.players[0]], reason: 'entered the wrong way round' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const after2 = await Promise.all(views(2).map(both));
    expect(after2.map((a) => a.version)).toEqual([corrected.body.version, corrected.body.version]);
    expect(await Promise.all(views(1).map(both))).toEqual(before1);
    expect(before2[0]!.version).toBeLessThan(corrected.body.version);

    // A corrected result of round 1 reaches the standings after round 2 too, not round 2's board.
    const first = tables.get(1)![0]!;
    const again = await staff.scorekeeper.request('PUT', `${T}/rounds/1/tables/${first.table}/result`, {
      body: { duels: [first.players[1], first.players[1]], reason: 'the judge\u2019s ruling' },
    });
    expect(again.status).toBe(200);
    expect((await both(views(1)[0]!)).version).toBe(again.body.version);
    expect((await both(views(2)[1]!)).version).toBe(again.body.version);
    expect((await both(views(2)[0]!)).version).toBe(corrected.body.version);

    // A player's new name, a drop and a rescinded penalty reach every round's views.
    const renamed = await staff.scorekeeper.post(`${T}/players/${PLAYERS[0].id}/details`, { name: '遊城 十代' });
    expect(renamed.status).toBe(200);
    for (const path of [...views(1), ...views(2)]) expect((await both(path)).version).toBe(renamed.body.version);
    const board = (await staff.public.get(views(1)[0]!)).body.tables as { players: { name: string }[] }[];
    expect(board.flatMap((x) => x.players.map((p) => p.name))).toContain('遊城 十代');
    const dropped = await staff.scorekeeper.post(`${T}/players/${PLAYERS[3].id}/drop`, {});
    expect(dropped.status).toBe(200);
    for (const path of [...views(1), ...views(2)]) expect((await both(path)).version).toBe(dropped.body.version);
    const issued = await staff.judge.post(`${T}/penalties`, {
      player: PLAYERS[1].id,
      report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const rescinded = await staff.headJudge.post(`${T}/penalties/${issued.body.penalty.penaltyId}/appeal`, {
      outcome: 'rescinded',
      reason: 'the appeal was upheld',
    });
    expect(rescinded.status, JSON.stringify(rescinded.body)).toBe(200);
    for (const path of [...views(1), ...views(2)]) expect((await both(path)).version).toBe(rescinded.body.version);
  });
});
