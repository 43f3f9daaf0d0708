import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The public read API as a bot or a coverage site uses it: every read carries the tournament's
 * version as ETag and answers 304 with no body while it holds; the calendar has the rounds'
 * planned seat times.
 */

let server: TestServer;
let staff: Staff;
const T = '/api/tournaments/coverage';

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  staff = await staffOf(server);
  await tournamentWithPlayers(staff, 'coverage');
  const paired = await staff.scorekeeper.post(`${T}/rounds`, {
    round: 1,
    seatTime: '2025-06-01T10:30:00+09:00',
    startLater: true,
  });
  expect(paired.status, JSON.stringify(paired.body)).toBe(201);
});
afterAll(() => server.close());

describe('public reads for bots', () => {
  for (const path of [T, `${T}/rounds/1/pairings`, `${T}/standings`, `${T}/calendar.ics`]) {
    it(`answers 304 to If-None-Match on ${path.replace(T, '…')} until the tournament changes`, async () => {
      const first = await staff.public.get(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"\d+"$/);
      const again = await staff.public.get(path, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      const announced = await staff.organizer.post(`${T}/announcements`, { text: { ja: '受付開始', en: 'Desk open' } });
      expect(announced.status).toBe(201);
      const changed = await staff.public.get(path, { headers: { 'if-none-match': etag! } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });
  }

  it('lists the rounds at their planned seat times in an iCalendar file', async () => {
    const answer = await staff.public.get(`${T}/calendar.ics`);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = answer.body as string;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTART;VALUE=DATE:20250601');
    // 10:30 in Tokyo is 01:30 UTC; the round lasts its 40 minutes.
    expect(text).toContain('UID:round-1.coverage@shinpan\r\nDTSTAMP:');
    expect(text).toContain('DTSTART:20250601T013000Z\r\nDURATION:PT40M');
    expect(text).toContain('SUMMARY:関東地区予選 第1回戦 / Round 1');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('leaves a held round out of the calendar, as out of every public view', async () => {
    const ended = await staff.scorekeeper.get(`${T}/rounds/1/pairings`);
    for (const table of ended.body.tables as { table: number | null; players: { id: string }[] }[])
      if (table.table !== null)
        await staff.scorekeeper.post(`${T}/rounds/1/tables/${table.table}/result`, {
          duels: [table.players[0]!.id, table.players[0]!.id],
        });
    expect((await staff.scorekeeper.post(`${T}/rounds/1/end`)).status).toBe(200);
    expect((await staff.scorekeeper.post(`${T}/rounds`, { round: 2, hold: true })).status).toBe(201);
    const text = (await staff.public.get(`${T}/calendar.ics`)).body as string;
    expect(text).not.toContain('Round 2');
  });
});
