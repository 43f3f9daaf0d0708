import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerCode } from '../../src/adapters/http/auth/tokens.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

interface Match {
  readonly table: number;
  readonly players: readonly [string, string];
}

describe.each(await storeKinds())('a tournament over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/kanto';
  let matches: Match[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'kanto');
  });
  afterAll(async () => server.close());

  it('lists and shows the tournament to the public', async () => {
    const list = await staff.public.get('/api/tournaments');
    expect(list.body.tournaments).toEqual([
      { id: 'kanto', name: '関東地区予選', date: '2025-06-01', status: 'open', players: 4, rounds: 0, version: 5 },
    ]);
    const one = await staff.public.get(t);
    expect(one.headers.get('etag')).toBe('"5"');
    expect(one.body).toMatchObject({
      id: 'kanto',
      version: 5,
      players: 4,
      pack: { id: 'ocg-5ds' },
      settings: { roundMinutes: 40, decklistsRequired: false },
    });
    const players = await staff.public.get(`${t}/players`);
    expect(players.body.players).toEqual(PLAYERS.map((p) => ({ ...p, dropped: false, status: 'active' })));
    const staffView = await staff.judge.get(`${t}/players`);
    expect(staffView.body.players[0]).toEqual({
      ...PLAYERS[0],
      dropped: false,
      status: 'active',
      entryRound: 1,
      decklist: false,
      deck: { state: 'none', findings: 0 },
      dropReason: null,
      invitation: null,
      filming: 'not-asked',
    });
  });

  it('answers the registration slip code, an HMAC the server recomputes', async () => {
    const slip = await staff.scorekeeper.get(`${t}/players/${PLAYERS[0].id}/slip`);
    expect(slip.body.code).toBe(playerCode('test-secret-0123456789abcdef', 'kanto', PLAYERS[0].id));
    expect(slip.body.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(slip.body.player).toEqual(PLAYERS[0]);
  });

  it('pairs round 1 once: a second tap with the same round number is refused', async () => {
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: '2025-06-01T09:10:00.000Z' });
    expect(paired.status).toBe(201);
    expect(paired.body.version).toBe(6);
    expect(paired.body.events.map((e: { type: string }) => e.type)).toEqual(['RoundPaired']);
    expect(paired.body.pairing.seatTime).toBe('2025-06-01T09:10:00.000Z');
    matches = paired.body.pairing.matches;
    expect(matches.map((m) => m.table)).toEqual([1, 2]);
    expect(matches.flatMap((m) => m.players).sort()).toEqual(PLAYERS.map((p) => p.id));
    const again = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('wrong-round');
    expect(again.body.messageJa).toContain('第2回戦');
  });

  it('shows the board and one player their own table', async () => {
    const board = await staff.public.get(`${t}/rounds/1/pairings`);
    expect(
      board.body.tables.map((x: { table: number; players: { id: string }[] }) => [x.table, x.players.map((p) => p.id)]),
    ).toEqual(matches.map((m) => [m.table, [...m.players]]));
    const [first, second] = matches[1]!.players;
    const mine = await staff.public.get(`${t}/rounds/1/pairings/${first}`);
    expect(mine.body).toMatchObject({
      round: 1,
      table: 2,
      bye: false,
      reported: false,
      opponent: { id: second, name: PLAYERS.find((p) => p.id === second)!.name },
    });
    const stranger = await staff.public.get(`${t}/rounds/1/pairings/9999999999`);
    expect(stranger.status).toBe(404);
  });

  it('lets a scorekeeper enter a result and refuses a judge entering a correction', async () => {
    const [a, b] = matches[0]!.players;
    const reported = await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [a, b, a] });
    expect(reported.status).toBe(200);
    expect(reported.body.events[0]).toMatchObject({
      type: 'ResultReported',
      actor: 'scorer',
      data: { round: 1, table: 1, duels: [a, b, a] },
    });
    const correction = await staff.judge.request('PUT', `${t}/rounds/1/tables/1/result`, {
      body: { duels: [b, b], reason: 'slip misread' },
    });
    expect(correction.status).toBe(403);
    expect(correction.body.code).toBe('forbidden');
    const twice = await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [b, b] });
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('match-already-decided');
  });

  it('names the field of a bad body', async () => {
    const bad = await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: ['x', 7] });
    expect(bad.status).toBe(400);
    expect(bad.body.path).toBe('body.duels[1]');
  });

  it('names a bad Idempotency-Key or If-Match header, and writes nothing', async () => {
    const before = (await staff.public.get(t)).body.version as number;
    const [a] = matches[1]!.players;
    const badKey = await staff.scorekeeper.post(
      `${t}/rounds/1/tables/2/result`,
      { duels: [a, a] },
      { headers: { 'idempotency-key': 'two words' } },
    );
    expect(badKey.status).toBe(400);
    expect(badKey.body.path).toBe('headers.idempotency-key');
    const badVersion = await staff.scorekeeper.post(
      `${t}/rounds/1/tables/2/result`,
      { duels: [a, a] },
      { headers: { 'if-match': 'yesterday' } },
    );
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.path).toBe('headers.if-match');
    expect((await staff.public.get(t)).body.version).toBe(before);
  });

  it('answers a retried write with the same answer and writes nothing (Idempotency-Key)', async () => {
    const [a] = matches[1]!.players;
    const headers = { 'idempotency-key': 'phone-42-result-r1t2' };
    const first = await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: [a, a] }, { headers });
    const retry = await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: [a, a] }, { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const log = await staff.organizer.get(`${t}/export?format=events`);
    const results = (log.body as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === 'ResultReported');
    expect(results).toHaveLength(2);
    const other = await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: [a, 'draw'] }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency-key-reused');
  });

  it('refuses a write decided on a stale version with 409 (If-Match)', async () => {
    const current = await staff.public.get(t);
    const version = current.body.version as number;
    const stale = await staff.scorekeeper.post(`${t}/rounds/1/end`, undefined, {
      headers: { 'if-match': `"${version - 1}"` },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version-conflict');
    expect((await staff.public.get(t)).body.version).toBe(version);
    const fresh = await staff.scorekeeper.post(`${t}/rounds/1/end`, undefined, {
      headers: { 'if-match': `"${version}"` },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).toBe(`"${version + 1}"`);
  });

  it('computes standings after round 1', async () => {
    const standings = await staff.public.get(`${t}/standings`);
    expect(standings.body.afterRound).toBe(1);
    const winners = [matches[0]!.players[0], matches[1]!.players[0]];
    const rows = standings.body.standings as { player: string; points: number; rank: number }[];
    expect(
      rows
        .filter((r) => r.points === 3)
        .map((r) => r.player)
        .sort(),
    ).toEqual([...winners].sort());
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it("replays a retried pairing even a minute later (its seat time is the first attempt's)", async () => {
    const headers = { 'idempotency-key': 'pair-round-2' };
    const first = await staff.scorekeeper.post(`${t}/rounds`, { round: 2 }, { headers });
    expect(first.status).toBe(201);
    const pairedAt = server.clock.now.toISOString();
    server.clock.advanceMinutes(1);
    const retry = await staff.scorekeeper.post(`${t}/rounds`, { round: 2 }, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // Without a seat time the round's is the moment of pairing: the first attempt's.
    expect((await staff.public.get(t)).body.rounds[1]).toMatchObject({ round: 2, seatTime: pairedAt });
  });

  it('assesses, issues a guideline penalty as a judge, and refuses a judge a disqualification', async () => {
    const player = PLAYERS[0].id;
    const assessed = await staff.judge.post(`${t}/penalties/assess`, {
      player,
      infraction: 'extra-draw',
      facts: { identifiable: true, decisive: false },
      phase: 'in-duel',
    });
    expect(assessed.status).toBe(200);
    expect(assessed.body.decision).toMatchObject({
      infraction: 'extra-draw',
      penalty: 'warning',
      recorded: true,
      repeat: null,
    });
    const issued = await staff.judge.post(`${t}/penalties`, {
      player,
      report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
      choice: { kind: 'guideline' },
    });
    expect(issued.status).toBe(201);
    expect(issued.body.penalty).toMatchObject({
      penaltyId: 1,
      player,
      penalty: 'warning',
      judge: { id: 'judge', role: 'judge' },
    });

    const dq = await staff.judge.post(`${t}/penalties`, {
      player: PLAYERS[1].id,
      report: { infraction: 'random-result', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: ['saw them play rock-paper-scissors'],
    });
    expect(dq.status).toBe(403);
    expect(dq.body.code).toBe('role-required');
    // People read role names, not ids.
    expect(dq.body.message).toBe('Only a head judge may do this (you act as judge).');
    expect(dq.body.messageJa).toBe('この操作はヘッドジャッジのみが行えます（あなたの役割: ジャッジ）。');
  });

  it('lets the head judge disqualify and then rescind on appeal; the official record follows', async () => {
    const dq = await staff.headJudge.post(`${t}/penalties`, {
      player: PLAYERS[1].id,
      report: { infraction: 'random-result', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: ['saw them play rock-paper-scissors'],
    });
    expect(dq.status).toBe(201);
    expect(dq.body.penalty).toMatchObject({
      penaltyId: 2,
      penalty: 'disqualification',
      judge: { id: 'hj', role: 'head-judge' },
    });
    const record = await staff.judge.get(`/api/record?player=${PLAYERS[1].id}`);
    expect(record.body.players[PLAYERS[1].id].map((e: { penalty: string }) => e.penalty)).toEqual(['disqualification']);

    const judgeAppeal = await staff.judge.post(`${t}/penalties/2/appeal`, {
      outcome: 'rescinded',
      reason: 'it was a coin for first turn',
    });
    expect(judgeAppeal.status).toBe(403);
    const appeal = await staff.headJudge.post(`${t}/penalties/2/appeal`, {
      outcome: 'rescinded',
      reason: 'it was a coin for first turn',
    });
    expect(appeal.status).toBe(200);
    expect(appeal.body.events[0]).toMatchObject({
      type: 'PenaltyRescinded',
      data: { penaltyId: 2, reason: 'it was a coin for first turn' },
    });
    const after = await staff.judge.get(`/api/record?player=${PLAYERS[1].id}`);
    expect(after.body.players[PLAYERS[1].id]).toEqual([]);
    const penalties = await staff.scorekeeper.get(`${t}/penalties`);
    expect(
      penalties.body.penalties.map((p: { id: number; status: string; name: string }) => [p.id, p.status, p.name]),
    ).toEqual([
      [1, 'in-force', PLAYERS[0].name],
      [2, 'rescinded', PLAYERS[1].name],
    ]);
  });

  it('shows a player their own record with the slip code, and nothing without it', async () => {
    const player = PLAYERS[0].id;
    const code = playerCode('test-secret-0123456789abcdef', 'kanto', player);
    const mine = await staff.public.get(
      `${t}/players/${player}/record?code=${code.toLowerCase().slice(0, 4)}-${code.slice(4)}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: player,
      name: PLAYERS[0].name,
      penalties: [{ id: 1, infraction: 'extra-draw', penalty: 'warning' }],
    });
    expect(mine.body.rounds[0].round).toBe(1);
    const wrong = await staff.public.get(`${t}/players/${player}/record?code=AAAAAAAA`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('bad-player-code');
    const other = await staff.public.get(`${t}/players/${PLAYERS[1].id}/record?code=${code}`);
    expect(other.status).toBe(403);
  });

  it('exports standings and the penalty log as CSV for Excel, and the whole tournament as JSON', async () => {
    const csv = await staff.scorekeeper.get(`${t}/export?format=standings.csv&lang=en`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (csv.body as string).split('\r\n');
    expect(lines[0]).toBe(
      'Place,Swiss rank,Player ID,Name,Points,Wins,Losses,Draws,Byes,Matches,Match win %,OMW%,OOMW%,Dropped,Rank withdrawn,Status,Card Game ID',
    );
    expect(lines).toHaveLength(6);
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.url}${t}/export?format=standings.csv`, {
          headers: { cookie: `shinpan_session=${staff.scorekeeper.cookie('shinpan_session')}` },
        })
      ).arrayBuffer(),
    );
    // A BOM first, so Excel in Japan opens the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const ja = await staff.scorekeeper.get(`${t}/export?format=penalties.csv`);
    expect((ja.body as string).split('\r\n')).toHaveLength(4);
    expect(ja.body as string).toContain('警告');
    const json = await staff.scorekeeper.get(`${t}/export`);
    expect(json.body.rounds.map((r: { round: number }) => r.round)).toEqual([1, 2]);
    expect(json.body.penalties).toHaveLength(2);
    expect(await staff.public.get(`${t}/export`).then((a) => a.status)).toBe(401);
  });
});
