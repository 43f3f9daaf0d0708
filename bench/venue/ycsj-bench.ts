import { randomUUID } from 'node:crypto';
import { inPool, percentile } from '../lib/pool.js';
import { format, missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { buildServer } from '../server/server-process.js';
import { Acknowledged } from './acknowledged.js';
import type { Cluster } from './cluster.js';
import { Deadline, DeadlineReached, Samples, sendOk, type Request } from './venue-http.js';
import { clientCpuMs, deskToken, errorRow, lostRow, watched, watchedRows, type Watched } from './venue-rows.js';
import { venues, type Venue } from './venues.js';
import { killAndRestart, type Restart } from './restart.js';
import { readers, watchHealth, watchMemory } from './watchers.js';

/*
 * Part "ycsj" (issue 24): a YCSJ through the players' own phones, on one SQLite process and on
 * two PostgreSQL processes behind a round-robin balancer. 8,192 players open their page from
 * the slip's QR code (the record code is their credential) and check in; round 1 is paired;
 * at each table one player reads their page and reports, the other reads theirs and confirms
 * the same result (4,096 results, all by the players). When half the results are in, one
 * process is killed (SIGKILL) and started again: its first read is timed before the balancer
 * sends it anything. Meanwhile 50 anonymous readers follow the standings, the pairings and the
 * wall display (summary, board, clock), and a health check polls every process. Afterwards
 * every event an acknowledged write named must be in the log.
 */

const TOURNAMENT = 'ycsj';
/**
 * Phones with a request in flight at once. 64 of 8,192 players' phones is a quiet moment at a
 * YCSJ; each table's result is four requests one after the other (page, report, page, confirm),
 * so with 16 the figure was the round trip's (16 / four latencies), not what the server takes:
 * on a quiet machine 291 results/s at 16, 463 at 32, 553 at 64 (the client shares the 2 cores).
 */
const PHONES = 64;
const READER_THINK_MS = 2000;
const TARGETS = { resultsPerSecond: 500, checkInSeconds: 600, firstReadSqliteMs: 1000 };

interface YcsjRun {
  readonly venue: string;
  readonly processes: number;
  readonly incomplete: string | null;
  readonly checkIns: number;
  readonly checkInSeconds: number;
  readonly checkInP50Ms: number;
  readonly checkInP99Ms: number;
  readonly checkInFirstP50Ms: number;
  readonly checkInLastP50Ms: number;
  readonly pairingMs: number;
  readonly results: number;
  readonly resultsPerSecond: number;
  readonly resultsPerSecondOutsideRestart: number;
  readonly reportP50Ms: number;
  readonly reportP99Ms: number;
  readonly restart: Restart | null;
  readonly reads: number;
  readonly readP50Ms: number;
  readonly readP99Ms: number;
  readonly recordedOnBoard: number;
  readonly retries: number;
  readonly watched: Watched;
  readonly lost: { found: number; events: number; writes: number; missing: string[] };
  readonly statuses: Record<string, number>;
  readonly serverErrors: Record<string, number>;
  /** What the server processes wrote to stderr (their errors), when anything. */
  readonly serverLog: string[];
}

export async function ycsjBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 512 : 8192;
  const readerCount = quick ? 10 : 50;
  log('ycsj: building dist/');
  const broken = buildServer();
  if (broken) return { part: 'ycsj', title: 'A YCSJ', rows: [], notes: [`Not measured: ${broken}.`], details: {} };
  const runs: YcsjRun[] = [];
  const notes: string[] = [];
  for (const venue of venues()) {
    if (venue.unavailable) notes.push(`${venue.label}: not measured: ${venue.unavailable}.`);
    else
      try {
        runs.push(await venue.run('ycsj', (cluster) => ycsj(cluster, venue, players, readerCount, quick, log)));
      } catch (error) {
        // Stopped before its figures began (the setup took the whole deadline).
        if (!(error instanceof DeadlineReached)) throw error;
        notes.push(`${venue.label}: not measured: ${error.message} during the setup.`);
      }
  }
  const rows = runs.flatMap((r) => ycsjRows(r, players, quick));
  return {
    part: 'ycsj',
    title: `A YCSJ on the players' phones: ${format(players)} check-ins, ${format(players / 2)} results reported by both players, a process killed mid-round, ${readerCount} readers`,
    rows,
    notes: [
      ...missNotes(rows),
      ...notes,
      ...runs.flatMap((r) => (r.incomplete ? [`${r.venue}: stopped early: ${r.incomplete}.`] : [])),
      `Phones: ${PHONES} requests in flight at once; readers wait ${READER_THINK_MS / 1000} s between reads. The client runs on the same 2 cores as the servers.`,
    ],
    details: { players, readers: readerCount, phones: PHONES, runs },
  };
}

function ycsjRows(r: YcsjRun, players: number, quick: boolean): Row[] {
  const sqlite = r.processes === 1;
  const restart = r.restart;
  return [
    row(
      `${r.venue}: ${format(players)} check-ins from phones (page, then check-in)`,
      's',
      single(r.checkInSeconds),
      quick ? undefined : { max: TARGETS.checkInSeconds },
      `${r.checkIns} checked in`,
    ),
    row('  check-in write p50', 'ms', single(r.checkInP50Ms)),
    row('  check-in write p99', 'ms', single(r.checkInP99Ms)),
    row(
      `  check-in p50, last ${format(Math.round(players / 16))} (first ${format(Math.round(players / 16))}: ${format(r.checkInFirstP50Ms)} ms)`,
      'ms',
      single(r.checkInLastP50Ms),
    ),
    row('  round 1 paired (POST /rounds)', 'ms', single(r.pairingMs)),
    row(
      '  round-1 results/s, both players reporting (outside the restart window)',
      '/s',
      single(r.resultsPerSecondOutsideRestart),
      quick ? undefined : { min: TARGETS.resultsPerSecond },
      `${r.results} results`,
    ),
    row('  round-1 results/s over the whole round, restart included', '/s', single(r.resultsPerSecond)),
    row('  report / confirm write p50', 'ms', single(r.reportP50Ms)),
    row('  report / confirm write p99', 'ms', single(r.reportP99Ms)),
    row(
      `  kill -9 of ${sqlite ? 'the process' : 'one process'} mid-round: first read after the restart`,
      'ms',
      single(restart?.firstReadMs ?? Number.NaN),
      sqlite && !quick ? { max: TARGETS.firstReadSqliteMs } : undefined,
      restart
        ? `listening ${format(restart.startMs)} ms after the kill; back in the balancer after ${format(restart.windowMs)} ms; ${r.retries} requests sent again`
        : 'no restart',
    ),
    row(
      '  anonymous readers: read p99 (standings, pairings, wall)',
      'ms',
      single(r.readP99Ms),
      undefined,
      `p50 ${format(r.readP50Ms)} ms, ${r.reads} reads`,
    ),
    ...watchedRows(r.watched),
    errorRow(r.serverErrors),
    row('  results on the board after the round', '', single(r.recordedOnBoard), { min: players / 2 }),
    lostRow(r.lost),
  ];
}

async function ycsj(
  cluster: Cluster,
  venue: Venue,
  players: number,
  readerCount: number,
  quick: boolean,
  log: (line: string) => void,
): Promise<YcsjRun> {
  const deadline = new Deadline(quick ? 300 : 900);
  const samples = new Samples();
  const acknowledged = new Acknowledged();
  const first = cluster.first();
  const desk = await deskToken(first.url, first.firstLogin);
  const path = `/api/tournaments/${TOURNAMENT}`;
  const staffWrite = async (kind: string, method: string, at: string, body?: unknown) => {
    const answer = await sendOk(cluster, deadline, samples, {
      method,
      path: at,
      body,
      token: desk,
      key: randomUUID(),
      kind,
    });
    acknowledged.note(TOURNAMENT, answer.body);
    return answer;
  };
  const phone = (kind: string, method: string, at: string, body?: unknown): Promise<{ body: any; ms: number }> =>
    sendOk(cluster, deadline, samples, {
      method,
      path: at,
      body,
      kind,
      ...(method === 'GET' ? {} : { key: randomUUID() }),
    });

  log(`ycsj ${venue.label}: ${players} players`);
  await staffWrite('setup', 'POST', '/api/tournaments', {
    id: TOURNAMENT,
    name: 'YCSJ (bench)',
    date: '2026-08-01',
    structure: { kind: 'swiss', rounds: 13, topCut: 0 },
  });
  const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
  const imported = await staffWrite('setup', 'POST', `${path}/players/import`, {
    players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })),
  });
  const codes = imported.body.codes as Record<string, string>;
  await staffWrite('setup', 'PUT', `${path}/player-reporting`, { enabled: true });

  // The round the wall and the readers follow: 0 until round 1 is posted.
  let posted = 0;
  const reads = (reader: number): Request[] => {
    const summary = { method: 'GET', path, kind: 'read' };
    const board = { method: 'GET', path: `${path}/rounds/${posted}/pairings`, kind: 'read' };
    const clock = { method: 'GET', path: `${path}/rounds/${posted}/clock`, kind: 'read' };
    if (reader % 3 === 0) return [{ method: 'GET', path: `${path}/standings`, kind: 'read' }];
    if (posted === 0) return [summary];
    return reader % 3 === 1 ? [summary, board] : [summary, board, clock];
  };
  const clientFrom = clientCpuMs();
  const health = watchHealth(cluster, samples, log);
  await health.ready;
  const memory = watchMemory(cluster);
  const audience = readers(readerCount, READER_THINK_MS, cluster, deadline, samples, reads);

  const checkInMs: number[] = [];
  let checkInSeconds = Number.NaN;
  const checkInStarted = performance.now();
  let pairingMs = Number.NaN;
  const confirmedAt: number[] = [];
  let roundStarted = Number.NaN;
  let roundEnded = Number.NaN;
  const chaos: { restart?: Promise<Restart> } = {};
  let restart: Restart | null = null;
  let incomplete: string | null = null;
  let recordedOnBoard = 0;
  try {
    log(`ycsj ${venue.label}: ${players} check-ins`);
    await inPool(PHONES, ids, async (id, i) => {
      const code = codes[id]!;
      await phone('player page', 'GET', `${path}/players/${id}/page?code=${code}`);
      const answer = await phone('check-in', 'POST', `${path}/players/${id}/check-in`, { code });
      acknowledged.note(TOURNAMENT, answer.body);
      checkInMs[i] = answer.ms;
      if (i % 256 === 0) log(`ycsj ${venue.label}: check-in ${i + 1}/${players}`);
    });
    checkInSeconds = (performance.now() - checkInStarted) / 1000;

    log(`ycsj ${venue.label}: pairing round 1`);
    const started = performance.now();
    await staffWrite('pairing', 'POST', `${path}/rounds`, { round: 1 });
    pairingMs = performance.now() - started;
    posted = 1;
    const board = (
      await sendOk(cluster, deadline, samples, {
        method: 'GET',
        path: `${path}/rounds/1/pairings`,
        token: desk,
        kind: 'staff read',
      })
    ).body as { tables: { table: number | null; players: { id: string }[] }[] };
    const tables = board.tables.filter((t) => t.table !== null);

    // The victim: the only SQLite process, or the second PostgreSQL one (the first keeps serving).
    const victim = cluster.size - 1;
    roundStarted = performance.now();
    await inPool(PHONES, tables, async (t, i) => {
      const [a, b] = t.players.map((p) => p.id) as [string, string];
      const pageA = (await phone('player page', 'GET', `${path}/players/${a}/page?code=${codes[a]}`)).body;
      const winner = i % 3 === 0 ? b : a;
      const duels = i % 5 === 0 ? [winner, winner === a ? b : a, winner] : [winner, winner];
      const { round, table } = pageA.match as { round: number; table: number };
      const reported = await phone('report', 'POST', `${path}/players/${a}/result`, {
        code: codes[a],
        round,
        table,
        duels,
      });
      acknowledged.note(TOURNAMENT, reported.body);
      // The opponent confirms what their page shows; a page read before the report reached it shows none, and they enter the same.
      const pageB = (await phone('player page', 'GET', `${path}/players/${b}/page?code=${codes[b]}`)).body;
      const confirmed = await phone('confirm', 'POST', `${path}/players/${b}/result`, {
        code: codes[b],
        round,
        table,
        duels: (pageB.match?.theirs?.duels as string[] | undefined) ?? duels,
      });
      acknowledged.note(TOURNAMENT, confirmed.body);
      confirmedAt.push(performance.now());
      if (confirmedAt.length === Math.floor(tables.length / 2)) {
        log(`ycsj ${venue.label}: kill -9 of process ${victim + 1}, restart`);
        chaos.restart = killAndRestart(cluster, victim, path, deadline, (url) => health.passed(url));
        // Awaited once the round is in; a failure meanwhile must not end the process as unhandled.
        chaos.restart.catch(() => undefined);
      }
      if (i % 256 === 0) log(`ycsj ${venue.label}: ${confirmedAt.length}/${tables.length} results`);
    });
    roundEnded = performance.now();
    const pending = chaos.restart;
    if (pending !== undefined) restart = await pending;
    const after = (
      await sendOk(cluster, deadline, samples, {
        method: 'GET',
        path: `${path}/rounds/1/pairings`,
        token: desk,
        kind: 'staff read',
      })
    ).body as { tables: { table: number | null; outcome: unknown }[] };
    recordedOnBoard = after.tables.filter((t) => t.table !== null && t.outcome).length;
  } catch (error) {
    if (!(error instanceof DeadlineReached)) throw error;
    incomplete = error.message;
    // Stopped during the check-ins: the time they had, beside how many got in.
    if (Number.isNaN(checkInSeconds)) checkInSeconds = (performance.now() - checkInStarted) / 1000;
    if (!Number.isNaN(roundStarted) && Number.isNaN(roundEnded)) roundEnded = performance.now();
    // A restart under way finishes (or fails) before the processes are stopped, so none is left behind.
    await chaos.restart?.catch(() => undefined);
  }
  log(`ycsj ${venue.label}: stopping the readers and the health check`);
  await audience.stop();
  await health.stop();
  await memory.stop();
  deadline.end();
  // The log is read back with a deadline of its own: a scenario stopped early still checks what it was told.
  log(`ycsj ${venue.label}: reading the log back`);
  const check = new Deadline(300);
  const lost = await acknowledged.verify(cluster, check, samples, desk);
  check.end();

  const roundMs = roundEnded - roundStarted;
  const outside = restart
    ? confirmedAt.filter((at) => at < restart!.killedAt || at > restart!.admittedAt).length
    : confirmedAt.length;
  // The part of the round the restart window covers (on PostgreSQL the round may end before the process is back).
  const overlap = restart
    ? Math.max(0, Math.min(restart.admittedAt, roundEnded) - Math.max(restart.killedAt, roundStarted))
    : 0;
  const outsideMs = roundMs - overlap;
  const reports = [...samples.of('report'), ...samples.of('confirm')];
  const sixteenth = Math.max(1, Math.round(players / 16));
  const done = checkInMs.filter((ms) => ms !== undefined);
  return {
    venue: venue.label,
    processes: venue.processes,
    incomplete,
    checkIns: done.length,
    checkInSeconds,
    checkInP50Ms: percentile(done, 0.5),
    checkInP99Ms: percentile(done, 0.99),
    checkInFirstP50Ms: percentile(
      checkInMs.slice(0, sixteenth).filter((ms) => ms !== undefined),
      0.5,
    ),
    checkInLastP50Ms: percentile(
      checkInMs.slice(-sixteenth).filter((ms) => ms !== undefined),
      0.5,
    ),
    pairingMs,
    results: confirmedAt.length,
    resultsPerSecond: confirmedAt.length / (roundMs / 1000),
    resultsPerSecondOutsideRestart: outside / (outsideMs / 1000),
    reportP50Ms: percentile(reports, 0.5),
    reportP99Ms: percentile(reports, 0.99),
    restart,
    reads: samples.of('read').length,
    readP50Ms: percentile(samples.of('read'), 0.5),
    readP99Ms: percentile(samples.of('read'), 0.99),
    recordedOnBoard,
    retries: samples.retries,
    watched: watched(cluster, samples, clientFrom),
    lost: { ...lost, writes: acknowledged.writes },
    statuses: Object.fromEntries(samples.statuses),
    serverErrors: samples.serverErrors(),
    serverLog: cluster.stderr(),
  };
}
