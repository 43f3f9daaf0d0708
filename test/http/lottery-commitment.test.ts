import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A lottery's seed is drawn by the server (CSPRNG) when entry opens and its commitment shown on
 * the public entry page; closing draws with it, without a typed seed, and reveals seed and nonce
 * so anyone can check the hash. An organizer cannot type a seed after seeing the entrants.
 */
describe('a lottery draws with the seed committed when entry opened', () => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/draw';

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'draw',
      name: '抽選大会',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => server.close());

  it('publishes the commitment at opening, refuses a typed seed, and reveals what checks it at the draw', async () => {
    const settings = { cap: 2, closesAt: '2025-06-01T12:00:00.000Z', mode: 'lottery' };
    expect((await staff.organizer.request('PUT', `${t}/entry`, { body: settings })).status).toBe(200);
    const page = (await staff.public.get(`${t}/entry`)).body;
    expect(page.lottery.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect([page.lottery.seed, page.lottery.nonce]).toEqual([null, null]);
    expect(JSON.stringify(page.settings)).not.toContain('seed');
    for (const name of ['一郎', '二郎', '三郎', '四郎'])
      expect((await staff.public.post(`${t}/entries`, { name, reading: 'ナマエ' })).status).toBe(201);
    const typed = await staff.organizer.post(`${t}/entry/close`, { seed: 7 });
    expect([typed.status, typed.body.path]).toEqual([400, 'body.seed']);
    const closed = await staff.organizer.post(`${t}/entry/close`, {});
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const drawn = (await staff.public.get(`${t}/entry`)).body.lottery;
    expect(drawn.commitment).toBe(page.lottery.commitment);
    const check = createHash('sha256').update(`shinpan-lottery/1:${drawn.seed}:${drawn.nonce}`).digest('hex');
    expect(check).toBe(page.lottery.commitment);
  });
});
