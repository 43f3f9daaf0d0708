import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inPool, percentile } from '../lib/pool.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import { repoRoot, type PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part 6 (issue 13, point 6): durable results past the disk's commit rate. The disk is slowed
 * on purpose: `slow-fsync.c`, built here with gcc and loaded into the server with LD_PRELOAD,
 * makes every fsync/fdatasync wait first, calibrated so that one-row commits (WAL,
 * synchronous=FULL, each its own transaction) come to about 250 a second. `shinpan serve` on
 * that disk then takes every result of a round, one round per burst of `BURSTS` (16 and 64
 * connections): group commit writes the appends that arrive during one commit in the next one,
 * so results/s can pass commits/s; the shim counts the server's fsyncs, so the results per fsync
 * are measured too. Then a crash: the server is killed (SIGKILL) a quarter into the next round's
 * burst, started again on the same file, and every acknowledged result must be there.
 *
 * Where the setup is impossible (no gcc, not Linux, or the shim does not slow the commits)
 * the part is skipped and says why.
 */

const TOURNAMENT = 'cs-slow-disk';
const TARGETS = { writesPerSecond: 500, diskCommitsPerSecond: 250 };
/**
 * One burst per round. Writers at once: a scorekeeper's desk and a few judges (16), and the end
 * of a round with the players reporting from their phones (64). Each waits for its own durable
 * answer, so with few writers the results/s are bound by the server's CPU per result, not by the
 * disk. The first burst after a start runs on code not yet optimised by V8 (about half again the
 * CPU per result), so it is shown without the target, and the target is held by a running server.
 */
const BURSTS = [
  { connections: 16, cold: true },
  { connections: 16, cold: false },
  { connections: 64, cold: false },
] as const;

export async function slowDiskBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 512 : 2048;
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-slow-disk-'));
  let server: RunningServer | null = null;
  try {
    const shim = buildShim(dir);
    if ('skip' in shim) return unavailable(shim.skip);
    log('slow disk: building dist/');
    const broken = buildServer();
    if (broken) return unavailable(broken);

    log('slow disk: calibrating the delay to about 250 one-row commits/s');
    const raw = commitsPerSecond(dir, {}, 200);
    // Each commit waits the delay, then the real fsync: 1/250 s in all where the disk is faster.
    // At least 2 ms, as this disk's own rate swings widely from one second to the next.
    const delayUs = Math.max(2000, Math.round(1e6 / TARGETS.diskCommitsPerSecond - 1e6 / raw));
    const env = { LD_PRELOAD: shim.path, SHINPAN_FSYNC_DELAY_US: String(delayUs) };
    const slowed = [1, 2, 3].map(() => commitsPerSecond(dir, env, quick ? 100 : 250));
    // A working shim makes more commits a second than the delay allows impossible.
    if (spread(slowed).median > (1e6 / delayUs) * 1.2)
      return unavailable(
        `the fsync shim did not slow the commits (${spread(slowed).median.toFixed(0)}/s with a ${delayUs} µs delay)`,
      );

    const db = join(dir, 'server.db');
    const counter = join(dir, 'fsyncs');
    const syncs = () => (existsSync(counter) ? Number(readFileSync(counter, 'utf8').trim() || 0) : 0);
    server = await startServer(db, [], { ...env, SHINPAN_FSYNC_COUNT_FILE: counter });
    const tokens = await staffTokens(server.url, server.firstLogin!, { desk: ['organizer', 'scorekeeper'] });
    let desk = new ApiClient(server.url, tokens.desk);
    const path = `/api/tournaments/${TOURNAMENT}`;
    await desk.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'Slow disk (bench)',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: 4, topCut: 0 },
    });
    const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
    await desk.ok('POST', `${path}/players/import`, { players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })) });

    const bursts = [];
    for (const [i, { connections, cold }] of BURSTS.entries()) {
      log(`slow disk: round ${i + 1}, ${players / 2} results from ${connections} connections`);
      if (i > 0) await desk.ok('POST', `${path}/rounds/${i}/end`);
      bursts.push({ connections, cold, ...(await burst(desk, path, i + 1, connections, null, syncs)) });
    }

    const killRound = BURSTS.length + 1;
    log(`slow disk: round ${killRound}, killing the server a quarter into the burst`);
    await desk.ok('POST', `${path}/rounds/${killRound - 1}/end`);
    const victim = server;
    const second = await burst(
      desk,
      path,
      killRound,
      BURSTS[0].connections,
      () => process.kill(victim.pid, 'SIGKILL'),
      syncs,
    );
    server = null;
    const restarted = await startServer(db, [], env);
    server = restarted;
    desk = new ApiClient(restarted.url, tokens.desk);
    const after = (await desk.ok('GET', `${path}/rounds/${killRound}/pairings`)) as {
      tables: { table: number | null; outcome: { kind: string; winner?: string } }[];
    };
    const outcomes = new Map(after.tables.map((t) => [t.table, t.outcome]));
    const found = [...second.acknowledged].filter(([table, winner]) => outcomes.get(table)?.winner === winner).length;

    const rows: Row[] = [
      row(
        'bound: one-row SQLite commits/s on the slowed disk (WAL, synchronous=FULL)',
        'commits/s',
        spread(slowed),
        undefined,
        `fsync delayed ${delayUs} µs; ${raw.toFixed(0)}/s unslowed`,
      ),
      ...bursts.flatMap((b) => [
        row(
          `results acknowledged on the slowed disk (${b.connections} connections, durable${b.cold ? ', first burst after a start' : ''})`,
          'writes/s',
          single(b.perSecond),
          quick || b.cold ? undefined : { min: TARGETS.writesPerSecond },
          `${b.acknowledged.size} of ${players / 2}`,
        ),
        row('  result latency p99', 'ms', single(b.p99)),
        row(
          '  results acknowledged per fsync of the server during the burst',
          '×',
          single(b.acknowledged.size / Math.max(b.fsyncs, 1)),
          undefined,
          `${b.fsyncs} fsyncs`,
        ),
      ]),
      row(
        'kill -9 mid-burst: acknowledged results found after the restart',
        '',
        single(found / Math.max(second.acknowledged.size, 1)),
        { min: 1 },
        `${found} of ${second.acknowledged.size} acknowledged before the kill`,
      ),
    ];
    return {
      part: 'slow-disk',
      title: `Durable results past the disk's commit rate: fsync slowed to ~${TARGETS.diskCommitsPerSecond} commits/s (${players} players)`,
      rows,
      notes: missNotes(rows),
      details: {
        players,
        delayUs,
        raw,
        slowed,
        bursts: bursts.map((b) => ({ ...b, acknowledged: b.acknowledged.size })),
        found,
      },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pairs `round` and enters every result; `kill`, when given, is called once a quarter is acknowledged (later requests fail). */
async function burst(
  desk: ApiClient,
  path: string,
  round: number,
  connections: number,
  kill: (() => void) | null,
  syncs: () => number,
): Promise<{ perSecond: number; p99: number; fsyncs: number; acknowledged: Map<number, string> }> {
  await desk.ok('POST', `${path}/rounds`, { round });
  const board = (await desk.ok('GET', `${path}/rounds/${round}/pairings`)) as {
    tables: { table: number | null; players: { id: string }[] }[];
  };
  const tables = board.tables.filter((t) => t.table !== null);
  const acknowledged = new Map<number, string>();
  const latencies: number[] = [];
  let killed = false;
  const syncsBefore = syncs();
  const started = performance.now();
  await inPool(connections, tables, async (t) => {
    if (killed) return;
    const winner = t.players[0]!.id;
    const sent = performance.now();
    const answer = await desk
      .call('POST', `${path}/rounds/${round}/tables/${t.table}/result`, { duels: [winner, winner] })
      .catch(() => null);
    if (answer?.status !== 200) return;
    latencies.push(performance.now() - sent);
    acknowledged.set(t.table!, winner);
    if (kill && !killed && acknowledged.size >= tables.length / 4) {
      killed = true;
      kill();
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const fsyncs = syncs() - syncsBefore;
  return { perSecond: acknowledged.size / seconds, p99: percentile(latencies, 0.99), fsyncs, acknowledged };
}

/** One-row commits/s in a process of its own, started with `env` (the shim, or nothing). */
function commitsPerSecond(dir: string, env: Readonly<Record<string, string>>, commits: number): number {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'bench', 'server', 'disk-commits.ts'), dir, String(commits)],
    { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const rate = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(rate)) throw new Error(`disk commits: ${run.stderr.slice(-500)}`);
  return rate;
}

/** Builds the fsync shim into `dir`, or says why it cannot be. */
function buildShim(dir: string): { path: string } | { skip: string } {
  if (process.platform !== 'linux') return { skip: `LD_PRELOAD shims need Linux (this is ${process.platform})` };
  const path = join(dir, 'slow-fsync.so');
  const gcc = spawnSync(
    'gcc',
    ['-shared', '-fPIC', '-O2', '-o', path, join(repoRoot, 'bench', 'server', 'slow-fsync.c'), '-ldl'],
    { encoding: 'utf8' },
  );
  if (gcc.error) return { skip: `gcc is not available (${gcc.error.message}), so the fsync shim cannot be built` };
  if (gcc.status !== 0) return { skip: `gcc could not build bench/server/slow-fsync.c: ${gcc.stderr.slice(0, 300)}` };
  return { path };
}

function unavailable(why: string): PartResult {
  return {
    part: 'slow-disk',
    title: "Durable results past the disk's commit rate",
    rows: [],
    notes: [`Not measured: ${why}.`],
    details: { unavailable: why },
  };
}
