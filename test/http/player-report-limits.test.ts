import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAYER_REPORTS_PER_MATCH } from '../../src/core/tournament/limits.js';
import { WRONG_CODES_PER_ADDRESS_PLAYER } from '../../src/adapters/http/auth/player-code-guard.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * What one player's phone (or one slip code) can make the server do: a repeated report stores
 * nothing, changes of mind on a match are bounded, nothing is reported before the round
 * starts, and the code-guess limit cannot be reset by flooding requests naming others.
 */
describe.each(await storeKinds())('bounds on what one player sends, on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const codes = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    for (const id of ['bounds', 'later', 'guess']) {
      await tournamentWithPlayers(staff, id);
      await staff.organizer.request('PUT', `/api/tournaments/${id}/player-reporting`, { body: { enabled: true } });
    }
    for (const p of PLAYERS)
      codes.set(p.id, (await staff.scorekeeper.get(`/api/tournaments/bounds/players/${p.id}/slip`)).body.code);
  });
  afterAll(async () => server.close());

  it('answers the same report again without storing it, and refuses a sixth change of mind naming the bound', async () => {
    const t = '/api/tournaments/bounds';
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    const { table, players } = paired.body.pairing.matches[0] as { table: number; players: [string, string] };
    const [x, y] = players;
    const send = (duels: string[]) =>
      staff.public.post(`${t}/players/${x}/result`, { code: codes.get(x), round: 1, table, duels });
    const first = await send([x, x]);
    expect([first.status, first.body.events.length]).toEqual([200, 1]);
    for (let i = 0; i < 20; i++) {
      const again = await send([x, x]);
      expect([again.status, again.body.events, again.body.version]).toEqual([200, [], first.body.version]);
    }
    const scores = [
      [y, y],
      [x, y, x],
      [y, x, y],
      [x, x],
    ];
    for (const duels of scores) expect((await send(duels)).status).toBe(200);
    const refused = await send([y, x, x]);
    expect([refused.status, refused.body.code]).toEqual([422, 'too-many-player-reports']);
    expect(refused.body.message).toContain(`at most ${MAX_PLAYER_REPORTS_PER_MATCH} times`);
    expect(refused.body.messageJa).toContain(`${MAX_PLAYER_REPORTS_PER_MATCH} 回まで`);
    const history = await staff.headJudge.get(`${t}/rounds/1/tables/${table}/player-reports`);
    expect(history.body.history).toHaveLength(MAX_PLAYER_REPORTS_PER_MATCH);
  });

  it('refuses a player’s report before a round posted to start later has started', async () => {
    const t = '/api/tournaments/later';
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, startLater: true });
    expect(paired.status).toBe(201);
    const { table, players } = paired.body.pairing.matches[0] as { table: number; players: [string, string] };
    const [x] = players;
    const code = (await staff.scorekeeper.get(`${t}/players/${x}/slip`)).body.code;
    const send = () => staff.public.post(`${t}/players/${x}/result`, { code, round: 1, table, duels: [x, x] });
    const refused = await send();
    expect([refused.status, refused.body.code]).toEqual([422, 'round-not-started']);
    expect(refused.body.message).toBe('round 1 has not started yet; report once it has');
    expect(refused.body.messageJa).toBe('第1回戦はまだ始まっていません。開始後に報告してください');
    expect((await staff.scorekeeper.post(`${t}/rounds/1/start`, {})).status).toBe(200);
    expect((await send()).status).toBe(200);
  });

  it('keeps a player’s code-guess count however many other players’ codes are tried meanwhile, and says so in ja and en', async () => {
    const t = '/api/tournaments/guess';
    const target = PLAYERS[0].id;
    const guess = (player: string) => staff.public.get(`${t}/players/${player}/page?code=WRONGCOD`);
    for (let i = 0; i < WRONG_CODES_PER_ADDRESS_PLAYER; i++) expect((await guess(target)).status).toBe(403);
    const limited = await guess(target);
    expect([limited.status, limited.body.code]).toEqual([429, 'too-many-code-attempts']);
    expect(limited.body.message).toMatch(
      /^Too many wrong codes for this player \(at most 10 a minute from one address/,
    );
    expect(limited.body.messageJa).toMatch(/^この選手の間違ったコードが多すぎます/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // More junk requests, each naming another player, than the old in-memory limiter kept counts for (5,000).
    const junk = Array.from({ length: 5_050 }, (_, i) => `junk${i}`);
    for (let i = 0; i < junk.length; i += 50) await Promise.all(junk.slice(i, i + 50).map(guess));
    expect((await guess(target)).status).toBe(429);
    // The record page and the check-in count against the same player's limit.
    expect((await staff.public.get(`${t}/players/${target}/record?code=WRONGCOD`)).status).toBe(429);
    expect((await staff.public.post(`${t}/players/${target}/check-in`, { code: 'WRONGCOD' })).status).toBe(429);
  }, 120_000);
});
