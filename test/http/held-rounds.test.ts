import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_CHARS } from '../../src/core/tournament/limits.js';
import { SseClient } from './support/sse-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * A round paired held is staff's until published: every read the public or a player makes
 * (pairings, a player's table, the clock, the tournament and its list, the player's page and
 * record, standings, the live stream) shows nothing of it; staff see it and can swap players.
 */
describe.each(await storeKinds())('a held round and announcements on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const codes = new Map<string, string>();
  const t = '/api/tournaments/held';
  const ids = PLAYERS.map((p) => p.id);

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'held');
    for (const id of ids) codes.set(id, (await staff.scorekeeper.get(`${t}/players/${id}/slip`)).body.code);
  });
  afterAll(async () => server.close());

  const page = (id: string) => staff.public.get(`${t}/players/${id}/page?code=${codes.get(id)}`);
  const typesIn = (stream: SseClient) =>
    stream.received.flatMap((e) => (e.event === 'events' ? e.data.events.map((x: { type: string }) => x.type) : []));

  it('shows a held round to staff only, lets them swap two players, and publishes it to every page and the live stream', async () => {
    const stream = await SseClient.open(`${server.url}${t}/live`);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, hold: true });
    expect(paired.status).toBe(201);
    expect(paired.body.pairing.held).toBe(true);
    const [m1, m2] = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    const [a, b] = m1!.players;
    const [c, d] = m2!.players;

    // The public and the players see nothing of it.
    expect((await staff.public.get(`${t}/rounds/1/pairings`)).status).toBe(404);
    expect((await staff.public.get(`${t}/rounds/1/pairings/${a}`)).status).toBe(404);
    expect((await staff.public.get(`${t}/rounds/1/clock`)).status).toBe(404);
    expect((await staff.public.get(t)).body.rounds).toEqual([]);
    const listed = (await staff.public.get('/api/tournaments')).body.tournaments.find(
      (x: { id: string }) => x.id === 'held',
    );
    expect(listed.rounds).toBe(0);
    expect((await page(a)).body).toMatchObject({ match: null, checkIn: { open: false } });
    expect((await staff.public.get(`${t}/players/${a}/record?code=${codes.get(a)}`)).body.rounds).toEqual([]);
    expect((await staff.public.get(`${t}/standings`)).body.afterRound).toBe(0);
    // Staff see it, held and not started; a player's table is looked up only once it is out, whoever asks.
    expect((await staff.judge.get(t)).body.rounds).toMatchObject([{ round: 1, held: true }]);
    expect((await staff.judge.get(`${t}/rounds/1/pairings`)).status).toBe(200);
    expect((await staff.judge.get(`${t}/rounds/1/clock`)).body.started).toBe(false);
    expect((await staff.judge.get(`${t}/rounds/1/pairings/${a}`)).status).toBe(404);
    // Nobody plays it yet.
    const seat = await staff.judge.post(`${t}/rounds/1/tables/1/seated`, { player: a });
    expect([seat.status, seat.body.code]).toEqual([422, 'round-held']);
    expect(seat.body.messageJa).toMatch(/保留中/);

    // Staff swap a and c; a judge may not.
    expect((await staff.judge.post(`${t}/rounds/1/swap`, { players: [a, c] })).status).toBe(403);
    const same = await staff.organizer.post(`${t}/rounds/1/swap`, { players: [a, b] });
    expect([same.status, same.body.code, same.body.path]).toEqual([400, 'invalid-command', 'body.swap']);
    expect((await staff.organizer.post(`${t}/rounds/1/swap`, { players: [a, c] })).status).toBe(200);
    const board = (await staff.judge.get(`${t}/rounds/1/pairings`)).body.tables as {
      table: number;
      players: { id: string }[];
    }[];
    expect(board.slice(0, 2).map((x) => x.players.map((p) => p.id))).toEqual([
      [c, b],
      [a, d],
    ]);

    // A notice to everyone passes on the public stream; the held pairing and its fix never did.
    expect((await staff.judge.post(`${t}/announcements`, { text: { en: 'pairings soon' } })).status).toBe(201);
    await stream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'Announced'),
    );
    expect(typesIn(stream)).toEqual(['Announced']);

    const published = await staff.organizer.post(`${t}/rounds/1/publish`, {});
    expect(published.status).toBe(200);
    expect(published.body.started).toMatchObject({ round: 1 });
    const frame = await stream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'RoundPublished'),
    );
    expect(frame.data.events.map((x: { type: string }) => x.type)).toEqual(['RoundPublished']);
    await stream.close();

    // Now everyone sees it, as fixed, and its clock runs.
    expect((await staff.public.get(`${t}/rounds/1/pairings`)).status).toBe(200);
    expect((await staff.public.get(`${t}/rounds/1/pairings/${a}`)).body).toMatchObject({
      table: 2,
      opponent: { id: d },
    });
    expect((await staff.public.get(`${t}/rounds/1/clock`)).body.started).toBe(true);
    expect((await page(a)).body.match).toMatchObject({ round: 1, table: 2, opponent: { id: d }, started: true });
    expect((await page(a)).body.match.seatTime).toBe(published.body.started.seatTime);
    expect((await staff.public.get(t)).body.rounds).toHaveLength(1);

    const again = await staff.organizer.post(`${t}/rounds/1/publish`, {});
    expect([again.status, again.body.code]).toEqual([422, 'round-not-held']);
    expect(again.body.messageJa).toMatch(/保留されていません/);
    expect(again.body.message).toMatch(/not held/);
    expect((await staff.organizer.post(`${t}/rounds/1/swap`, { players: [a, b] })).body.code).toBe('round-not-held');
  });

  it('posts notices to everyone or one table, shows each player theirs, and refuses bad ones writing nothing', async () => {
    const board = (await staff.public.get(`${t}/rounds/1/pairings`)).body.tables as {
      table: number;
      players: { id: string }[];
    }[];
    const [x] = board[0]!.players.map((p) => p.id);
    const [z] = board[1]!.players.map((p) => p.id);
    const before = (await staff.judge.get(t)).body.version;
    const missing = await staff.judge.post(`${t}/announcements`, { text: { ja: 'x' }, table: 9 });
    expect([missing.status, missing.body.code]).toEqual([404, 'table-not-found']);
    const empty = await staff.judge.post(`${t}/announcements`, { text: {} });
    expect(empty.status).toBe(400);
    const long = await staff.judge.post(`${t}/announcements`, { text: { en: 'x'.repeat(ANNOUNCEMENT_CHARS + 1) } });
    expect([long.status, long.body.path]).toEqual([400, 'body.text.en']);
    expect((await staff.public.post(`${t}/announcements`, { text: { en: 'x' } })).status).toBe(401);
    // Counted in characters, as the domain counts them (280 emoji fit: the last test).
    const emoji = (n: number) => ({ text: { ja: '🃏'.repeat(n) } });
    const over = await staff.judge.post(`${t}/announcements`, emoji(ANNOUNCEMENT_CHARS + 1));
    expect([over.status, over.body.path]).toEqual([400, 'body.text.ja']);
    expect(JSON.stringify(over.body)).toContain(`${ANNOUNCEMENT_CHARS + 1}`);
    expect((await staff.judge.get(t)).body.version).toBe(before);

    const stream = await SseClient.open(`${server.url}${t}/live`);
    const posted = await staff.headJudge.post(`${t}/announcements`, {
      text: { ja: '1卓: ジャッジが向かいます', en: 'table 1: a judge is coming' },
      table: 1,
    });
    expect(posted.status).toBe(201);
    expect(posted.body.announcement).toMatchObject({ round: 1, table: 1 });
    // The public stream tells the table's pages to refetch; the words stay with them.
    const told = await stream.next(
      (e) => e.event === 'events' && e.data.events.some((x: { type: string }) => x.type === 'Announced'),
    );
    expect(told.data.events[0].data).toEqual({ id: 2, round: 1, table: 1 });
    await stream.close();
    // Player x sits at table 1: their notice and everyone's, newest first; z only everyone's.
    expect((await page(x!)).body.announcements.map((n: { text: { en?: string } }) => n.text.en)).toEqual([
      'table 1: a judge is coming',
      'pairings soon',
    ]);
    expect((await page(z!)).body.announcements.map((n: { text: { en?: string } }) => n.text.en)).toEqual([
      'pairings soon',
    ]);
    // The wall reads those to everyone; staff read every one with who posted it.
    const wall = (await staff.public.get(`${t}/announcements`)).body.announcements;
    expect(wall).toEqual([expect.objectContaining({ id: 1, table: null, text: { en: 'pairings soon' } })]);
    expect(wall[0].by).toBeUndefined();
    const all = (await staff.scorekeeper.get(`${t}/announcements`)).body.announcements;
    expect(all.map((n: { id: number; by: { role: string } }) => [n.id, n.by.role])).toEqual([
      [2, 'head-judge'],
      [1, 'judge'],
    ]);
  });

  it('counts a notice in characters: 280 emoji fit, though they are 560 UTF-16 units', async () => {
    const posted = await staff.judge.post(`${t}/announcements`, { text: { ja: '🃏'.repeat(ANNOUNCEMENT_CHARS) } });
    expect(posted.status).toBe(201);
    expect([...posted.body.announcement.text.ja]).toHaveLength(ANNOUNCEMENT_CHARS);
  });

  it('published after the seat time named at pairing, a held round counts lateness from the publish', async () => {
    await tournamentWithPlayers(staff, 'held-late');
    const late = '/api/tournaments/held-late';
    const seatTime = server.clock.now.toISOString();
    expect((await staff.scorekeeper.post(`${late}/rounds`, { round: 1, hold: true, seatTime })).status).toBe(201);
    server.clock.advanceMinutes(20);
    const published = await staff.scorekeeper.post(`${late}/rounds/1/publish`, {});
    expect(published.status).toBe(200);
    const publishedAt = server.clock.now.toISOString();
    expect((await staff.public.get(`${late}/rounds/1/pairings`)).body.seatTime).toBe(publishedAt);
    const clock = (await staff.judge.get(`${late}/rounds/1/clock`)).body;
    expect([clock.seatTime, clock.minutesSinceSeatTime, clock.late]).toEqual([publishedAt, 0, []]);
    server.clock.advanceMinutes(1);
    const after = (await staff.judge.get(`${late}/rounds/1/clock`)).body.late as { minutesLate: number }[];
    expect(after.map((l) => l.minutesLate)).toEqual(after.map(() => 1));
  });
});
