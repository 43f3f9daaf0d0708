import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedAnswer } from '../../src/adapters/http/prepared-answer.js';
import { ViewCache } from '../../src/adapters/http/tournaments/view-cache.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { rawGet, type Raw } from './support/raw-get.js';

/*
 * The big public reads (standings, a round's pairings, the players list) keep their JSON and
 * its compressed forms per tournament version. Over real HTTP: a repeat read answers the same
 * bytes in each encoding, the encoding is the one the compression plugin picks for any other
 * answer, a result in between gives the new standings in every encoding (never a body kept
 * from before), and a client holding the version gets 304.
 */

/** The JSON inside an answer, whichever encoding it came in. */
function jsonOf(answer: Raw): any {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

const ENCODINGS = [
  { ask: 'br', sent: 'br' },
  { ask: 'gzip', sent: 'gzip' },
  { ask: '', sent: undefined },
] as const;

describe('big reads kept per version with their compressed bytes', () => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/kanto';
  let firstTable: { table: number; players: [string, string] };

  beforeAll(async () => {
    // The answers kept are what is tested: kept whatever SHINPAN_NO_CACHES says.
    server = await startTestServer({ kind: 'sqlite' }, { caches: true });
    staff = await staffOf(server);
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'kanto',
      name: '関東地区予選',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
    // Enough players that every answer is past the 1 KB below which nothing is compressed.
    const players = Array.from({ length: 16 }, (_, i) => ({
      id: String(4_000_000_000 + i),
      name: `選手 ${i + 1}`,
      reading: `せんしゅ ${'あいうえおかきくけこさしすせそた'[i]}`,
    }));
    expect((await staff.scorekeeper.post(`${t}/players/import`, { players })).status).toBe(201);
    const paired = await staff.scorekeeper.post(`${t}/rounds`, { round: 1 });
    expect(paired.status).toBe(201);
    firstTable = paired.body.pairing.matches[0];
  });
  afterAll(async () => server.close());

  for (const path of ['/standings', '/rounds/1/pairings', '/players']) {
    it(`${path}: a repeat read of the same version answers the same bytes in each encoding`, async () => {
      const version = (await staff.public.get(t)).body.version as number;
      const plain = await rawGet(server.url + t + path);
      for (const { ask, sent } of ENCODINGS) {
        const headers: Record<string, string> = ask === '' ? {} : { 'accept-encoding': ask };
        const first = await rawGet(server.url + t + path, headers);
        const again = await rawGet(server.url + t + path, headers);
        expect(first.status, ask).toBe(200);
        expect(first.headers['content-encoding'], ask).toBe(sent);
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(first.headers.etag).toBe(`"${version}"`);
        expect(first.headers.vary).toBe(sent === undefined ? undefined : 'accept-encoding');
        expect(first.headers['cache-control']).toBe('no-store');
        expect(Number(first.headers['content-length'])).toBe(first.body.length);
        expect(again.body.equals(first.body), ask).toBe(true);
        if (sent !== undefined) expect(first.body.length).toBeLessThan(plain.body.length);
        // Every encoding carries the same JSON, the version inside it too.
        expect(jsonOf(first)).toEqual(JSON.parse(plain.body.toString('utf8')));
        expect(jsonOf(first).version).toBe(version);
      }
    });
  }

  it('picks the encoding the compression plugin picks for any other answer (q-values, *, x-gzip, refusals)', async () => {
    const asks = [
      'br',
      'gzip',
      'br, gzip',
      'gzip, br',
      'gzip, deflate, br, zstd',
      'gzip;q=1, br;q=0.5',
      'br;q=0.8, gzip;q=0.8',
      'gzip;q=0.9, br',
      'br;q=0',
      'br;q=0, gzip;q=0',
      '*',
      '*;q=0.5, br;q=0.4',
      'x-gzip',
      'identity',
      'deflate',
      'zstd, deflate',
      'BR',
    ];
    for (const ask of asks) {
      // openapi.json is compressed by the plugin on every read: the reference.
      const reference = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': ask });
      const standings = await rawGet(`${server.url}${t}/standings`, { 'accept-encoding': ask });
      expect(standings.headers['content-encoding'], ask).toBe(reference.headers['content-encoding']);
    }
    const refused = await rawGet(`${server.url}${t}/standings`, { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(jsonOf(refused).afterRound).toBe(1);
  });

  it('gives the new standings after a result in every encoding, never the bytes kept from before', async () => {
    const before = new Map<string, Raw>();
    for (const { ask } of ENCODINGS)
      before.set(ask, await rawGet(`${server.url}${t}/standings`, ask === '' ? {} : { 'accept-encoding': ask }));
    const winner = firstTable.players[0];
    const reported = await staff.scorekeeper.post(`${t}/rounds/1/tables/${firstTable.table}/result`, {
      duels: [winner, winner],
    });
    expect(reported.status).toBe(200);
    for (const { ask } of ENCODINGS) {
      const after = await rawGet(`${server.url}${t}/standings`, ask === '' ? {} : { 'accept-encoding': ask });
      expect(after.headers.etag, ask).toBe(`"${reported.body.version}"`);
      expect(after.body.equals(before.get(ask)!.body), ask).toBe(false);
      const json = jsonOf(after);
      expect(json.version).toBe(reported.body.version);
      expect(json.standings[0]).toMatchObject({ rank: 1, player: winner, points: 3 });
    }
    // The pairings board shows the result too.
    const board = jsonOf(await rawGet(`${server.url}${t}/rounds/1/pairings`, { 'accept-encoding': 'br' }));
    expect(board.version).toBe(reported.body.version);
    const table = board.tables.find((x: { table: number }) => x.table === firstTable.table);
    expect(table.players.map((p: { duelWins: number }) => p.duelWins)).toEqual([2, 0]);
  });

  it('answers 304 with no body to a client that holds the version, and the whole answer to one that does not', async () => {
    const current = await rawGet(`${server.url}${t}/standings`, { 'accept-encoding': 'br' });
    const etag = current.headers.etag as string;
    for (const held of [etag, `W/${etag}`, `"1", ${etag}`, '*']) {
      for (const path of ['/standings', '/rounds/1/pairings', '/players']) {
        const again = await rawGet(server.url + t + path, { 'accept-encoding': 'br', 'if-none-match': held });
        expect(again.status, `${path} ${held}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['content-encoding']).toBeUndefined();
      }
    }
    const stale = await rawGet(`${server.url}${t}/standings`, { 'accept-encoding': 'br', 'if-none-match': '"1"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(current.body)).toBe(true);
    // A new version: what the client held is no longer current.
    const [, second] = (await staff.public.get(`${t}/rounds/1/pairings`)).body.tables as {
      table: number;
      players: { id: string }[];
    }[];
    const reported = await staff.scorekeeper.post(`${t}/rounds/1/tables/${second!.table}/result`, {
      duels: [second!.players[1]!.id, second!.players[1]!.id],
    });
    expect(reported.status).toBe(200);
    const newer = await rawGet(`${server.url}${t}/standings`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(newer.status).toBe(200);
    expect(newer.headers.etag).toBe(`"${reported.body.version}"`);
  });

  it('keeps the staff players list out of it: deck states and entry rounds, made for each read', async () => {
    const version = (await staff.public.get(t)).body.version as number;
    const list = await staff.scorekeeper.get(`${t}/players`, { headers: { 'if-none-match': `"${version}"` } });
    expect(list.status).toBe(200);
    expect(list.body.players[0]).toMatchObject({ entryRound: 1, decklist: false, reading: 'せんしゅ あ' });
    const publicList = await staff.public.get(`${t}/players`);
    expect(Object.keys(publicList.body.players[0])).toEqual(['id', 'name', 'reading', 'dropped', 'status']);
  });
});

describe('a prepared answer in the view cache', () => {
  const body = { rows: Array.from({ length: 200 }, (_, i) => ({ rank: i + 1, name: `選手${i}` })) };

  it('compresses once per encoding: a repeat ask, or asks at the same time, get the very same bytes', async () => {
    const answer = new PreparedAnswer(body);
    const [br, brAtOnce] = await Promise.all([answer.bytes('br'), answer.bytes('br')]);
    expect(brAtOnce).toBe(br);
    expect(await answer.bytes('br')).toBe(br);
    expect(await answer.bytes('gzip')).toBe(await answer.bytes('gzip'));
    expect(await answer.bytes('identity')).toBe(answer.json);
    expect(JSON.parse(brotliDecompressSync(br).toString('utf8'))).toEqual(body);
    expect(JSON.parse(gunzipSync(await answer.bytes('gzip')).toString('utf8'))).toEqual(body);
  });

  it('is kept for its version only: the next version replaces it', () => {
    const views = new ViewCache();
    const state = {} as Tournament;
    let made = 0;
    const make = () => {
      made++;
      return new PreparedAnswer(body);
    };
    const first = views.view('t', 'standings-answer/1', 5, state, make);
    expect(views.view('t', 'standings-answer/1', 5, state, make)).toBe(first);
    const next = views.view('t', 'standings-answer/1', 6, state, make);
    expect(next).not.toBe(first);
    expect(views.view('t', 'standings-answer/1', 6, state, make)).toBe(next);
    expect(made).toBe(2);
  });

  it('drops every view of an older version once one is made for a newer, and keeps other tournaments’', () => {
    const views = new ViewCache();
    const state = {} as Tournament;
    const made: string[] = [];
    const make = (label: string) => () => {
      made.push(label);
      return new PreparedAnswer({ label });
    };
    const pairings = views.view('t', 'pairings/1', 5, state, make('pairings@5'));
    const other = views.view('u', 'pairings/1', 2, state, make('other@2'));
    views.view('t', 'standings-answer/1', 6, state, make('standings@6'));
    // pairings/1 was made for version 5: gone once version 6 has a view, made again when asked.
    expect(views.view('t', 'pairings/1', 6, state, make('pairings@6'))).not.toBe(pairings);
    expect(views.view('u', 'pairings/1', 2, state, make('other@2 again'))).toBe(other);
    // A lagging read of version 5 is answered but never replaces what version 6 made.
    views.view('t', 'standings-answer/1', 5, state, make('standings@5'));
    views.view('t', 'standings-answer/1', 6, state, make('standings@6 again'));
    expect(made).toEqual(['pairings@5', 'other@2', 'standings@6', 'pairings@6', 'standings@5']);
  });
});
