import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * What a shop organizer expected and did not find (issue 39), over HTTP on SQLite: the entry
 * fee at the check-in desk, a player's own withdrawal moving the waiting list up, the prize
 * list as the desk reads it, and the results report as CSV.
 */
describe('a shop organizer over HTTP', () => {
  let server: TestServer;
  let staff: Staff;
  let t: string;
  const [P1, P2, P3, P4] = PLAYERS.map((p) => p.id) as [string, string, string, string];

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    t = `/api/tournaments/${await tournamentWithPlayers(staff, 'shop', { rounds: 2 })}`;
  });
  afterAll(async () => server.close());

  it('sets an entry fee, marks players paid at check-in and undoes a mark; the check-ins show unpaid and the totals', async () => {
    const none = await staff.judge.post(`${t}/players/${P1}/fee-payment`, { paid: true });
    expect([none.status, none.body.code]).toEqual([422, 'no-entry-fee']);
    const bad = await staff.organizer.request('PUT', `${t}/entry-fee`, { body: { amount: 1000, currency: 'yen' } });
    expect([bad.status, bad.body.path]).toEqual([400, 'body.currency']);
    const set = await staff.organizer.request('PUT', `${t}/entry-fee`, { body: { amount: 1000 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await staff.scorekeeper.request('PUT', `${t}/entry-fee`, { body: { amount: 500 } })).status).toBe(403);
    for (const p of [P1, P2, P3])
      expect((await staff.judge.post(`${t}/players/${p}/fee-payment`, { paid: true })).status).toBe(200);
    expect((await staff.scorekeeper.post(`${t}/players/${P3}/fee-payment`, { paid: false })).status).toBe(200);
    expect((await staff.scorekeeper.post(`${t}/players/${P4}/drop`, { reason: 'no-show' })).status).toBe(200);
    const view = await staff.judge.get(`${t}/check-ins`);
    expect(view.body.fee).toEqual({
      amount: 1000,
      currency: 'JPY',
      paid: 2,
      unpaid: 1,
      paidTotal: 2000,
      unpaidTotal: 1000,
    });
    expect(view.body.players.map((p: { id: string; paid: boolean | null }) => [p.id, p.paid])).toEqual([
      [P1, true],
      [P2, true],
      [P3, false],
      // Dropped before round 1: owes nothing.
      [P4, null],
    ]);
    // Unpaid does not keep anyone out of round 1.
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
  });

  it('a player withdraws from their page before round 1 and the first waiting entrant moves up, told on their page', async () => {
    const e = '/api/tournaments/shop-entry';
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'shop-entry',
      name: '店舗大会',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 2, topCut: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const opened = await staff.organizer.request('PUT', `${e}/entry`, {
      body: { cap: 2, closesAt: '2025-06-01T12:00:00.000Z', mode: 'waiting-list' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const entered: { player: string; code: string; status: string }[] = [];
    for (const [name, reading] of [
      ['佐藤 健太', 'サトウ ケンタ'],
      ['鈴木 翔', 'スズキ ショウ'],
      ['高橋 美咲', 'タカハシ ミサキ'],
    ] as const) {
      const answer = await staff.public.post(`${e}/entries`, { name, reading });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      entered.push(answer.body);
    }
    const [first, second, waiting] = entered as [(typeof entered)[0], (typeof entered)[0], (typeof entered)[0]];
    expect(waiting.status).toBe('waiting');
    expect((await staff.public.get(`${e}/players/${waiting.player}/page?code=${waiting.code}`)).status).toBe(404);
    const wrong = await staff.public.post(`${e}/players/${first.player}/withdraw`, { code: second.code });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'bad-player-code']);
    const gone = await staff.public.post(`${e}/players/${first.player}/withdraw`, { code: first.code });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const page = await staff.public.get(`${e}/players/${waiting.player}/page?code=${waiting.code}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.player).toMatchObject({ id: waiting.player, movedUp: true, dropped: false });
    const mine = await staff.public.get(`${e}/players/${first.player}/page?code=${first.code}`);
    expect(mine.body.player).toMatchObject({ dropped: true, movedUp: false });
    const log = await staff.organizer.get(`${e}/export?format=events`);
    const types = String(log.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: { withdrawn?: boolean; fromWaitingList?: boolean } })
      .filter((ev) => ev.data.withdrawn === true || ev.data.fromWaitingList === true)
      .map((ev) => ev.type);
    expect(types).toEqual(['PlayerDropped', 'PlayerRegistered']);
    // Once round 1 is paired the player asks the staff instead.
    expect((await staff.scorekeeper.post(`${e}/rounds`, { round: 1 })).status).toBe(201);
    const late = await staff.public.post(`${e}/players/${second.player}/withdraw`, { code: second.code });
    expect([late.status, late.body.code]).toEqual([422, 'withdrawal-closed']);
  });

  it('answers the prize list for the desk and the results report as CSV with the participant count', async () => {
    const set = await staff.organizer.request('PUT', `${t}/prizes`, {
      body: { prizes: [{ id: 'thanks', name: '参加賞', rule: { kind: 'round', round: 1, who: 'played' } }] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const prizes = await staff.judge.get(`${t}/prizes`);
    expect(prizes.body).toMatchObject({
      prizes: [{ id: 'thanks', name: '参加賞', rule: { kind: 'round', round: 1, who: 'played' }, awarded: null }],
      excluded: [],
      byPlayer: [],
    });
    const csv = await staff.organizer.get(`${t}/export?format=results.csv&lang=en`);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain('Section,Item,Place,Round,Player ID,Card Game ID,Name,Value');
    // Four registered, one dropped before round 1: three participants.
    expect(text).toContain('Event,Participants,,,,,,3');
    expect(text).toContain('Event,Status,,,,,,running');
  });
});
