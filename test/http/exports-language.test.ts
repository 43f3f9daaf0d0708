import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The penalty log for the publisher (issue 26): the Japanese file says when an infraction was
 * found and the facts in Japanese (not `in-duel`, `pattern=false`), carries the staff notes, and
 * does not share its file name with the English one.
 */

describe.each(await storeKinds())('penalty log exports in their language, over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  it('writes phase and facts in the file’s language, the staff notes, and a file name per language', async () => {
    await tournamentWithPlayers(staff, 'paper', { rounds: 1 });
    const t = '/api/tournaments/paper';
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    const [first] = round.body.pairing.matches as { players: [string, string] }[];
    const issued = await staff.judge.post(`${t}/penalties`, {
      player: first!.players[0],
      report: { infraction: 'marked-cards', facts: { pattern: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
      notes: 'スリーブ3枚に同じ傷',
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);

    const ja = await staff.organizer.get(`${t}/export?format=penalties.csv&lang=ja`);
    const en = await staff.organizer.get(`${t}/export?format=penalties.csv&lang=en`);
    const jaText = String(ja.body);
    const enText = String(en.body);
    expect(jaText).toContain('スタッフメモ');
    expect(jaText).toContain('スリーブ3枚に同じ傷');
    expect(jaText).toContain('デュエル中');
    expect(jaText).toContain('規則性はない');
    expect(jaText).not.toContain('in-duel');
    expect(jaText).not.toContain('pattern=false');
    expect(enText).toContain('Staff notes');
    expect(enText).toContain('in a duel');
    expect(enText).toContain('the marks follow no pattern');
    expect(ja.headers.get('content-disposition')).toBe('attachment; filename="paper-penalties.ja.csv"');
    expect(en.headers.get('content-disposition')).toBe('attachment; filename="paper-penalties.en.csv"');
  });

  it('writes each penalty’s time in the tournament’s time zone, named in the header; an unknown zone is refused', async () => {
    await tournamentWithPlayers(staff, 'zoned', { rounds: 1, timeZone: 'Asia/Tokyo' });
    const t = '/api/tournaments/zoned';
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    const [first] = round.body.pairing.matches as { players: [string, string] }[];
    server.clock.now = new Date('2025-06-01T01:02:03Z');
    const issued = await staff.judge.post(`${t}/penalties`, {
      player: first!.players[0],
      report: { infraction: 'marked-cards', facts: { pattern: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const [header, row] = String((await staff.organizer.get(`${t}/export?format=penalties.csv&lang=ja`)).body).split(
      /\r?\n/,
    );
    expect(header).toContain('日時 (Asia/Tokyo)');
    expect(row).toContain('2025-06-01 10:02:03 +09:00');
    // A tournament that recorded no zone says its times are UTC.
    const utc = String((await staff.organizer.get('/api/tournaments/paper/export?format=penalties.csv&lang=en')).body);
    expect(utc.split(/\r?\n/)[0]).toContain('Time (UTC)');

    const bad = await staff.organizer.post('/api/tournaments', {
      id: 'nowhere',
      name: 'x',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 1, topCut: 0 },
      timeZone: 'Mars/Olympus_Mons',
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid-command']);
    expect(bad.body.message).toContain('settings.timeZone');
    expect(bad.body.message).toContain('IANA time zone like Asia/Tokyo');
    expect(bad.body.messageJa).toContain('タイムゾーン名');
    expect((await staff.public.get('/api/tournaments/nowhere')).status).toBe(404);
  });

  it('lists every player seated after the seat time with the tardiness penalty given, as JSON and as CSV in the zone', async () => {
    await tournamentWithPlayers(staff, 'late', { rounds: 1, timeZone: 'Asia/Tokyo' });
    const t = '/api/tournaments/late';
    server.clock.now = new Date('2025-06-01T01:00:00Z');
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    const [first, second] = round.body.pairing.matches as { table: number; players: [string, string] }[];
    // On time, then six minutes late with the guideline duel loss, then late with no penalty yet.
    expect(
      (await staff.judge.post(`${t}/rounds/1/tables/${first!.table}/seated`, { player: first!.players[0] })).status,
    ).toBe(200);
    server.clock.now = new Date('2025-06-01T01:06:00Z');
    expect(
      (await staff.judge.post(`${t}/rounds/1/tables/${first!.table}/seated`, { player: first!.players[1] })).status,
    ).toBe(200);
    const penalty = await staff.judge.post(`${t}/penalties`, {
      player: first!.players[1],
      report: { infraction: 'tardiness', facts: { minutesLate: 6 }, phase: 'between-matches' },
      choice: { kind: 'guideline' },
    });
    expect(penalty.status, JSON.stringify(penalty.body)).toBe(201);
    server.clock.now = new Date('2025-06-01T01:02:30Z');
    expect(
      (await staff.judge.post(`${t}/rounds/1/tables/${second!.table}/seated`, { player: second!.players[0] })).status,
    ).toBe(200);

    const rows = (await staff.organizer.get(`${t}/export?format=tardiness.json`)).body.tardiness;
    expect(rows).toEqual([
      expect.objectContaining({
        round: 1,
        table: first!.table,
        player: first!.players[1],
        minutesLate: 6,
        penaltyId: 1,
      }),
      expect.objectContaining({
        round: 1,
        table: second!.table,
        player: second!.players[0],
        minutesLate: 2.5,
        penalty: null,
      }),
    ]);
    const csv = String((await staff.organizer.get(`${t}/export?format=tardiness.csv&lang=ja`)).body).split(/\r?\n/);
    expect(csv[0]).toContain('着席 (Asia/Tokyo)');
    expect(csv[1]).toContain('2025-06-01 10:06:00 +09:00');
    expect(csv[1]).toContain(',1,duel-loss,');
  });
});
