import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Players coming in before the day over HTTP: public entry with a cap, a waiting list and a
 * closing time, a lottery, the player's own decklist with its receipt and deadline, staff's
 * views, and the published decklists. Bad input is refused in both languages, nothing stored.
 */

const decks = new URL('../../catalogue/decks/', import.meta.url).pathname;
const file = (name: string) => readFileSync(`${decks}${name}`, 'utf8');
const text = (body: string) => ({ format: 'text', text: body });
const ydk = (name: string) => ({ format: 'ydk', text: file(name) });
// The test server's clock starts at 2025-06-01T09:00Z.
const CLOSES = '2025-06-01T12:00:00.000Z';

describe.each(await storeKinds())('public entry and players’ own decklists on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/entry';
  const codes = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'entry',
      name: 'エントリー大会',
      date: '2011-06-01',
      decklistsRequired: true,
      structure: { kind: 'swiss', rounds: 1, topCut: 0 },
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => server.close());

  const enter = (name: string, reading: string, cardGameId?: string) =>
    staff.public.post(`${t}/entries`, { name, reading, ...(cardGameId === undefined ? {} : { cardGameId }) });
  const submit = (player: string, decklist: unknown, extra: { code?: string; confirm?: boolean } = {}) =>
    staff.public.request('PUT', `${t}/players/${player}/decklist/submission`, {
      body: {
        code: extra.code ?? codes.get(player),
        decklist,
        ...(extra.confirm === undefined ? {} : { confirm: extra.confirm }),
      },
    });
  const entryCount = async () => (await staff.scorekeeper.get(`${t}/entries`)).body.entries.length;

  it('takes the publication choice before entry opens, then opens entry for the organizer only', async () => {
    expect((await enter('遊城十代', 'ユウキ ジュウダイ')).body.code).toBe('entry-not-open');
    const publish = { scope: { kind: 'top', top: 2 } };
    expect((await staff.judge.request('PUT', `${t}/decklist-publication`, { body: publish })).status).toBe(403);
    expect((await staff.organizer.request('PUT', `${t}/decklist-publication`, { body: publish })).status).toBe(200);
    const settings = { cap: 2, closesAt: CLOSES, mode: 'waiting-list' };
    expect((await staff.scorekeeper.request('PUT', `${t}/entry`, { body: settings })).status).toBe(403);
    expect((await staff.organizer.request('PUT', `${t}/entry`, { body: { ...settings, cap: 0 } })).status).toBe(400);
    expect((await staff.organizer.request('PUT', `${t}/entry`, { body: settings })).status).toBe(200);
    const fixed = await staff.organizer.request('PUT', `${t}/decklist-publication`, {
      body: { scope: { kind: 'all' } },
    });
    expect([fixed.status, fixed.body.code]).toEqual([422, 'publication-fixed']);
    const page = await staff.public.get(`${t}/entry`);
    expect(page.body).toMatchObject({ open: true, seatsTaken: 0, settings, publication: { kind: 'top', top: 2 } });
  });

  it('registers entries up to the cap with a code, then puts them on the waiting list; flags duplicates to staff', async () => {
    const bad = await enter('遊城十代', 'ユウキ ジュウダイ', '12345');
    expect([bad.status, bad.body.code, bad.body.path]).toEqual([400, 'invalid-command', 'body.cardGameId']);
    expect(bad.body.messageJa).toContain('10 桁');
    expect((await enter('遊城十代', 'yuki')).status).toBe(400);
    expect(await entryCount()).toBe(0);

    const a = await enter('遊城十代', 'ユウキ ジュウダイ', '0123456789');
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ player: 'E0001', status: 'registered', place: null });
    expect(a.body.code).toMatch(/\S/);
    const b = await enter('丸藤亮', 'マルフジ リョウ');
    const c = await enter('天上院明日香', 'テンジョウイン アスカ');
    // The same Card Game ID typed on a phone's Japanese keyboard, with dashes.
    const d = await enter('Judai Yuki', 'ユウキ ジュウダイ', '０１２３-４５６７-８９');
    expect([b.body.status, c.body.status, c.body.place, d.body.place]).toEqual(['registered', 'waiting', 1, 2]);
    for (const r of [a, b, c, d]) codes.set(r.body.player, r.body.code);

    // The code opens the player's page at once.
    expect((await staff.public.get(`${t}/players/E0001/page?code=${a.body.code}`)).status).toBe(200);
    const entries = await staff.scorekeeper.get(`${t}/entries`);
    expect(entries.body.entries.map((e: { duplicateOf: string[] }) => e.duplicateOf)).toEqual([[], [], [], ['E0001']]);
    // Staff see the warning on both entries; the log keeps it on the later one only.
    expect(entries.body.entries.map((e: { duplicates: string[] }) => e.duplicates)).toEqual([
      ['E0004'],
      [],
      [],
      ['E0001'],
    ]);
    const lists = await staff.judge.get(`${t}/decklists`);
    expect(lists.body.players.find((p: { id: string }) => p.id === 'E0001').duplicates).toEqual(['E0004']);
    expect(entries.body.entries[0].cardGameId).toBe('0123456789');
    expect(entries.body.entries[3].cardGameId).toBe('0123456789');
    expect((await staff.public.get(`${t}/entries`)).status).toBe(401);
  });

  it("takes the player's list with its code and answers a receipt that the same cards keep in any format", async () => {
    const sent = await submit('E0001', text(file('blackwing.txt')));
    expect(sent.status).toBe(200);
    expect(sent.body.findings).toEqual([]);
    expect(sent.body.receipt.hash).toMatch(/^[0-9A-F]{8}$/);
    expect(sent.body.receipt.at).toBe(server.clock.now.toISOString());
    const ydke = await staff.public.post('/api/decks/convert', { deck: text(file('blackwing.txt')), to: 'ydke' });
    const again = await submit('E0001', { format: 'ydke', text: ydke.body.text });
    expect(again.body.receipt.hash).toBe(sent.body.receipt.hash);
    expect(again.body.events).toEqual([]);
    const receipt = await staff.public.get(`${t}/players/E0001/decklist/receipt?code=${codes.get('E0001')}`);
    expect(receipt.body).toMatchObject({ receipt: sent.body.receipt, open: true, deadline: null });
    expect((await staff.judge.get(`${t}/players/E0001/decklist/receipt`)).body.receipt).toEqual(sent.body.receipt);
    // The deck check's list shows the same receipt.
    expect((await staff.judge.get(`${t}/players/E0001/decklist`)).body.receipt).toEqual({
      ...sent.body.receipt,
      byPlayer: true,
    });
    expect((await staff.public.get(`${t}/players/E0001/decklist/receipt`)).status).toBe(401);
  });

  it("answers the player's list as the registration sheet, with its receipt, to the player's code or staff", async () => {
    const sheet = await staff.public.get(`${t}/players/E0001/decklist/sheet?code=${codes.get('E0001')}`);
    expect(sheet.status).toBe(200);
    expect(sheet.body.player).toEqual({
      id: 'E0001',
      name: '遊城十代',
      reading: 'ユウキ ジュウダイ',
      cardGameId: '0123456789',
    });
    const receipt = (await staff.judge.get(`${t}/players/E0001/decklist/receipt`)).body.receipt;
    expect(sheet.body.receipt).toEqual(receipt);
    expect(sheet.body.main.groups.map((g: { group: string }) => g.group)).toEqual(['monster', 'spell', 'trap']);
    const sum = (cards: { count: number }[]) => cards.reduce((n, c) => n + c.count, 0);
    expect(sheet.body.main.total).toBe(
      sheet.body.main.groups.reduce((n: number, g: { total: number; cards: { count: number }[] }) => {
        expect(sum(g.cards)).toBe(g.total);
        return n + g.total;
      }, 0),
    );
    expect(sheet.body.main.total).toBe(40);
    expect(sheet.body.extra.total).toBe(sum(sheet.body.extra.cards));
    const hole = sheet.body.main.groups[1].cards.find(
      (c: { name: { ja: string } }) => c.name.ja === 'ブラック・ホール',
    );
    expect(hole?.name.en).toBe('Dark Hole');
    expect((await staff.judge.get(`${t}/players/E0001/decklist/sheet`)).body).toEqual(sheet.body);
    const other = await staff.public.get(`${t}/players/E0001/decklist/sheet?code=${codes.get('E0002')}`);
    expect([other.status, other.body.code]).toEqual([403, 'bad-player-code']);
    expect((await staff.public.get(`${t}/players/E0001/decklist/sheet`)).status).toBe(401);
    const none = await staff.judge.get(`${t}/players/E0002/decklist/sheet`);
    expect([none.status, none.body.messageJa]).toEqual([404, expect.stringContaining('デッキリスト')]);
  });

  it("finds cards of the tournament's pool by part of a name, in kana or English", async () => {
    const found = await staff.public.get(`${t}/cards?q=${encodeURIComponent('ぶらっく・ほーる')}`);
    expect(found.body.cards[0].name.ja).toBe('ブラック・ホール');
    const english = await staff.public.get(`${t}/cards?q=${encodeURIComponent('dark hole')}`);
    expect(english.body.cards.map((c: { name: { en: string } }) => c.name.en)).toContain('Dark Hole');
    // A synchro monster goes to the extra deck (the builder knows main and extra, not summoning kinds).
    const stardust = await staff.public.get(`${t}/cards?q=${encodeURIComponent('Stardust Dragon')}`);
    expect(stardust.body.cards[0]).toMatchObject({ name: { en: 'Stardust Dragon' }, zone: 'extra' });
    expect(found.body.cards[0].zone).toBe('main');
  });

  it("refuses another player's code, unknown cards (with the nearest names), oversized lists and unconfirmed findings", async () => {
    const other = await submit('E0001', text(file('blackwing.txt')), { code: codes.get('E0002') });
    expect([other.status, other.body.code]).toEqual([403, 'bad-player-code']);
    const unknown = await submit('E0002', text('3 ブラック・ホーレ'));
    expect([unknown.status, unknown.body.code]).toEqual([400, 'invalid-decklist']);
    expect(unknown.body.messageJa).toContain('ブラック・ホール');
    const huge = await submit('E0002', text('1 死者蘇生\n'.repeat(600)));
    expect([huge.status, huge.body.code]).toEqual([413, 'decklist-too-large']);
    const broken = await submit('E0002', ydk('quickdraw-broken.ydk'));
    expect([broken.status, broken.body.code]).toEqual([422, 'decklist-findings-unconfirmed']);
    expect((await staff.judge.get(`${t}/players/E0002/decklist/receipt`)).body.receipt).toBeNull();
    const preview = await staff.public.post(`${t}/players/E0002/decklist/preview`, {
      code: codes.get('E0002'),
      decklist: ydk('quickdraw-broken.ydk'),
    });
    expect(preview.body.findings.length).toBeGreaterThan(0);
    expect(preview.body.findings[0].text.ja).toMatch(/\S/);
    const confirmed = await submit('E0002', ydk('quickdraw-broken.ydk'), { confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.receipt.hash).toBe(preview.body.hash);
    const lists = await staff.judge.get(`${t}/decklists`);
    expect(lists.body).toMatchObject({ submitted: 2, missing: 0, withFindings: 1 });
    expect(lists.body.players.map((p: { flagged: boolean }) => p.flagged)).toEqual([false, true]);
  });

  it('moves the waiting list up when a player withdraws, and closes entry at its closing time', async () => {
    const dropped = await staff.scorekeeper.post(`${t}/players/E0002/drop`, {});
    expect(dropped.body.events.map((e: { type: string }) => e.type)).toEqual(['PlayerDropped', 'PlayerRegistered']);
    const entries = (await staff.scorekeeper.get(`${t}/entries`)).body.entries;
    expect(entries.map((e: { status: string; place: number | null }) => [e.status, e.place])).toEqual([
      ['registered', null],
      ['registered', null],
      ['registered', null],
      ['waiting', 1],
    ]);
    server.clock.advanceMinutes(180);
    const late = await enter('万丈目準', 'マンジョウメ ジュン');
    expect([late.status, late.body.code]).toEqual([422, 'entry-closed']);
    expect(late.body.messageJa).toContain('締め切');
    expect(await entryCount()).toBe(4);
  });

  it("locks the player's list at the organizer's deadline: refused with decklist-deadline-passed, nothing stored", async () => {
    const until = new Date(server.clock.now.getTime() + 10 * 60_000).toISOString();
    expect((await staff.organizer.request('PUT', `${t}/decklist-deadline`, { body: { until } })).status).toBe(200);
    expect((await submit('E0003', text(file('blackwing.txt')))).status).toBe(200);
    server.clock.advanceMinutes(11);
    const locked = await submit('E0003', ydk('quickdraw-synchro.ydk'));
    expect([locked.status, locked.body.code]).toEqual([422, 'decklist-deadline-passed']);
    const receipt = await staff.public.get(`${t}/players/E0003/decklist/receipt?code=${codes.get('E0003')}`);
    expect(receipt.body.open).toBe(false);
    expect(receipt.body.submissions).toHaveLength(1);
  });

  it('publishes the chosen decklists once the tournament has finished', async () => {
    expect((await staff.public.get(`${t}/published-decklists`)).status).toBe(404);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    const [match] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    const winner = match!.players[0];
    await staff.scorekeeper.post(`${t}/rounds/1/tables/${match!.table}/result`, { duels: [winner, winner] });
    await staff.scorekeeper.post(`${t}/rounds/1/end`, {});
    expect((await staff.scorekeeper.post(`${t}/finish`, {})).status).toBe(200);
    const published = await staff.public.get(`${t}/published-decklists`);
    expect(published.status).toBe(200);
    expect(published.body.scope).toEqual({ kind: 'top', top: 2 });
    expect(published.body.decklists.length).toBeLessThanOrEqual(2);
    expect(published.body.decklists[0].place).toBe(1);
    expect(published.body.decklists[0].cards.main[0].name.ja).toMatch(/\S/);
    // The Card Game ID given at entry is on the standings export.
    const csv = await staff.scorekeeper.get(`${t}/export?format=standings.csv&lang=ja`);
    expect(csv.body).toContain('KONAMI ID');
    expect(csv.body).toContain('0123456789');
  });

  it('draws a lottery at closing with the committed seed, recorded, and registers those drawn', async () => {
    await staff.organizer.post('/api/tournaments', {
      id: 'lottery',
      name: '抽選大会',
      date: '2011-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    const l = '/api/tournaments/lottery';
    const closesAt = new Date(server.clock.now.getTime() + 60 * 60_000).toISOString();
    await staff.organizer.request('PUT', `${l}/entry`, { body: { cap: 2, closesAt, mode: 'lottery' } });
    for (const [name, reading] of [
      ['A', 'エー'],
      ['B', 'ビー'],
      ['C', 'シー'],
    ])
      expect((await staff.public.post(`${l}/entries`, { name, reading })).body.status).toBe('applied');
    // The seed was committed when entry opened (lottery-commitment.test.ts): the draw uses it, none is typed.
    const closed = await staff.organizer.post(`${l}/entry/close`, {});
    const drawn = closed.body.events.find((e: { type: string }) => e.type === 'LotteryDrawn');
    expect(drawn.data.seed).toBe((await staff.public.get(`${l}/entry`)).body.lottery.seed);
    expect(drawn.data.drawn).toHaveLength(2);
    expect(drawn.data.waiting).toHaveLength(1);
    const players = await staff.scorekeeper.get(`${l}/players`);
    expect(players.body.players.map((p: { id: string }) => p.id)).toEqual(drawn.data.drawn);
  });
});
