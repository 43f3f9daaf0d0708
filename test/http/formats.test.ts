import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Match formats over HTTP: `stages` on POST /api/tournaments, single-duel results, and the
 * duel loss and match loss of the rules landing in single-duel matches; the same answers as
 * the core and the CLI, on a real server over each real store.
 */

type Pair = readonly [string, string];

describe.each(await storeKinds())('single-duel Swiss, best-of-3 top cut, over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  let count = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  /** A tournament of four players, Swiss in single duels of 25 minutes, round 1 paired now. */
  async function paired(): Promise<{ t: string; t1: Pair; t2: Pair }> {
    const id = `formats-${++count}`;
    const created = await staff.organizer.post('/api/tournaments', {
      id,
      name: 'YCSJ 予選',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 3, topCut: 4 },
      stages: { swiss: { bestOf: 1, roundMinutes: 25 }, 'top-cut': { bestOf: 3 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const t = `/api/tournaments/${id}`;
    for (const p of PLAYERS) expect((await staff.scorekeeper.post(`${t}/players`, p)).status).toBe(201);
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    const matches = round.body.pairing.matches as { players: Pair }[];
    return { t, t1: matches[0]!.players, t2: matches[1]!.players };
  }

  const penalty = (t: string, player: string, report: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    staff.judge.post(`${t}/penalties`, { player, report, choice: { kind: 'guideline' }, ...extra });
  const table = async (t: string, round: number, n: number) =>
    (await staff.public.get(`${t}/rounds/${round}/pairings`)).body.tables.find((x: { table: number }) => x.table === n);

  it('records the format per stage (top-cut minutes default to roundMinutes), and each round says its own', async () => {
    const { t } = await paired();
    const shown = (await staff.public.get(t)).body;
    expect(shown.settings.stages).toEqual({
      swiss: { bestOf: 1, roundMinutes: 25 },
      'top-cut': { bestOf: 3, roundMinutes: 40 },
    });
    expect(shown.rounds[0]).toMatchObject({ round: 1, stage: 'swiss', bestOf: 1, roundMinutes: 25 });
    const board = (await staff.public.get(`${t}/rounds/1/pairings`)).body;
    // Result entry follows the format: one duel wins a single-duel match, and it is the only duel.
    expect(board).toMatchObject({ bestOf: 1, winsNeeded: 1, maxDuels: 1, roundMinutes: 25 });
    const clock = (await staff.public.get(`${t}/rounds/1/clock`)).body;
    expect(clock.roundMinutes).toBe(25);
  });

  it('refuses a best of 2 with 400, naming the field, and creates nothing', async () => {
    const answer = await staff.organizer.post('/api/tournaments', {
      id: 'never',
      name: 'x',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      stages: { swiss: { bestOf: 2 } },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('stages');
    expect((await staff.public.get('/api/tournaments/never')).status).toBe(404);
  });

  it('takes a single-duel result; a second duel is refused', async () => {
    const { t, t1 } = await paired();
    const [a, b] = t1;
    const two = await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [a, b] });
    expect([two.status, two.body.code]).toEqual([422, 'invalid-duels']);
    expect((await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [b] })).status).toBe(200);
    expect(await table(t, 1, 1)).toMatchObject({ outcome: { kind: 'win', winner: b, byPenalty: false } });
  });

  it('a tardiness duel loss decides the single-duel match; a match loss in the duel takes the current match', async () => {
    const { t, t1, t2 } = await paired();
    const late = await penalty(t, t1[0], {
      infraction: 'tardiness',
      phase: 'between-matches',
      facts: { minutesLate: 6 },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(await table(t, 1, 1)).toMatchObject({
      outcome: { kind: 'win', winner: t1[1], byPenalty: true },
      duels: [{ duel: 1, winner: t1[1], byPenalty: [1] }],
    });
    const stall = await penalty(t, t2[0], { infraction: 'stalling', phase: 'in-duel' });
    expect(stall.body.penalty.landing).toEqual({ kind: 'match', round: 1, table: 2 });
    expect(await table(t, 1, 2)).toMatchObject({ outcome: { kind: 'win', winner: t2[1], byPenalty: true } });
  });

  it('a duel loss for the next duel of a single duel waits for the next match; a duel number there is refused', async () => {
    const { t, t1 } = await paired();
    const report = {
      infraction: 'extra-draw',
      phase: 'between-duels',
      facts: { identifiable: false, decisive: false },
    };
    const numbered = await penalty(t, t1[0], report, { round: 1, table: 1, duel: 2 });
    expect([numbered.status, numbered.body.code]).toEqual([400, 'invalid-command']);
    const next = await penalty(t, t1[0], report, { round: 1, table: 1 });
    expect(next.body.penalty.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    expect(await table(t, 1, 1)).toMatchObject({ outcome: { kind: 'pending' } });
  });
});

describe.each(await storeKinds())('cutting the Swiss field over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  it('cuts by record after an ended round, answers who left, and pairs only those still in; a judge is refused', async () => {
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'cut',
      name: 'x',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      stages: { swiss: { bestOf: 1 } },
    });
    expect(created.status).toBe(201);
    const t = '/api/tournaments/cut';
    for (const p of PLAYERS) await staff.scorekeeper.post(`${t}/players`, p);
    const matches = (await staff.scorekeeper.post(`${t}/rounds`, { round: 1 })).body.pairing.matches as {
      table: number;
      players: Pair;
    }[];
    for (const m of matches)
      expect(
        (await staff.scorekeeper.post(`${t}/rounds/1/tables/${m.table}/result`, { duels: [m.players[0]] })).status,
      ).toBe(200);
    expect((await staff.scorekeeper.post(`${t}/rounds/1/end`)).status).toBe(200);
    const judge = await staff.judge.post(`${t}/rounds/1/cut`, { maxLosses: 0 });
    expect([judge.status, judge.body.code]).toEqual([403, 'forbidden']);
    const both = await staff.organizer.post(`${t}/rounds/1/cut`, { maxLosses: 0, top: 2 });
    expect(both.status).toBe(400);
    const cut = await staff.organizer.post(`${t}/rounds/1/cut`, { maxLosses: 0 });
    expect(cut.status, JSON.stringify(cut.body)).toBe(201);
    expect([...cut.body.cut.out].sort()).toEqual(matches.map((m) => m.players[1]).sort());
    const next = await staff.scorekeeper.post(`${t}/rounds`, { round: 2 });
    expect((next.body.pairing.matches as { players: Pair }[]).flatMap((m) => m.players).sort()).toEqual(
      matches.map((m) => m.players[0]).sort(),
    );
    const standings = (await staff.public.get(`${t}/standings`)).body.standings as {
      player: string;
      cutAfterRound?: number;
    }[];
    expect(standings.slice(2).every((r) => r.cutAfterRound === 1)).toBe(true);
    // The console's round screens list the cut from the tournament summary.
    expect((await staff.public.get(t)).body.cuts).toEqual([
      { afterRound: 1, rule: { kind: 'max-losses', maxLosses: 0 }, out: 2 },
    ]);
  });

  it('starts day two with its own format and seat time; the board names it; a judge is refused', async () => {
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'days',
      name: 'x',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      stages: { swiss: { bestOf: 1 } },
    });
    expect(created.status).toBe(201);
    const t = '/api/tournaments/days';
    for (const p of PLAYERS) await staff.scorekeeper.post(`${t}/players`, p);
    const matches = (await staff.scorekeeper.post(`${t}/rounds`, { round: 1 })).body.pairing.matches as {
      table: number;
      players: Pair;
    }[];
    for (const m of matches)
      await staff.scorekeeper.post(`${t}/rounds/1/tables/${m.table}/result`, { duels: [m.players[0]] });
    await staff.scorekeeper.post(`${t}/rounds/1/end`);
    const body = { name: 'Day 2', bestOf: 3, roundMinutes: 50, seatTime: '2025-06-02T00:30:00.000Z' };
    expect((await staff.judge.post(`${t}/phases`, body)).status).toBe(403);
    const phase = await staff.organizer.post(`${t}/phases`, body);
    expect(phase.status, JSON.stringify(phase.body)).toBe(201);
    expect(phase.body.phase).toEqual({
      name: 'Day 2',
      fromRound: 2,
      format: { bestOf: 3, roundMinutes: 50 },
      seatTime: '2025-06-02T00:30:00.000Z',
    });
    const invited = await staff.scorekeeper.post(`${t}/players`, {
      id: '0000000077',
      name: '招待選手',
      invitation: { reason: 'last year’s champion' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.events[0].data).toMatchObject({
      entryRound: 2,
      invitation: { reason: 'last year’s champion' },
    });
    expect((await staff.scorekeeper.post(`${t}/rounds`, { round: 2 })).status).toBe(201);
    expect((await staff.public.get(`${t}/rounds/2/pairings`)).body).toMatchObject({
      phase: 'Day 2',
      bestOf: 3,
      roundMinutes: 50,
      seatTime: '2025-06-02T00:30:00.000Z',
    });
    // The invited player's record shows round 1 as a bye, as the standings count it.
    const guest = await staff.scorekeeper.get(`${t}/players/0000000077/record`);
    expect(guest.body.rounds[0]).toMatchObject({ round: 1, result: 'bye', phase: null });
    const summary = (await staff.public.get(t)).body;
    expect(summary.phases).toEqual([phase.body.phase]);
    const record = await staff.scorekeeper.get(`${t}/players/${matches[0]!.players[0]}/record`);
    expect(record.body.rounds.map((r: { phase: string | null; bestOf: number }) => [r.phase, r.bestOf])).toEqual([
      [null, 1],
      ['Day 2', 3],
    ]);
  });
});

describe.each(await storeKinds())('a top cut that is not a power of two over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  const body = (id: string, structure: Record<string, unknown>) => ({
    id,
    name: 'x',
    date: '2025-06-01',
    structure: { kind: 'swiss', rounds: 1, ...structure },
    stages: { swiss: { bestOf: 1 } },
  });

  it('refuses a top 3 without topCutByes (400, not a power of two) and creates nothing', async () => {
    const answer = await staff.organizer.post('/api/tournaments', body('top3-never', { topCut: 3 }));
    expect([answer.status, answer.body.code]).toEqual([400, 'invalid-command']);
    expect(JSON.stringify(answer.body)).toContain('a top 3 is not a power of two');
    expect((await staff.public.get('/api/tournaments/top3-never')).status).toBe(404);
  });

  it('with topCutByes, a top 3 gives seed 1 a first-round bye and pairs 2 v 3', async () => {
    const created = await staff.organizer.post('/api/tournaments', body('top3', { topCut: 3, topCutByes: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const t = '/api/tournaments/top3';
    for (const p of PLAYERS) await staff.scorekeeper.post(`${t}/players`, p);
    const matches = (await staff.scorekeeper.post(`${t}/rounds`, { round: 1 })).body.pairing.matches as {
      table: number;
      players: Pair;
    }[];
    for (const m of matches)
      await staff.scorekeeper.post(`${t}/rounds/1/tables/${m.table}/result`, { duels: [m.players[0]] });
    await staff.scorekeeper.post(`${t}/rounds/1/end`);
    const seeds = ((await staff.public.get(`${t}/standings`)).body.standings as { player: string }[]).map(
      (r) => r.player,
    );
    const top = await staff.scorekeeper.post(`${t}/rounds`, { round: 2 });
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    expect(top.body.pairing).toMatchObject({
      stage: 'top-cut',
      byes: [seeds[0]],
      matches: [{ table: 1, players: [seeds[1], seeds[2]] }],
    });
    const board = (await staff.public.get(`${t}/rounds/2/pairings`)).body;
    expect(board.tables.at(-1)).toMatchObject({ table: null, outcome: { kind: 'bye' } });
    // The console's bracket shows the bye where it sits: seed 1's place first.
    expect(board.bracket).toEqual([
      { kind: 'bye', player: seeds[0] },
      { kind: 'match', table: 1 },
    ]);
  });
});
