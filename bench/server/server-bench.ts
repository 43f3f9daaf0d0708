import { mkdtempSync, rmSync } from 'node:fs';
import { inPool } from '../lib/pool.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { ApiClient, staffTokens } from './api-client.js';
import { diskCommitsPerSecond } from './disk-commits.js';
import { LiveConsole } from './live-console.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part 4: the real server (`node bin/shinpan.js serve`, SQLite with synchronous=FULL) under a
 * round start, on loopback. A 4,096-player event is registered and paired through the HTTP API;
 * then, round after round, autocannon plays the players looking up their own table and the
 * scorekeepers entering every result, while a judge's console listens to the live stream.
 */

const TOURNAMENT = 'cs-live';
const TARGETS = { lookupsPerSecond: 5000, lookupP99Ms: 50, writesPerSecond: 500, writeP99Ms: 100 };
/** Phones looking up at once, and scorekeeper stations entering results at once. */
const LOOKUP_CONNECTIONS = 32;
const RESULT_CONNECTIONS = 8;

interface RoundRun {
  readonly round: number;
  readonly pairMs: number;
  readonly lookups: { perSecond: number; p50: number; p99: number; total: number; failed: number };
  readonly results: {
    perSecond: number;
    p50: number;
    p99: number;
    acknowledged: number;
    failed: number;
    seconds: number;
  };
  /** Events the burst wrote, and how many of them reached the judge's console. */
  readonly liveEvents: { readonly written: number; readonly received: number };
}

/** Runs part 4. `quick`: 1,024 players, one round, 3-second lookups. */
export async function serverBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 1024 : 4096;
  const rounds = quick ? 1 : 3;
  const lookupSeconds = quick ? 3 : 10;
  log('server: building dist/');
  const broken = buildServer();
  if (broken) return unavailable(broken);
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-server-'));
  const db = join(dir, 'server.db');
  let server: RunningServer | null = null;
  const live = new LiveConsole();
  try {
    server = await startServer(db);
    if (!server.firstLogin) throw new Error('a fresh database must print the first organizer');
    const tokens = await staffTokens(server.url, server.firstLogin, {
      desk: ['organizer', 'scorekeeper'],
      console: ['judge'],
    });
    const desk = new ApiClient(server.url, tokens.desk);
    const base = `/api/tournaments/${TOURNAMENT}`;
    await desk.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'Championship Series (bench)',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: Math.max(rounds, 2), topCut: 0 },
    });

    log(`server: registering ${players} players through the API`);
    const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
    const registerStarted = performance.now();
    await inPool(8, ids, (id, i) => desk.ok('POST', `${base}/players`, { id, name: `Player ${i + 1}` }));
    const registerSeconds = (performance.now() - registerStarted) / 1000;

    await live.connect(`${server.url}${base}/live`, tokens.console!);
    const runs: RoundRun[] = [];
    for (let round = 1; round <= rounds; round++) {
      const pairStarted = performance.now();
      await desk.ok('POST', `${base}/rounds`, { round });
      const pairMs = performance.now() - pairStarted;
      const board = (await desk.ok('GET', `${base}/rounds/${round}/pairings`)) as {
        tables: { table: number | null; players: { id: string }[] }[];
        version: number;
      };
      const tables = board.tables.filter((t) => t.table !== null);

      log(`server: round ${round}, ${LOOKUP_CONNECTIONS} phones looking up their table for ${lookupSeconds} s`);
      const lookupPaths = shuffled(ids).map((id) => `${base}/rounds/${round}/pairings/${id}`);
      const lookups = await cannon({
        url: server.url,
        connections: LOOKUP_CONNECTIONS,
        duration: lookupSeconds,
        paths: lookupPaths,
      });

      log(`server: round ${round}, ${RESULT_CONNECTIONS} scorekeepers entering ${tables.length} results`);
      const bodies = tables.map((t) => ({
        path: `${base}/rounds/${round}/tables/${t.table}/result`,
        body: JSON.stringify({ duels: [t.players[0]!.id, t.players[0]!.id] }),
      }));
      const results = await cannon({
        url: server.url,
        connections: RESULT_CONNECTIONS,
        amount: bodies.length,
        posts: bodies,
        token: tokens.desk!,
      });
      // Every event the burst wrote (one per result) must reach the console.
      const { version: after } = (await desk.ok('GET', `${base}/rounds/${round}/pairings`)) as { version: number };
      await waitFor(() => live.received(board.version, after) >= after - board.version, 5000);
      runs.push({
        round,
        pairMs,
        lookups: {
          perSecond: lookups.ok / lookups.seconds,
          p50: lookups.p50,
          p99: lookups.p99,
          total: lookups.total,
          failed: lookups.failed,
        },
        results: {
          perSecond: results.ok / results.seconds,
          p50: results.p50,
          p99: results.p99,
          acknowledged: results.ok,
          failed: results.failed,
          seconds: results.seconds,
        },
        liveEvents: { written: after - board.version, received: live.received(board.version, after) },
      });
      if (results.failed > 0) log(`server: round ${round}: ${results.failed} results refused`);
      await desk.ok('POST', `${base}/rounds/${round}/end`);
    }
    const peakMb = server.peakMb();
    live.close();
    await server.stop();
    server = null;
    const stored = storedResults(db);
    const commits = [1, 2, 3].map(() => diskCommitsPerSecond(dir, quick ? 100 : 300));
    return summarize({ players, rounds, lookupSeconds, registerSeconds, runs, peakMb, stored, commits });
  } finally {
    live.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Cannon {
  readonly ok: number;
  readonly failed: number;
  readonly total: number;
  readonly seconds: number;
  readonly p50: number;
  readonly p99: number;
}

/** One autocannon run: GETs cycling through `paths`, or each of `posts` once with the token. */
async function cannon(options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  paths?: readonly string[];
  posts?: readonly { path: string; body: string }[];
  token?: string;
}): Promise<Cannon> {
  let next = 0;
  const request: autocannon.Request = options.posts
    ? {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        setupRequest: (req) => {
          const post = options.posts![next++ % options.posts!.length]!;
          return { ...req, path: post.path, body: post.body };
        },
      }
    : { method: 'GET', setupRequest: (req) => ({ ...req, path: options.paths![next++ % options.paths!.length]! }) };
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.duration ?? 10 } : { amount: options.amount }),
    requests: [request],
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    total: result['2xx'] + result.non2xx,
    seconds: options.amount === undefined ? result.duration : seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Results stored in the log (read after the server stopped): what was acknowledged must all be there. */
function storedResults(db: string): number {
  const sqlite = new Database(db, { readonly: true });
  try {
    return (sqlite.prepare("select count(*) as n from events where type = 'ResultReported'").get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

function summarize(m: {
  players: number;
  rounds: number;
  lookupSeconds: number;
  registerSeconds: number;
  runs: RoundRun[];
  peakMb: number;
  stored: number;
  commits: number[];
}): PartResult {
  const acknowledged = m.runs.reduce((s, r) => s + r.results.acknowledged, 0);
  const written = m.runs.reduce((s, r) => s + r.liveEvents.written, 0);
  const received = m.runs.reduce((s, r) => s + r.liveEvents.received, 0);
  const failedLookups = m.runs.reduce((s, r) => s + r.lookups.failed, 0);
  const failedWrites = m.runs.reduce((s, r) => s + r.results.failed, 0);
  const rows: Row[] = [
    row(
      `players looking up their table (${LOOKUP_CONNECTIONS} connections, ${m.lookupSeconds} s)`,
      'req/s',
      spread(m.runs.map((r) => r.lookups.perSecond)),
      { min: TARGETS.lookupsPerSecond },
      failedLookups > 0 ? `${failedLookups} failed` : undefined,
    ),
    row('  lookup latency p99', 'ms', spread(m.runs.map((r) => r.lookups.p99)), { max: TARGETS.lookupP99Ms }),
    row('  lookup latency p50', 'ms', spread(m.runs.map((r) => r.lookups.p50))),
    row(
      `results entered (${RESULT_CONNECTIONS} connections, durable: SQLite synchronous=FULL)`,
      'writes/s',
      spread(m.runs.map((r) => r.results.perSecond)),
      { min: TARGETS.writesPerSecond },
      failedWrites > 0 ? `${failedWrites} refused` : undefined,
    ),
    row('  result latency p99', 'ms', spread(m.runs.map((r) => r.results.p99)), { max: TARGETS.writeP99Ms }),
    row('  result latency p50', 'ms', spread(m.runs.map((r) => r.results.p50))),
    row(
      "judge's console: events received of those the results wrote",
      '',
      single(written === 0 ? 0 : received / written),
      { min: 1 },
      `${received} of ${written}`,
    ),
    row(
      'results acknowledged and found in the log afterwards',
      '',
      single(acknowledged === 0 ? 0 : m.stored / acknowledged),
      { min: 1 },
      `${m.stored} of ${acknowledged}`,
    ),
    row(`pairing a ${m.players}-player round through the API`, 'ms', spread(m.runs.map((r) => r.pairMs))),
    row('registering players through the API (setup, 8 at a time)', 'writes/s', single(m.players / m.registerSeconds)),
    row('server peak memory (VmHWM) after the runs', 'MB', single(m.peakMb)),
    row('bound: one-row SQLite commits/s on this disk (WAL, synchronous=FULL)', 'commits/s', spread(m.commits)),
  ];
  const notes = missNotes(rows);
  notes.push('autocannon runs in the benchmark process on the same machine as the server, so both share the cores.');
  return {
    part: 'server',
    title: `The server under a round start: ${m.players} players on loopback (${m.rounds} round${m.rounds === 1 ? '' : 's'})`,
    rows,
    notes,
    details: { ...m, connections: { lookups: LOOKUP_CONNECTIONS, results: RESULT_CONNECTIONS } },
  };
}

function unavailable(why: string): PartResult {
  return {
    part: 'server',
    title: 'The server under a round start',
    rows: [],
    notes: [`Not measured: ${why}.`],
    details: { unavailable: why },
  };
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  // A fixed order, different from registration order, so lookups do not walk the tables in sequence.
  for (let i = copy.length - 1; i > 0; i--) {
    const j = (i * 7919 + 13) % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!done() && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
}
