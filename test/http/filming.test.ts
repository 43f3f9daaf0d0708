import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Issue 43 over HTTP: a player's answer to being filmed (at entry, at registration, at the
 * desk), feature tables refused with `filming-consent-missing` for a player who did not say
 * yes, and the overlays' public view: a whitelist with no ids, no answers and no staff words.
 */

let server: TestServer;
let staff: Staff;
const ID = 'stream';
const T = `/api/tournaments/${ID}`;
const [A, B, C, D] = [PLAYERS[0].id, PLAYERS[1].id, PLAYERS[2].id, PLAYERS[3].id];
let tables: { table: number; players: string[] }[] = [];

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  staff = await staffOf(server);
  await tournamentWithPlayers(staff, ID);
  for (const p of [A, B, C]) {
    const answered = await staff.judge.request('PUT', `${T}/players/${p}/filming`, { body: { consent: true } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  }
  const paired = await staff.scorekeeper.post(`${T}/rounds`, { round: 1 });
  expect(paired.status, JSON.stringify(paired.body)).toBe(201);
  const view = await staff.public.get(`${T}/rounds/1/pairings`);
  tables = view.body.tables.map((x: { table: number; players: { id: string }[] }) => ({
    table: x.table,
    players: x.players.map((p) => p.id),
  }));
});
afterAll(() => server.close());

const tableOf = (player: string) => tables.find((x) => x.players.includes(player))!.table;

describe('consent and feature tables over HTTP', () => {
  it('refuses a feature table with a player never asked (422, naming them), takes one whose players said yes', async () => {
    const refused = await staff.organizer.request('PUT', `${T}/rounds/1/features`, { body: { tables: [tableOf(D)] } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('filming-consent-missing');
    expect(refused.body.message).toContain(`(${D}) has not been asked about filming`);
    expect(refused.body.messageJa).toContain('まだ聞かれていません');
    const other = tables.find((x) => !x.players.includes(D))!.table;
    const marked = await staff.scorekeeper.request('PUT', `${T}/rounds/1/features`, { body: { tables: [other] } });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const seen = await staff.judge.get(`${T}/rounds/1/features`);
    expect(seen.body.tables).toHaveLength(1);
    expect(seen.body.tables[0].players.map((p: { filming: string }) => p.filming)).toEqual(['yes', 'yes']);
    // Judges record answers but do not choose the stream's tables; the public sees no answers.
    expect((await staff.judge.request('PUT', `${T}/rounds/1/features`, { body: { tables: [] } })).status).toBe(403);
    expect((await staff.public.get(`${T}/rounds/1/features`)).status).toBe(401);
    expect((await staff.public.request('PUT', `${T}/players/${D}/filming`, { body: { consent: true } })).status).toBe(
      401,
    );
  });

  it('refuses a bad body with the field named, and more tables than the bound', async () => {
    const bad = await staff.organizer.request('PUT', `${T}/players/${D}/filming`, { body: { consent: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('consent');
    const many = await staff.organizer.request('PUT', `${T}/rounds/1/features`, {
      body: { tables: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    });
    expect(many.status).toBe(400);
  });

  it('lists each player’s answer for staff only', async () => {
    const list = await staff.scorekeeper.get(`${T}/players`);
    const answers = Object.fromEntries(
      list.body.players.map((p: { id: string; filming: string }) => [p.id, p.filming]),
    );
    expect(answers).toEqual({ [A]: 'yes', [B]: 'yes', [C]: 'yes', [D]: 'not-asked' });
    const open = await staff.public.get(`${T}/players`);
    expect(JSON.stringify(open.body)).not.toContain('filming');
  });

  it('gives the overlays a public view: names, records, scores, no ids and no answers', async () => {
    const view = await staff.public.get(`${T}/overlay`);
    expect(view.status).toBe(200);
    expect(view.body.round.number).toBe(1);
    expect(view.body.round.features).toHaveLength(1);
    const [left, right] = view.body.round.features[0].players;
    expect(Object.keys(left).sort()).toEqual(['decklist', 'draws', 'duelWins', 'losses', 'name', 'reading', 'wins']);
    expect(left.decklist).toBeNull();
    expect(right.duelWins).toBe(0);
    const text = JSON.stringify(view.body);
    for (const id of [A, B, C, D]) expect(text).not.toContain(id);
    expect(text).not.toContain('not-asked');
    expect(text).not.toContain('consent');
  });

  it('takes a feature table off when one of its players says no, and the public stream hears it', async () => {
    const featured = tables.find((x) => !x.players.includes(D))!;
    const no = await staff.organizer.request('PUT', `${T}/players/${featured.players[0]}/filming`, {
      body: { consent: false },
    });
    expect(no.status).toBe(200);
    expect(no.body.events.map((e: { type: string }) => e.type)).toEqual([
      'FilmingConsentRecorded',
      'FeatureTablesMarked',
    ]);
    expect((await staff.public.get(`${T}/overlay`)).body.round.features).toEqual([]);
  });

  it('takes the answer with a public entry and a staff registration', async () => {
    await staff.organizer.post('/api/tournaments', {
      id: 'entered',
      name: '配信杯',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    const opened = await staff.organizer.request('PUT', '/api/tournaments/entered/entry', {
      body: { cap: 8, closesAt: '2099-01-01T00:00:00Z', mode: 'first-come' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBeLessThan(300);
    const entry = await staff.public.post('/api/tournaments/entered/entries', {
      name: '佐藤 健太',
      reading: 'サトウ ケンタ',
      filming: true,
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const registered = await staff.scorekeeper.post('/api/tournaments/entered/players', {
      id: 'X1',
      name: '山田',
      filming: false,
    });
    expect(registered.status).toBe(201);
    const list = await staff.organizer.get('/api/tournaments/entered/players');
    expect(list.body.players.map((p: { filming: string }) => p.filming)).toEqual(['yes', 'no']);
    const badEntry = await staff.public.post('/api/tournaments/entered/entries', {
      name: '鈴木',
      reading: 'スズキ',
      filming: 'ok',
    });
    expect(badEntry.status).toBe(400);
  });

  it('serves the overlay pages with their bounds stated: a delay past 600 s is refused', async () => {
    for (const kind of ['feature', 'standings', 'next']) {
      const page = await staff.public.get(`/overlay/${ID}/${kind}?lang=en&delay=30`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toContain(`data-kind="${kind}"`);
      expect(page.body).toContain('src="/overlay/overlay.js"');
    }
    const late = await staff.public.get(`/overlay/${ID}/feature?delay=601`);
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain('600');
    expect((await staff.public.get('/overlay/nowhere/feature')).status).toBe(404);
    const script = await staff.public.get('/overlay/overlay.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await staff.public.get('/overlay/overlay.css')).status).toBe(200);
  });
});
