import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import type { DatabaseConfig } from '../../src/adapters/http/config.js';
import { serverLogger } from '../../src/adapters/http/logging.js';
import { openServer } from '../../src/adapters/http/open-server.js';
import { PublicPace } from '../../src/adapters/http/public-pace.js';
import { buildServer } from '../../src/adapters/http/server.js';
import { WARM_PLAYERS, warmUp } from '../../src/adapters/http/warm-up.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { requireFreshBuild } from '../support/fresh-build.js';
import { HttpClient } from './support/http-client.js';
import { storeKinds } from './support/stores.js';

/*
 * A restarted process reads the big open tournaments before its port opens: their logs folded
 * and their public views made, so the venue's first reads after a restart wait for none of it
 * (at 8,192 players each was 40–100 ms on the loop, docs/performance.md). Small tournaments and
 * finished ones are left to their first read. The warm-up's reads are the server's own: no
 * request line in the log, no request in the metrics.
 */

const SECRET = 'test-secret-0123456789abcdef';

/** The environment without SHINPAN_NO_CACHES. */
function withoutNoCaches(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { SHINPAN_NO_CACHES: _off, ...rest } = env;
  return rest;
}
const METRICS_TOKEN = 'metrics-token-0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A database holding `big` (open, WARM_PLAYERS players, round 1 paired), `small` (open, 4) and `done` (finished, WARM_PLAYERS). */
async function venueDatabase(database: DatabaseConfig): Promise<void> {
  const server = await openServer({ database, secret: SECRET, heartbeatMs: 60_000, webRoot: null, caches: true });
  const { address, firstLogin } = await server.listen({ port: 0, host: '127.0.0.1' });
  const organizer = new HttpClient(address);
  await organizer.login(firstLogin!.username, firstLogin!.password);
  await organizer.post('/api/auth/password', { currentPassword: firstLogin!.password, newPassword: 'organizer-pw-1' });
  const ok = async (path: string, body: unknown, status = 201) => {
    const answer = await organizer.post(path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(status);
    return answer;
  };
  const create = (id: string, players: number) =>
    ok('/api/tournaments', {
      id,
      name: `大会 ${id}`,
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 1, topCut: 0 },
    })
      .then(() =>
        ok(`/api/tournaments/${id}/players/import`, {
          players: Array.from({ length: players }, (_, i) => ({ id: String(1_000_000_000 + i), name: `選手${i + 1}` })),
        }),
      )
      .then(() => ok(`/api/tournaments/${id}/rounds`, { round: 1 }));
  await create('big', WARM_PLAYERS);
  await create('small', 4);
  await create('done', WARM_PLAYERS);
  const made = await organizer.post('/api/accounts', {
    username: 'scorer',
    displayName: 'scorer',
    roles: ['scorekeeper'],
    password: 'scorer-password-1',
  });
  expect(made.status).toBe(201);
  const scorer = new HttpClient(address);
  await scorer.login('scorer', 'scorer-password-1');
  const board = await organizer.get('/api/tournaments/done/rounds/1/pairings');
  for (const { table, players } of board.body.tables as { table: number | null; players: { id: string }[] }[]) {
    if (table === null) continue;
    const result = { duels: [players[0]!.id, players[0]!.id] };
    expect((await scorer.post(`/api/tournaments/done/rounds/1/tables/${table}/result`, result)).status).toBe(200);
  }
  await ok('/api/tournaments/done/rounds/1/end', {}, 200);
  await ok('/api/tournaments/done/finish', {}, 200);
  // Closing stores every tournament's summary, which the warm-up picks from.
  await server.close();
}

describe.each(await storeKinds())('the warm-up before the port opens ($name)', ({ kind }) => {
  let database: DatabaseConfig;

  it('folds the big open tournament and makes its views; its first reads afterwards fold nothing', async () => {
    if (kind.kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'shinpan-warm-'));
      dirs.push(dir);
      database = { kind: 'sqlite', path: join(dir, 'venue.db') };
    } else database = { kind: 'postgres', url: kind.url, schema: `warm_${process.pid}_${Date.now().toString(36)}` };
    await venueDatabase(database);

    const store = await openEventStore(database);
    const folded: string[] = [];
    const read = store.read.bind(store);
    store.read = (tournamentId, afterSeq = 0) => {
      if (afterSeq === 0) folded.push(tournamentId);
      return read(tournamentId, afterSeq);
    };
    const accounts = await openAccountStore(database);
    // A process always loaded, every answer big: each public read is paced, the warm-up's never
    // (its pause waited on a timer that holds no process open: `shinpan serve` exited with 13).
    const paced: number[] = [];
    const publicPace = new PublicPace(
      { bigBytes: 1 },
      async (ms) => void paced.push(ms),
      () => true,
    );
    const service = new TournamentService(store);
    const app = await buildServer({ accounts, store, service, secret: SECRET, caches: true, publicPace });
    try {
      const warmed = await warmUp(app, store);
      expect(warmed.tournaments).toEqual([{ id: 'big', players: WARM_PLAYERS }]);
      expect(warmed.unanswered).toEqual([]);
      expect(folded).toEqual(['big']);
      expect(paced).toEqual([]);
      for (const url of ['/api/tournaments/big/standings', '/api/tournaments/big/rounds/1/pairings'])
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(folded).toEqual(['big']);
      expect(paced).toHaveLength(2);
      // Not warmed: folded on its first read, as before.
      expect((await app.inject({ method: 'GET', url: '/api/tournaments/small/standings' })).statusCode).toBe(200);
      expect(folded).toEqual(['big', 'small']);
    } finally {
      await app.close();
      publicPace.close();
      await accounts.close();
      await store.close();
    }
  }, 120_000);

  it('says what it warmed in the log, with no request line or request metric of its own', async () => {
    const lines: string[] = [];
    const logger = serverLogger('info', { write: (line: string) => void lines.push(line) });
    const server = await openServer({
      database,
      secret: SECRET,
      heartbeatMs: 60_000,
      webRoot: null,
      caches: true,
      logger,
      metricsToken: METRICS_TOKEN,
    });
    try {
      const listening = await server.listen({ port: 0, host: '127.0.0.1' });
      expect(listening.warmedUp?.tournaments).toEqual([{ id: 'big', players: WARM_PLAYERS }]);
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged.filter((l) => l.msg === 'warmed up')).toMatchObject([
        { level: 30, tournaments: [{ id: 'big', players: WARM_PLAYERS }], unanswered: [], ms: expect.any(Number) },
      ]);
      expect(logged.filter((l) => l.msg === 'request')).toEqual([]);
      const metrics = await fetch(`${listening.address}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await metrics.text();
      expect(text).toContain('shinpan_http_request_duration_seconds');
      expect(text).not.toContain('route="/api/tournaments/:tournamentId/standings"');
    } finally {
      await server.close();
    }
  }, 60_000);

  it.skipIf(kind.kind !== 'sqlite')(
    '`shinpan serve` warms up, says so and listens',
    async () => {
      requireFreshBuild();
      if (database.kind !== 'sqlite') throw new Error('unreachable');
      const child = spawn(
        process.execPath,
        ['bin/shinpan.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--db', database.path],
        {
          cwd: new URL('../../', import.meta.url).pathname,
          // The warm-up is the caches' work: this start has them on, also in CI's run with every cache off.
          env: { ...withoutNoCaches(process.env), SHINPAN_SECRET: SECRET },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      try {
        const out = await new Promise<string>((resolve, reject) => {
          let text = '';
          let err = '';
          child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
          child.stdout!.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (/listening on http/.test(text)) resolve(text);
          });
          child.on('exit', (code) => reject(new Error(`serve exited with ${code} before listening: ${err}${text}`)));
        });
        const warmed = out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find((line) => line.msg === 'warmed up');
        expect(warmed).toMatchObject({ tournaments: [{ id: 'big', players: WARM_PLAYERS }], unanswered: [] });
        const url = /listening on (http:\/\/[\d.:]+)/.exec(out)![1]!;
        expect((await fetch(`${url}/api/tournaments/big/standings`)).status).toBe(200);
      } finally {
        child.kill('SIGKILL');
      }
    },
    60_000,
  );
});
