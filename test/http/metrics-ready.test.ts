import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SHINPAN_VERSION } from '../../src/adapters/version.js';
import { PLAYERS, staffOf, tournamentWithPlayers } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Readiness (GET /api/ready) and metrics (GET /metrics) on a real server over each store:
 * the metrics move with what the test did, only the token opens them, and readiness follows
 * whether the database answers.
 */

const TOKEN = 'metrics-token-0123456789';
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** The value of one series in Prometheus text, or undefined. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([^{ ]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    );
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) return Number(match[3]);
  }
  return undefined;
}

/** Drops the table readiness looks at, from outside the server: the database no longer answers as migrated. */
async function breakSchema(server: TestServer): Promise<void> {
  const database = server.database;
  if (database.kind === 'sqlite') {
    const db = new Database(database.path);
    db.exec('drop table stream_summaries');
    db.close();
  } else {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`drop table ${database.schema}.stream_summaries`);
    await client.end();
  }
}

describe.each(await storeKinds())('readiness and metrics on $name', ({ kind }) => {
  it('answers /metrics with the token only, counting requests, appends, replays, refusals, streams and the loop', async () => {
    const server = await startTestServer(kind, { metricsToken: TOKEN });
    servers.push(server);
    const staff = await staffOf(server);
    const t = await tournamentWithPlayers(staff, 'metered');
    const again = { headers: { 'idempotency-key': 'drop-once' } };
    const drop = () => staff.scorekeeper.post(`/api/tournaments/${t}/players/${PLAYERS[3].id}/drop`, {}, again);
    const first = await drop();
    expect(first.status).toBeLessThan(300);
    expect((await drop()).status).toBe(first.status);
    expect((await server.client().get('/api/tournaments/no-such-one')).status).toBe(404);

    expect((await server.client().get('/metrics')).status).toBe(401);
    expect((await server.client().get('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(
      series(text, 'shinpan_http_request_duration_seconds_count', {
        route: '/api/auth/login',
        method: 'POST',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(4);
    expect(series(text, 'shinpan_event_append_seconds_count', { outcome: 'written' })).toBeGreaterThanOrEqual(6);
    expect(series(text, 'shinpan_events_appended_total')).toBeGreaterThanOrEqual(6);
    expect(series(text, 'shinpan_idempotent_replays_total')).toBeGreaterThanOrEqual(1);
    expect(series(text, 'shinpan_refusals_total', { status: '404' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'shinpan_live_streams_open', { audience: 'public' })).toBe(0);
    expect(series(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    // Nothing waits for a turn once the answers are in; a turn lets in 1 to 16.
    expect(series(text, 'shinpan_http_requests_waiting')).toBe(0);
    expect(series(text, 'shinpan_http_requests_per_turn')).toBeGreaterThanOrEqual(1);
    expect(series(text, 'shinpan_http_requests_per_turn')).toBeLessThanOrEqual(16);
    expect(text).toContain('shinpan_postgres_locked_turn_seconds');
  }, 120_000);

  it('answers /api/ready 200 while the database answers, 503 naming why once it does not; /api/health names the release', async () => {
    const server = await startTestServer(kind);
    servers.push(server);
    expect((await server.client().get('/metrics')).status).toBe(404);
    const health = await server.client().get('/api/health');
    expect(health.body).toMatchObject({ ok: true, version: SHINPAN_VERSION });
    const ready = await server.client().get('/api/ready');
    expect(ready).toMatchObject({ status: 200, body: { ready: true, version: SHINPAN_VERSION } });
    await breakSchema(server);
    const notReady = await server.client().get('/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ ready: false, reason: expect.stringContaining('stream_summaries') });
    // Liveness stays: the process answers.
    expect((await server.client().get('/api/health')).status).toBe(200);
  }, 120_000);
});
