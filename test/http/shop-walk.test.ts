import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './support/http-client.js';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A shop event as its people meet it (issue 39), over HTTP on SQLite: public entries with Card
 * Game IDs, a duplicate withdrawn before round 1, a penalty by a head judge with a display
 * name, in a Tokyo event. The incident report names the stored Card Game ID, prints times in
 * the event's zone and judges by display name; the withdrawn entry is no participant.
 */
describe('a shop event walk over HTTP', () => {
  let server: TestServer;
  let staff: Staff;
  let hanako: HttpClient;
  const t = '/api/tournaments/shop';
  const players: string[] = [];
  const playerCodes = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    const made = await staff.organizer.post('/api/accounts', {
      username: 'hanako',
      displayName: '審判 花子',
      roles: ['head-judge'],
      password: 'hanako-password',
    });
    expect(made.status).toBe(201);
    hanako = server.client();
    await hanako.login('hanako', 'hanako-password');
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'shop',
      name: '店舗大会',
      date: '2025-06-01',
      timeZone: 'Asia/Tokyo',
      structure: { kind: 'swiss', rounds: 2, topCut: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const opened = await staff.organizer.request('PUT', `${t}/entry`, {
      body: { cap: 8, closesAt: '2025-06-01T12:00:00.000Z', mode: 'waiting-list' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const names: [string, string, string][] = [
      ['佐藤 健太', 'サトウ ケンタ', '0123456701'],
      ['鈴木 翔', 'スズキ ショウ', '0123456702'],
      ['高橋 美咲', 'タカハシ ミサキ', '0123456703'],
      ['田中 大輔', 'タナカ ダイスケ', '0123456704'],
      ['佐藤 健太', 'サトウ ケンタ', '0123456701'],
    ];
    for (const [name, reading, cardGameId] of names) {
      const entered = await staff.public.post(`${t}/entries`, { name, reading, cardGameId });
      expect(entered.status, JSON.stringify(entered.body)).toBe(201);
      players.push(entered.body.player);
      playerCodes.set(entered.body.player, entered.body.code);
    }
  });
  afterAll(async () => server.close());

  it('drops the duplicate before round 1: no participant, no duplicate warning any more', async () => {
    const before = await staff.scorekeeper.get(`${t}/entries`);
    expect(before.body.entries.map((e: { duplicates: string[] }) => e.duplicates.length)).toEqual([1, 0, 0, 0, 1]);
    const dropped = await staff.scorekeeper.post(`${t}/players/${players[4]}/drop`, {});
    expect(dropped.status, JSON.stringify(dropped.body)).toBeLessThan(300);
    const summary = await staff.scorekeeper.get(t);
    expect(summary.body.players).toBe(4);
    const listed = await staff.public.get('/api/tournaments');
    const shop = listed.body.tournaments.find((x: { id: string }) => x.id === 'shop');
    expect(shop.players).toBe(4);
    const after = await staff.scorekeeper.get(`${t}/entries`);
    expect(after.body.entries.map((e: { duplicates: string[] }) => e.duplicates.length)).toEqual([0, 0, 0, 0, 0]);
  });

  it('takes a Card Game ID typed in full-width digits as the same digits; one that is not ten digits is refused, naming the rule', async () => {
    const wide = await staff.public.post(`${t}/entries`, {
      name: '山本 光',
      reading: 'ヤマモト ヒカル',
      cardGameId: '０１２３４５６７０９',
    });
    expect(wide.status, JSON.stringify(wide.body)).toBe(201);
    const entries = await staff.scorekeeper.get(`${t}/entries`);
    expect(entries.body.entries.at(-1).cardGameId).toBe('0123456709');
    const bad = await staff.public.post(`${t}/entries`, {
      name: '山本 光',
      reading: 'ヤマモト ヒカル',
      cardGameId: '01234-5678',
    });
    expect([bad.status, bad.body.path]).toEqual([400, 'body.cardGameId']);
    expect(bad.body.messageJa).toContain('10 桁の数字');
  });

  it('checks a player in with the venue code only, where the organizer requires it', async () => {
    const [first, second] = [players[0]!, players[1]!];
    expect((await staff.public.get(`${t}/venue-code`)).status).toBe(401);
    expect(
      (await staff.scorekeeper.request('PUT', `${t}/check-in-venue-code`, { body: { required: true } })).status,
    ).toBe(403);
    const on = await staff.organizer.request('PUT', `${t}/check-in-venue-code`, { body: { required: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const venue = await staff.judge.get(`${t}/venue-code`);
    expect(venue.body).toMatchObject({ required: true, code: expect.stringMatching(/^\d{4}$/) });
    const code = playerCodes.get(first)!;
    const none = await staff.public.post(`${t}/players/${first}/check-in`, { code });
    expect([none.status, none.body.code, none.body.path]).toEqual([400, 'venue-code-needed', 'body.venueCode']);
    const wrong = String((Number(venue.body.code) + 1) % 10_000).padStart(4, '0');
    const refused = await staff.public.post(`${t}/players/${first}/check-in`, { code, venueCode: wrong });
    expect([refused.status, refused.body.code]).toEqual([403, 'venue-code-wrong']);
    expect(refused.body.messageJa).toContain('会場コード');
    const page = await staff.public.get(`${t}/players/${first}/page?code=${code}`);
    expect(page.body.checkIn).toEqual({ open: true, at: null, venueCode: true });
    const ok = await staff.public.post(`${t}/players/${first}/check-in`, { code, venueCode: venue.body.code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Staff check a player in without it.
    expect((await staff.scorekeeper.post(`${t}/players/${second}/check-in`, {})).status).toBe(200);
  });

  it("the incident report names the Card Game ID, Tokyo times and the judge's display name", async () => {
    const one = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    const [player] = one.body.pairing.matches[0].players as [string, string];
    const issued = await hanako.post(`${t}/penalties`, {
      player,
      report: { infraction: 'bribery', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: ['賞品を渡すと持ちかけた'],
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const id = issued.body.penalty.penaltyId;
    const data = await hanako.get(`${t}/penalties/${id}/incident-report?format=json`);
    const entries = (await staff.scorekeeper.get(`${t}/entries`)).body.entries as { id: string; cardGameId: string }[];
    const cardGameId = entries.find((e) => e.id === player)!.cardGameId;
    expect(cardGameId).toMatch(/^01234567\d\d$/);
    expect(data.body.player).toMatchObject({ id: player, cardGameId });
    expect(data.body.judge).toEqual({ id: 'hanako', role: 'head-judge', name: '審判 花子' });
    expect(data.body.tournament.timeZone).toBe('Asia/Tokyo');
    const page = (await hanako.get(`${t}/penalties/${id}/incident-report`)).body as string;
    expect(page).toContain(`<td>${cardGameId} <span class="small">(${player})</span></td>`);
    // 09:00 UTC is 18:00 in Tokyo.
    expect(page).toContain('2025-06-01 18:00:00 +09:00');
    expect(page).not.toContain('T09:00:00');
    expect(page).toContain('審判 花子');
  });
});
