import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The waiting list is one queue every path respects: reopening entry with a larger cap moves
 * those waiting up before any newcomer, and staff registering a waiting entrant by hand does
 * not stop the list from moving when a seat frees.
 */
const CLOSES = '2025-06-01T12:00:00.000Z';

describe('the waiting list is one queue', () => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/queue';

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'queue',
      name: '店舗大会',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => server.close());

  const open = (cap: number) =>
    staff.organizer.request('PUT', `${t}/entry`, { body: { cap, closesAt: CLOSES, mode: 'waiting-list' } });
  const enter = (name: string) => staff.public.post(`${t}/entries`, { name, reading: 'ナマエ' });
  const registered = async () =>
    ((await staff.scorekeeper.get(`${t}/players`)).body.players as { id: string; dropped?: unknown }[]).map(
      (p) => p.id,
    );

  it('reopening with a larger cap moves those waiting up before a newcomer', async () => {
    expect((await open(1)).status).toBe(200);
    const a = await enter('一郎');
    const b = await enter('二郎');
    const c = await enter('三郎');
    expect([a.body.status, b.body.status, c.body.status]).toEqual(['registered', 'waiting', 'waiting']);
    expect((await staff.organizer.post(`${t}/entry/close`, {})).status).toBe(200);
    expect((await open(2)).status).toBe(200);
    // The seat the larger cap made is the first waiting entrant's.
    expect(await registered()).toEqual([a.body.player, b.body.player]);
    const d = await enter('四郎');
    expect([d.body.status, d.body.place]).toEqual(['waiting', 2]);
  });

  it('after staff register the first waiting entrant by hand, a drop moves the next one up', async () => {
    const entries = (await staff.organizer.get(`${t}/entries`)).body.entries as { id: string; name: string }[];
    const third = entries.find((e) => e.name === '三郎')!;
    const fourth = entries.find((e) => e.name === '四郎')!;
    const byHand = await staff.scorekeeper.post(`${t}/players`, { id: third.id, name: '三郎' });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);
    // Three players on two seats: the first drop frees none, the second frees one, the fourth's.
    const [first, second] = await registered();
    expect((await staff.scorekeeper.post(`${t}/players/${first}/drop`, {})).status).toBeLessThan(300);
    expect(await registered()).not.toContain(fourth.id);
    expect((await staff.scorekeeper.post(`${t}/players/${second}/drop`, {})).status).toBeLessThan(300);
    expect(await registered()).toContain(fourth.id);
  });
});
