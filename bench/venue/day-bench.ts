import { randomUUID } from 'node:crypto';
import { percentile } from '../lib/pool.js';
import { format, missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { buildServer } from '../server/server-process.js';
import { Acknowledged } from './acknowledged.js';
import type { Cluster } from './cluster.js';
import { Deadline, DeadlineReached, Gate, Samples, sendOk } from './venue-http.js';
import { clientCpuMs, deskToken, errorRow, lostRow, watched, watchedRows, type Watched } from './venue-rows.js';
import { venues, type Venue } from './venues.js';
import { killAndRestart, type Restart } from './restart.js';
import { readers, watchHealth, watchMemory } from './watchers.js';

/*
 * Part "day" (issue 24): 遊戯王の日, when shops all over run their own small tournament on one
 * server. 1,000 tournaments of 32 players, 5 Swiss rounds each, all at once through the staff
 * routes (create, import, pair, read the board, enter every result, end the round, finish),
 * while readers keep reading the public tournament list and a health check polls every
 * process. Before the day, WARM_UP tournaments are played the same way and not counted. After
 * the day one process is killed (SIGKILL) and started again: its first list is timed before
 * the balancer sends it anything. On one SQLite process and on two PostgreSQL processes behind
 * a round-robin balancer.
 */

const PLAYERS = 32;
const ROUNDS = 5;
/** Staff requests in flight at once, over all tournaments (the client shares the 2 cores with the servers). */
const STAFF_CONNECTIONS = 8;
/**
 * Phones reading the list, each once a second. With 4, a day gave 330–420 reads and its p99
 * was the fourth-worst read: one run's figure moved by 10 ms between runs of the same code
 * (19–36 ms on two PostgreSQL processes). 16 give about 1,300, a p99 that is a figure.
 */
const LIST_READERS = 16;
const LIST_THINK_MS = 1000;
const TARGETS = { writeP99Ms: 250, listP99Ms: 20 };
/** Tournaments played before the day and not counted: each process then runs warm code. */
const WARM_UP = 8;
const WRITES = ['create', 'import', 'pairing', 'result', 'end round', 'finish'] as const;

interface DayRun {
  readonly venue: string;
  readonly incomplete: string | null;
  readonly tournamentsFinished: number;
  readonly seconds: number;
  readonly results: number;
  readonly writes: number;
  readonly write: Readonly<Record<string, { p50: number; p99: number; count: number }>>;
  /** After the day: a process killed and started again, and its first tournament list. */
  readonly restart: Restart | null;
  readonly listP50Ms: number;
  readonly listP99Ms: number;
  readonly lists: number;
  readonly retries: number;
  readonly watched: Watched;
  readonly lost: { found: number; events: number; writes: number; missing: string[] };
  readonly statuses: Record<string, number>;
  readonly serverErrors: Record<string, number>;
  /** What the server processes wrote to stderr (their errors), when anything. */
  readonly serverLog: string[];
}

export async function dayBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const tournaments = quick ? 40 : 1000;
  log('day: building dist/');
  const broken = buildServer();
  if (broken) return { part: 'day', title: '遊戯王の日', rows: [], notes: [`Not measured: ${broken}.`], details: {} };
  const runs: DayRun[] = [];
  const notes: string[] = [];
  for (const venue of venues()) {
    if (venue.unavailable) notes.push(`${venue.label}: not measured: ${venue.unavailable}.`);
    else
      try {
        runs.push(await venue.run('day', (cluster) => day(cluster, venue, tournaments, quick, log)));
      } catch (error) {
        // Stopped before its figures began (the setup took the whole deadline).
        if (!(error instanceof DeadlineReached)) throw error;
        notes.push(`${venue.label}: not measured: ${error.message} during the setup.`);
      }
  }
  const rows = runs.flatMap((r) => dayRows(r, tournaments, quick));
  return {
    part: 'day',
    title: `遊戯王の日: ${format(tournaments)} tournaments of ${PLAYERS} players, ${ROUNDS} Swiss rounds, all at once, the tournament list read throughout`,
    rows,
    notes: [
      ...missNotes(rows),
      ...notes,
      ...runs.flatMap((r) => (r.incomplete ? [`${r.venue}: stopped early: ${r.incomplete}.`] : [])),
      `Staff: ${STAFF_CONNECTIONS} requests in flight at once over all tournaments; ${LIST_READERS} readers of the list wait ${LIST_THINK_MS / 1000} s between reads. The client runs on the same 2 cores as the servers. Before the day, ${WARM_UP} tournaments are played the same way and not counted (warm code).`,
    ],
    details: { tournaments, players: PLAYERS, rounds: ROUNDS, staffConnections: STAFF_CONNECTIONS, runs },
  };
}

function dayRows(r: DayRun, tournaments: number, quick: boolean): Row[] {
  return [
    row(
      `${r.venue}: the whole day (${format(r.writes)} writes)`,
      's',
      single(r.seconds),
      undefined,
      `${r.tournamentsFinished} of ${tournaments} tournaments finished`,
    ),
    row('  results/s', '/s', single(r.results / r.seconds), undefined, `${r.results} results`),
    ...WRITES.map((kind) =>
      row(
        `  write p99: ${kind}`,
        'ms',
        single(r.write[kind]?.p99 ?? Number.NaN),
        quick ? undefined : { max: TARGETS.writeP99Ms },
        `p50 ${format(r.write[kind]?.p50 ?? Number.NaN)} ms, ${r.write[kind]?.count ?? 0} writes`,
      ),
    ),
    row(
      '  tournament list p99 (GET /api/tournaments)',
      'ms',
      single(r.listP99Ms),
      quick ? undefined : { max: TARGETS.listP99Ms },
      `p50 ${format(r.listP50Ms)} ms, ${r.lists} reads`,
    ),
    row(
      `  kill -9 of ${r.venue.startsWith('SQLite') ? 'the process' : 'one process'} after the day: first tournament list after the restart`,
      'ms',
      single(r.restart?.firstReadMs ?? Number.NaN),
      undefined,
      r.restart ? `listening ${format(r.restart.startMs)} ms after the kill` : 'no restart',
    ),
    ...watchedRows(r.watched),
    errorRow(r.serverErrors),
    lostRow(r.lost),
  ];
}

async function day(
  cluster: Cluster,
  venue: Venue,
  tournaments: number,
  quick: boolean,
  log: (line: string) => void,
): Promise<DayRun> {
  const deadline = new Deadline(quick ? 300 : 900);
  const samples = new Samples();
  const acknowledged = new Acknowledged();
  const gate = new Gate(STAFF_CONNECTIONS);
  const first = cluster.first();
  const desk = await deskToken(first.url, first.firstLogin);
  /** A staff request; `counted` false for the warm-up (its latencies and writes are not the day's). */
  const staffOf =
    (counted: boolean) => (tournament: string, kind: string, method: string, path: string, body?: unknown) =>
      gate.run(async () => {
        const write = method !== 'GET';
        const answer = await sendOk(cluster, deadline, counted ? samples : new Samples(), {
          method,
          path,
          body,
          token: desk,
          kind,
          ...(write ? { key: randomUUID() } : {}),
        });
        if (write && counted) acknowledged.note(tournament, answer.body);
        return answer.body;
      });
  const counted = staffOf(true);
  let finished = 0;
  let results = 0;
  /** One tournament's day through `staff`; the day's (not the warm-up's) are counted. */
  const playDay = async (id: string, n: number, staff: ReturnType<typeof staffOf>) => {
    const base = `/api/tournaments/${id}`;
    const day = staff === counted;
    await staff(id, 'create', 'POST', '/api/tournaments', {
      id,
      name: `遊戯王の日 ${n + 1}`,
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: ROUNDS, topCut: 0 },
    });
    await staff(id, 'import', 'POST', `${base}/players/import`, {
      players: Array.from({ length: PLAYERS }, (_, i) => ({
        id: String((day ? 3_000_000_000 : 2_000_000_000) + n * PLAYERS + i),
        name: `Player ${n + 1}-${i + 1}`,
      })),
    });
    for (let round = 1; round <= ROUNDS; round++) {
      await staff(id, 'pairing', 'POST', `${base}/rounds`, { round });
      const board = (await staff(id, 'board', 'GET', `${base}/rounds/${round}/pairings`)) as {
        tables: { table: number | null; players: { id: string }[] }[];
      };
      await Promise.all(
        board.tables
          .filter((t) => t.table !== null)
          .map(async (t, i) => {
            const winner = t.players[(n + round + i) % 3 === 0 ? 1 : 0]!.id;
            await staff(id, 'result', 'POST', `${base}/rounds/${round}/tables/${t.table}/result`, {
              duels: [winner, winner],
            });
            if (!day) return;
            results++;
            if (results % 2000 === 0) log(`day ${venue.label}: ${results} results entered`);
          }),
      );
      await staff(id, 'end round', 'POST', `${base}/rounds/${round}/end`);
    }
    await staff(id, 'finish', 'POST', `${base}/finish`);
    if (day) finished++;
  };

  // Warm-up, not counted: a process's first requests run cold code (its first tournaments'
  // writes took 170–280 ms, and a list read sent with them waited 140–230 ms), as no server
  // that has been up since the morning does when its day's busiest minutes come. The list is
  // read meanwhile too, so its first look is made then.
  log(`day ${venue.label}: warming up (${WARM_UP} tournaments, not counted)`);
  const warmList = readers(LIST_READERS, LIST_THINK_MS / 10, cluster, deadline, new Samples(), () => [
    { method: 'GET', path: '/api/tournaments', kind: 'list' },
  ]);
  await Promise.all(Array.from({ length: WARM_UP }, (_, n) => playDay(`warm-up-${n + 1}`, n, staffOf(false))));
  await warmList.stop();
  const clientFrom = clientCpuMs();
  const health = watchHealth(cluster, samples, log);
  await health.ready;
  const memory = watchMemory(cluster);
  const list = readers(LIST_READERS, LIST_THINK_MS, cluster, deadline, samples, () => [
    { method: 'GET', path: '/api/tournaments', kind: 'list' },
  ]);
  let incomplete: string | null = null;
  const started = performance.now();
  log(`day ${venue.label}: ${tournaments} tournaments at once`);
  const outcomes = await Promise.allSettled(
    Array.from({ length: tournaments }, (_, n) => playDay(`day-${n + 1}`, n, counted)),
  );
  const seconds = (performance.now() - started) / 1000;
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) {
    if (!(failure.reason instanceof DeadlineReached)) {
      await Promise.all([list.stop(), health.stop(), memory.stop()]);
      deadline.end();
      throw failure.reason;
    }
    incomplete = failure.reason.message;
  }
  let restart: Restart | null = null;
  if (!incomplete) {
    log(`day ${venue.label}: kill -9 and restart, first tournament list`);
    restart = await killAndRestart(cluster, cluster.size - 1, '/api/tournaments', deadline, (url) =>
      health.passed(url),
    );
  }
  await list.stop();
  await health.stop();
  await memory.stop();
  deadline.end();
  log(`day ${venue.label}: reading the logs back`);
  const check = new Deadline(600);
  const lost = await acknowledged.verify(cluster, check, samples, desk);
  check.end();

  const write = Object.fromEntries(
    WRITES.map((kind) => {
      const ms = samples.of(kind);
      return [kind, { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), count: ms.length }];
    }),
  );
  return {
    venue: venue.label,
    incomplete,
    tournamentsFinished: finished,
    seconds,
    results,
    writes: acknowledged.writes,
    write,
    restart,
    listP50Ms: percentile(samples.of('list'), 0.5),
    listP99Ms: percentile(samples.of('list'), 0.99),
    lists: samples.of('list').length,
    retries: samples.retries,
    watched: watched(cluster, samples, clientFrom),
    lost: { ...lost, writes: acknowledged.writes },
    statuses: Object.fromEntries(samples.statuses),
    serverErrors: samples.serverErrors(),
    serverLog: cluster.stderr(),
  };
}
