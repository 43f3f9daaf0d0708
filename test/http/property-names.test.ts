import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Ids are names, even when they are spelt like a JavaScript object's own properties: a lookup
 * keyed by what users type must not find `constructor` or `__proto__` on every object.
 */
const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'] as const;

describe.each(await storeKinds())('ids named like object properties on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/constructor';

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  it('creates a tournament named constructor, and refuses __proto__ as an id without failing', async () => {
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'constructor',
      name: '関東地区予選',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect([created.status, created.body.code]).toEqual([201, undefined]);
    expect((await staff.public.get(t)).status).toBe(200);
    for (const path of ['', '/penalties', '/players', '/standings', '/check-ins']) {
      const answer = await staff.organizer.get(`/api/tournaments/__proto__${path}`);
      expect([path, answer.status, answer.body.path]).toEqual([path, 400, 'params.tournamentId']);
    }
  });

  it('registers players named like properties, who are not checked in, seated or reported until they are', async () => {
    for (const id of [...NAMES, 'plain'])
      expect((await staff.scorekeeper.post(`${t}/players`, { id, name: `選手 ${id}` })).status).toBe(201);
    const before = await staff.scorekeeper.get(`${t}/check-ins`);
    expect(before.status).toBe(200);
    expect(before.body.notCheckedIn).toBe(5);
    expect(before.body.players.map((p: { checkedIn: unknown }) => p.checkedIn)).toEqual([null, null, null, null, null]);
    const slip = await staff.scorekeeper.get(`${t}/players/constructor/slip`);
    expect((await staff.public.get(`${t}/players/constructor/page?code=${slip.body.code}`)).body.checkIn).toEqual({
      open: true,
      at: null,
      venueCode: false,
    });
    expect((await staff.public.post(`${t}/players/constructor/check-in`, { code: slip.body.code })).status).toBe(200);
    expect((await staff.judge.post(`${t}/players/__proto__/check-in`, {})).status).toBe(200);
    const after = await staff.scorekeeper.get(`${t}/check-ins`);
    expect(after.body.notCheckedIn).toBe(3);
    // The no-shows are exactly the three not checked in.
    const dropped = await staff.organizer.post(`${t}/no-shows/drop`, { count: 3 });
    expect(dropped.status).toBe(200);
    expect(dropped.body.events.map((e: { data: { player: string } }) => e.data.player).sort()).toEqual(
      ['hasOwnProperty', 'plain', 'toString'].sort(),
    );
  });

  it('pairs them, lists them as late until seated, and seats each once', async () => {
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: '2025-06-01T08:50:00.000Z' });
    expect(paired.status).toBe(201);
    const clock = await staff.judge.get(`${t}/rounds/1/clock`);
    expect(clock.body.late.map((l: { player: string }) => l.player).sort()).toEqual(['__proto__', 'constructor']);
    const table = paired.body.pairing.matches[0].table;
    for (const player of ['constructor', '__proto__']) {
      const seated = await staff.judge.post(`${t}/rounds/1/tables/${table}/seated`, { player });
      expect([player, seated.status]).toEqual([player, 200]);
    }
    const again = await staff.judge.post(`${t}/rounds/1/tables/${table}/seated`, { player: 'constructor' });
    expect(again.body.code).toBe('already-seated');
    expect((await staff.judge.get(`${t}/rounds/1/clock`)).body.late).toEqual([]);
    const pairings = await staff.judge.get(`${t}/rounds/1/pairings`);
    expect(pairings.status).toBe(200);
    const result = await staff.scorekeeper.post(`${t}/rounds/1/tables/${table}/result`, {
      duels: ['constructor', 'constructor'],
    });
    expect(result.status).toBe(200);
    const standings = await staff.public.get(`${t}/standings`);
    expect(standings.status).toBe(200);
    // The three no-shows dropped before round 1 never played: no line (docs/standings.md).
    expect(standings.body.standings.map((r: { player: string; points: number }) => [r.player, r.points])).toEqual([
      ['constructor', 3],
      ['__proto__', 0],
    ]);
  });
});
