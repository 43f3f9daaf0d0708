import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ENTRIES_PER_MINUTE } from '../../src/adapters/http/routes/entries.js';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Public entry's limits count what they protect: entries to a tournament that does not exist
 * write nothing and must not lock the venue's one address out of a real tournament's entry.
 */
describe('public entry limits', () => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/shop';

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'shop',
      name: '店舗大会',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    const settings = { cap: 32, closesAt: '2025-06-01T12:00:00.000Z', mode: 'waiting-list' };
    expect((await staff.organizer.request('PUT', `${t}/entry`, { body: settings })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('entries to a tournament that does not exist are not counted against the address', async () => {
    for (let i = 0; i <= PUBLIC_ENTRIES_PER_MINUTE; i++) {
      const missing = await staff.public.post('/api/tournaments/nowhere/entries', {
        name: `名前${i}`,
        reading: 'ナマエ',
      });
      expect(missing.status).toBe(404);
    }
    const real = await staff.public.post(`${t}/entries`, { name: '遊城十代', reading: 'ユウキ ジュウダイ' });
    expect(real.status, JSON.stringify(real.body)).toBe(201);
  });
});
