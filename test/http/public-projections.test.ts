import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from './support/sse-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Everything a player or the public receives is a projection made for them. Staff write their
 * words (a note passing a call to the head judge, a correction's reason, an extension's reason,
 * a drop's reason) marked with a word no projection may carry; then every public route of the
 * OpenAPI document is read (a player's own routes with their code) and the anonymous live stream
 * is watched: the word, and staff's account names, appear nowhere.
 */

const SECRET = 'STAFFONLYWORDS';
const t = '/api/tournaments/proj';

describe('what players and the public receive is their projection', () => {
  let server: TestServer;
  let staff: Staff;
  let stream: SseClient;
  const codes = new Map<string, string>();
  let table: { table: number; players: [string, string] };

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'proj');
    for (const p of PLAYERS) codes.set(p.id, (await staff.scorekeeper.get(`${t}/players/${p.id}/slip`)).body.code);
    stream = await SseClient.open(`${server.url}${t}/live`);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    table = paired.body.pairing.matches[0];
  });
  afterAll(async () => {
    await stream.close();
    await server.close();
  });

  it("a player pressing the call button again receives the call as their page shows it, not the staff's notes", async () => {
    const [x, y] = table.players;
    const opened = await staff.public.post(`${t}/calls`, {
      player: x,
      code: codes.get(x),
      table: table.table,
      note: `${SECRET} opponent`,
    });
    expect(opened.status).toBe(201);
    expect((await staff.judge.post(`${t}/calls/1/claim`)).status).toBe(200);
    const escalated = await staff.judge.post(`${t}/calls/1/escalate`, { note: `${SECRET} to the head judge` });
    expect(escalated.body.call.escalation.note).toContain(SECRET);
    const again = await staff.public.post(`${t}/calls`, { player: y, code: codes.get(y), table: table.table });
    expect(again.status).toBe(200);
    expect(again.body.call).toEqual({
      id: 1,
      round: 1,
      table: table.table,
      state: 'escalated',
      openedAt: opened.body.call.openedAt,
    });
    // Staff calling for the table still receive the whole call.
    const byStaff = await staff.judge.post(`${t}/calls`, { table: table.table });
    expect(byStaff.body.call.escalation.note).toContain(SECRET);
  });

  it('every public route and every frame of the anonymous live stream leaves out staff’s words', async () => {
    const [x] = table.players;
    const other = PLAYERS.find((p) => !table.players.includes(p.id))!.id;
    const result = await staff.headJudge.post(`${t}/rounds/1/tables/${table.table}/result`, { duels: [x, x] });
    expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
    const corrected = await staff.headJudge.request('PUT', `${t}/rounds/1/tables/${table.table}/result`, {
      body: {
        duels: [x, x],
        reason: `${SECRET} correction`,
      },
    });
    expect(corrected.status).toBeLessThan(300);
    const extended = await staff.headJudge.post(`${t}/rounds/1/tables/${table.table}/extensions`, {
      minutes: 2,
      reason: `${SECRET} extension`,
    });
    expect(extended.status).toBeLessThan(300);
    const dropped = await staff.headJudge.post(`${t}/players/${other}/drop`, { reason: `${SECRET} drop` });
    expect(dropped.status).toBeLessThan(300);
    await stream.next((e) => e.event === 'events' && e.data.version === dropped.body.version);

    const openapi = (await staff.public.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const reads = Object.entries(openapi.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, op]) => method === 'get' && op.security === undefined && !path.endsWith('/live'))
        .map(([, _op]) => path),
    );
    expect(reads.length).toBeGreaterThan(15);
    const fill = (path: string) =>
      path
        .replace('{tournamentId}', 'proj')
        .replace('{playerId}', x)
        .replace('{round}', '1')
        .replace('{table}', String(table.table));
    let read = 0;
    for (const path of reads) {
      const url = fill(path);
      const withCode = path.includes('{playerId}') ? `${url}?code=${codes.get(x)}` : url;
      const answer = await staff.public.get(withCode);
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      expect(text, `${path} leaks staff's words`).not.toContain(SECRET);
      if (answer.status === 200) read++;
    }
    expect(read).toBeGreaterThan(15);

    const frames = stream.received.filter((e) => e.event === 'events');
    expect(frames.some((e) => e.data.events.some((v: { type: string }) => v.type === 'ResultCorrected'))).toBe(true);
    for (const frame of frames) {
      const text = JSON.stringify(frame.data);
      expect(text, 'the anonymous stream leaks staff’s words').not.toContain(SECRET);
      for (const event of frame.data.events) expect(event).not.toHaveProperty('actor');
    }
  });
});
