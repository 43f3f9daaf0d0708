import { request } from 'node:http';
import pg from 'pg';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import { inPool, percentile } from '../lib/pool.js';
import type { PartResult } from '../lib/results-file.js';
import { ApiClient, staffTokens } from './api-client.js';
import { withDatabase } from './bench-database.js';
import { buildServer, processCpuMs, startServer, type RunningServer } from './server-process.js';

/*
 * Part 5: `shinpan serve` on PostgreSQL, with one process and with two on one database behind a
 * round-robin client (what a load balancer does). Measured: look-ups/s, durable results/s
 * (round 1's burst, the first after a start, runs on code V8 has not optimised yet and is shown
 * apart; the target is on round 2's, on the running server), and the delay from a result's acknowledgement (on either process) to its live frame on a
 * console connected to the other one. Then a crash: one of the two is killed (SIGKILL) during
 * a burst of results; every acknowledged result must be in the log, and the other process
 * must take the rest of the burst.
 *
 * The database is SHINPAN_BENCH_DATABASE_URL or SHINPAN_TEST_DATABASE_URL; a database of its
 * own is created next to it and dropped afterwards.
 */

const TOURNAMENT = 'cs-pg';
const TARGETS = { liveDelayP99Ms: 1000, writesPerSecond: 500 };
const RESULT_CONNECTIONS = 8;
const LOOKUP_CONNECTIONS = 16;

interface Run {
  readonly processes: number;
  readonly lookupsPerSecond: number;
  /** The first burst after a start (round 1). */
  readonly coldResultsPerSecond: number;
  /** Round 2's burst on the running server. */
  readonly resultsPerSecond: number;
  readonly resultP99Ms: number;
  /** Round 2: CPU time of the server processes together, and of the database's backends, per result. */
  readonly serverCpuMsPerResult: number;
  readonly databaseCpuMsPerResult: number;
  readonly liveDelayP99Ms: number;
  readonly liveFramesMissing: number;
}

export async function postgresBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const base = process.env.SHINPAN_BENCH_DATABASE_URL ?? process.env.SHINPAN_TEST_DATABASE_URL;
  if (!base)
    return unavailable('set SHINPAN_BENCH_DATABASE_URL (or SHINPAN_TEST_DATABASE_URL) to a PostgreSQL database');
  log('postgres: building dist/');
  const broken = buildServer();
  if (broken) return unavailable(broken);
  const players = quick ? 256 : 1024;
  const runs: Run[] = [];
  for (const processes of [1, 2])
    runs.push(await withDatabase(base, String(processes), (url) => measure(url, processes, players, log)));
  const crash = await withDatabase(base, 'crash', (url) => crashOne(url, players, log));
  const rows: Row[] = runs.flatMap((r) => [
    row(
      `${r.processes} process${r.processes === 1 ? '' : 'es'}: look-ups (${LOOKUP_CONNECTIONS} connections, round-robin)`,
      '/s',
      single(r.lookupsPerSecond),
    ),
    row(
      `${r.processes} process${r.processes === 1 ? '' : 'es'}: results entered (${RESULT_CONNECTIONS} connections, durable, first burst after a start)`,
      'writes/s',
      single(r.coldResultsPerSecond),
    ),
    row(
      `${r.processes} process${r.processes === 1 ? '' : 'es'}: results entered (${RESULT_CONNECTIONS} connections, durable, round 2 on the running server)`,
      'writes/s',
      single(r.resultsPerSecond),
      quick ? undefined : { min: TARGETS.writesPerSecond },
    ),
    row('  result latency p99', 'ms', single(r.resultP99Ms)),
    row(
      `  CPU per result, server process${r.processes === 1 ? '' : 'es together'}`,
      'ms',
      single(r.serverCpuMsPerResult),
    ),
    row('  CPU per result, PostgreSQL', 'ms', single(r.databaseCpuMsPerResult)),
    row(
      `  live delay p99 (acknowledged → frame on ${r.processes === 1 ? 'the same' : 'the other'} process)`,
      'ms',
      single(r.liveDelayP99Ms),
      { max: TARGETS.liveDelayP99Ms },
    ),
    row('  live frames missing', '', single(r.liveFramesMissing), { max: 0 }),
  ]);
  rows.push(
    row(
      'crash: acknowledged results found in the log after kill -9 of one process',
      '',
      single(crash.found / Math.max(crash.acknowledged, 1)),
      { min: 1 },
      `${crash.found} of ${crash.acknowledged}`,
    ),
    row('crash: results the other process took after the kill', '', single(crash.afterKill), { min: 1 }),
  );
  return {
    part: 'postgres',
    title: `The server on PostgreSQL: one and two processes on one database (${players} players)`,
    rows,
    notes: missNotes(rows),
    details: { players, runs, crash },
  };
}

async function measure(url: string, processes: number, players: number, log: (line: string) => void): Promise<Run> {
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await startServer(url));
    const first = servers[0]!;
    const tokens = await staffTokens(first.url, first.firstLogin!, {
      desk: ['organizer', 'scorekeeper'],
      console: ['judge'],
    });
    const desks = servers.map((s) => new ApiClient(s.url, tokens.desk));
    const path = `/api/tournaments/${TOURNAMENT}`;
    await desks[0]!.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'PostgreSQL bench',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    log(`postgres ×${processes}: registering ${players} players`);
    const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
    // One import (one write): registering one by one is setup, and took most of the part's time.
    await desks[0]!.ok('POST', `${path}/players/import`, {
      players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })),
    });
    const pairings = async (round: number) => {
      await desks[0]!.ok('POST', `${path}/rounds`, { round });
      const board = (await desks[0]!.ok('GET', `${path}/rounds/${round}/pairings`)) as {
        tables: { table: number | null; players: { id: string }[] }[];
      };
      return board.tables.filter((t) => t.table !== null);
    };
    const tables = await pairings(1);

    log(`postgres ×${processes}: look-ups for 3 s`);
    const lookups = await forSeconds(3, LOOKUP_CONNECTIONS, (n) =>
      desks[n % desks.length]!.call('GET', `${path}/rounds/1/pairings/${ids[n % ids.length]}`),
    );

    // The console listens on the last process; results go round-robin, so with two processes half come from the other one.
    const live = await listen(`${servers[servers.length - 1]!.url}${path}/live`, tokens.console!);
    const acknowledged = new Map<number, number>();
    const latencies: number[] = [];
    const burst = async (round: number, on: readonly { table: number | null; players: { id: string }[] }[]) => {
      log(`postgres ×${processes}: round ${round}, ${on.length} results`);
      const started = performance.now();
      await inPool(RESULT_CONNECTIONS, on, async (t, i) => {
        const winner = t.players[0]!.id;
        const sent = performance.now();
        const answer = await desks[i % desks.length]!.ok('POST', `${path}/rounds/${round}/tables/${t.table}/result`, {
          duels: [winner, winner],
        });
        const now = performance.now();
        if (round === 2) latencies.push(now - sent);
        acknowledged.set(answer.version as number, now);
      });
      return on.length / ((performance.now() - started) / 1000);
    };
    const cold = await burst(1, tables);
    await desks[0]!.ok('POST', `${path}/rounds/1/end`);
    const second = await pairings(2);
    // CPU counted rather than time alone: it holds on a machine other work slows down.
    const cpu = async () => ({
      server: servers.reduce((sum, s) => sum + s.cpuMs(), 0),
      database: await databaseCpuMs(url),
    });
    const before = await cpu();
    const warm = await burst(2, second);
    const after = await cpu();
    await waitFor(() => [...acknowledged.keys()].every((v) => live.arrived.has(v)), 5_000);
    live.close();
    const delays = [...acknowledged].flatMap(([version, at]) =>
      live.arrived.has(version) ? [Math.max(0, live.arrived.get(version)! - at)] : [],
    );
    return {
      processes,
      lookupsPerSecond: lookups / 3,
      coldResultsPerSecond: cold,
      resultsPerSecond: warm,
      resultP99Ms: percentile(latencies, 0.99),
      serverCpuMsPerResult: (after.server - before.server) / second.length,
      databaseCpuMsPerResult: (after.database - before.database) / second.length,
      liveDelayP99Ms: percentile(delays, 0.99),
      liveFramesMissing: acknowledged.size - delays.length,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function crashOne(
  url: string,
  players: number,
  log: (line: string) => void,
): Promise<{ acknowledged: number; found: number; afterKill: number }> {
  const a = await startServer(url);
  const b = await startServer(url);
  let killed = false;
  try {
    const tokens = await staffTokens(a.url, a.firstLogin!, { desk: ['organizer', 'scorekeeper'] });
    const [onA, onB] = [new ApiClient(a.url, tokens.desk), new ApiClient(b.url, tokens.desk)];
    const path = `/api/tournaments/${TOURNAMENT}`;
    await onA.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'PostgreSQL crash',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
    await onA.ok('POST', `${path}/players/import`, { players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })) });
    await onA.ok('POST', `${path}/rounds`, { round: 1 });
    const board = (await onB.ok('GET', `${path}/rounds/1/pairings`)) as {
      tables: { table: number | null; players: { id: string }[] }[];
    };
    const tables = board.tables.filter((t) => t.table !== null);
    log(`postgres crash: ${tables.length} results over two processes, one killed mid-burst`);
    const acknowledged = new Map<number, string>();
    let afterKill = 0;
    await inPool(RESULT_CONNECTIONS, tables, async (t, i) => {
      const winner = t.players[0]!.id;
      const onKilled = i % 2 === 0;
      // After the kill, a load balancer sends everything to the process still up.
      const client = killed || !onKilled ? onB : onA;
      const answer = await client
        .call('POST', `${path}/rounds/1/tables/${t.table}/result`, { duels: [winner, winner] })
        .catch(() => null);
      if (answer?.status === 200) {
        acknowledged.set(t.table!, winner);
        if (killed && client === onB) afterKill++;
      }
      if (!killed && acknowledged.size >= tables.length / 4) {
        killed = true;
        process.kill(a.pid, 'SIGKILL');
      }
    });
    const after = (await onB.ok('GET', `${path}/rounds/1/pairings`)) as {
      tables: { table: number | null; outcome: { kind: string; winner?: string } }[];
    };
    const outcomes = new Map(after.tables.map((t) => [t.table, t.outcome]));
    const found = [...acknowledged].filter(([table, winner]) => outcomes.get(table)?.winner === winner).length;
    return { acknowledged: acknowledged.size, found, afterKill };
  } finally {
    await b.stop();
    // A killed process has nothing left to stop.
    if (!killed) await a.stop();
  }
}

/** CPU time used so far by the database's server processes connected to this database (the servers' pooled connections), in ms. */
async function databaseCpuMs(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.reduce((sum, { pid }) => {
      try {
        return sum + processCpuMs(pid);
      } catch {
        return sum; // ended meanwhile
      }
    }, 0);
  } finally {
    await client.end();
  }
}

/** A console's live stream that notes when the frame carrying each version arrived. */
function listen(url: string, token: string): Promise<{ arrived: Map<number, number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const arrived = new Map<number, number>();
    let buffer = '';
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`live stream: HTTP ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          const frames = buffer.split('\n\n');
          buffer = frames.pop() ?? '';
          for (const frame of frames) {
            if (/^event: hello$/m.test(frame)) resolve({ arrived, close: () => req.destroy() });
            // A frame may carry several writes' events (appends committed together): each version arrives with its event.
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (data === undefined || !/^event: events$/m.test(frame)) continue;
            const now = performance.now();
            for (const event of (JSON.parse(data) as { events: { seq: number }[] }).events)
              if (!arrived.has(event.seq)) arrived.set(event.seq, now);
          }
        });
      },
    );
    req.on('error', () => undefined);
    req.end();
  });
}

/** Requests from `connections` loops for `seconds`; answers how many completed with 200. */
async function forSeconds(
  seconds: number,
  connections: number,
  send: (n: number) => Promise<{ status: number }>,
): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let n = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) if ((await send(n++)).status === 200) ok++;
    }),
  );
  return ok;
}

async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!done() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

function unavailable(why: string): PartResult {
  return {
    part: 'postgres',
    title: 'The server on PostgreSQL',
    rows: [],
    notes: [`Not measured: ${why}.`],
    details: { unavailable: why },
  };
}
