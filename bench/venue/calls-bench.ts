import { execSync } from 'node:child_process';
import { percentile } from '../lib/pool.js';
import { format, missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { ApiClient, staffTokenSets } from '../server/api-client.js';
import { buildServer } from '../server/server-process.js';
import type { Cluster } from './cluster.js';
import { LiveStreams, type StreamEvent } from './live-streams.js';
import { Deadline, DeadlineReached, pause, Samples, sendOk } from './venue-http.js';
import { clientCpuMs, errorRow, watched, watchedRows, type Watched } from './venue-rows.js';
import { venues, type Venue } from './venues.js';
import { watchHealth, watchMemory } from './watchers.js';

/*
 * Part "calls" (issue 27): judge calls on a busy floor. One server process (SQLite, and
 * PostgreSQL when a database is given) with round 1 of an 8,192-player tournament paired;
 * every player's page follows the live stream (8,192 public streams) and so do 200 judges'
 * phones (staff streams). Players call a judge from their page at a steady rate, each from
 * another table; the first judge to see a call claims it, as on the floor. Timed: from the
 * moment the call's POST is sent to the moment its CallOpened arrives on each judge's stream
 * (every judge: the call must show on every staff phone). A health check polls meanwhile.
 */

const TOURNAMENT = 'calls';
const TARGETS = { deliveryP99Ms: 1000 };
/** Calls a second: a busy stretch of a 4,096-table round (on average about one table in four calls a judge per 50-minute round, ~0.35/s). */
const CALLS_PER_SECOND = 2;
/** Judges' phones per judge account (a judge signs in on one phone; accounts are shared so the setup need not hash 400 passwords). */
const PHONES_PER_ACCOUNT = 10;
/** After the last call, how long the bench waits for every judge's stream to show it. */
const SETTLE_MS = 15_000;

interface CallsRun {
  readonly venue: string;
  readonly incomplete: string | null;
  readonly playerStreams: number;
  readonly judgeStreams: number;
  readonly openSeconds: number;
  readonly calls: number;
  readonly deliveries: number;
  readonly missing: number;
  readonly deliveryP50Ms: number;
  readonly deliveryP99Ms: number;
  readonly deliveryMaxMs: number;
  /** Per call, when the last judge's stream had it. */
  readonly lastJudgeP99Ms: number;
  readonly postP50Ms: number;
  readonly postP99Ms: number;
  readonly claims: number;
  readonly claimP99Ms: number;
  readonly publicFrames: number;
  readonly closedEarly: number;
  /** Streams' connects tried again, by why the one before failed. */
  readonly reconnects: Record<string, number>;
  readonly watched: Watched;
  readonly serverErrors: Record<string, number>;
  readonly statuses: Record<string, number>;
  readonly serverLog: string[];
}

/** The open-file limit the bench and its server inherit (each stream is a socket on both sides). */
function openFileLimit(): number {
  try {
    return Number(execSync('ulimit -n', { encoding: 'utf8', shell: '/bin/sh' }).trim());
  } catch {
    return Number.NaN;
  }
}

export async function callsBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const judges = quick ? 20 : 200;
  const seconds = quick ? 10 : 90;
  const notes: string[] = [];
  let players = quick ? 512 : 8192;
  const limit = openFileLimit();
  // Each side holds one socket per stream, and some for the database, the health check and the calls.
  if (limit < players + judges + 256) {
    const fits = Math.max(0, limit - judges - 256);
    notes.push(`ulimit -n is ${limit}: ${format(fits)} players' streams instead of ${format(players)}.`);
    players = fits;
  }
  log('calls: building dist/');
  const broken = buildServer();
  if (broken)
    return { part: 'calls', title: 'Judge calls', rows: [], notes: [`Not measured: ${broken}.`], details: {} };
  const runs: CallsRun[] = [];
  for (const venue of venues(1)) {
    if (venue.unavailable) notes.push(`${venue.label}: not measured: ${venue.unavailable}.`);
    else
      try {
        runs.push(await venue.run('calls', (cluster) => callsRun(cluster, venue, players, judges, seconds, log)));
      } catch (error) {
        if (!(error instanceof DeadlineReached)) throw error;
        notes.push(`${venue.label}: not measured: ${error.message} during the setup.`);
      }
  }
  const calls = Math.round(seconds * CALLS_PER_SECOND);
  const rows = runs.flatMap((r) => callsRows(r, judges));
  return {
    part: 'calls',
    title: `Judge calls on a busy floor: ${format(players)} players' and ${judges} judges' live streams on one process, ${calls} calls at ${CALLS_PER_SECOND}/s`,
    rows,
    notes: [
      ...missNotes(rows),
      ...notes,
      ...runs.flatMap((r) => (r.incomplete ? [`${r.venue}: stopped early: ${r.incomplete}.`] : [])),
      ...runs.flatMap((r) =>
        r.serverLog.length ? [`${r.venue}: the server wrote: ${r.serverLog.join(' | ').slice(0, 500)}`] : [],
      ),
      `Each call is timed from its POST to the CallOpened frame on every judge's stream, read in the bench's own process (one Node thread holding every stream, on the same 2 cores as the server); the first judge to see a call claims it. ${judges} judges' phones over ${Math.ceil(judges / PHONES_PER_ACCOUNT)} judge accounts (${PHONES_PER_ACCOUNT} API tokens each). ulimit -n ${limit}.`,
    ],
    details: { players, judges, seconds, callsPerSecond: CALLS_PER_SECOND, openFileLimit: limit, runs },
  };
}

function callsRows(r: CallsRun, judges: number): Row[] {
  return [
    row(
      `${r.venue}: call → every judge's stream, p99`,
      'ms',
      single(r.deliveryP99Ms),
      { max: TARGETS.deliveryP99Ms },
      `${format(r.deliveries)} deliveries (${format(r.calls)} calls × ${r.judgeStreams} judges' streams); p50 ${format(r.deliveryP50Ms)} ms, max ${format(r.deliveryMaxMs)} ms`,
    ),
    row('  call → the last judge to see it, p99 (per call)', 'ms', single(r.lastJudgeP99Ms)),
    row('  deliveries missing after the wait', '', single(r.missing), { max: 0 }),
    row('  call POST answered, p99', 'ms', single(r.postP99Ms), undefined, `p50 ${format(r.postP50Ms)} ms`),
    row('  claim by the first judge to see it, p99', 'ms', single(r.claimP99Ms), undefined, `${r.claims} claims`),
    row(
      "  streams held: players' pages",
      '',
      single(r.playerStreams),
      undefined,
      `opened in ${format(r.openSeconds)} s with the judges'; ${format(r.publicFrames)} frames to players; ${r.closedEarly} ended by the server; connects tried again: ${
        Object.entries(r.reconnects)
          .map(([why, n]) => `${n}× ${why}`)
          .join(', ') || 'none'
      }`,
    ),
    row("  streams held: judges' phones", '', single(r.judgeStreams), { min: judges }),
    ...watchedRows(r.watched),
    errorRow(r.serverErrors),
  ];
}

async function callsRun(
  cluster: Cluster,
  venue: Venue,
  players: number,
  judges: number,
  seconds: number,
  log: (line: string) => void,
): Promise<CallsRun> {
  const deadline = new Deadline(seconds + 1200);
  const samples = new Samples();
  const first = cluster.first();
  const url = first.url;
  const path = `/api/tournaments/${TOURNAMENT}`;
  if (!first.firstLogin) throw new Error('a fresh database must print the first organizer');
  log(`calls ${venue.label}: accounts`);
  const accountCount = Math.ceil(judges / PHONES_PER_ACCOUNT);
  const judgeNames = Array.from({ length: accountCount }, (_, i) => `judge${i + 1}`);
  const tokens = await staffTokenSets(
    url,
    first.firstLogin,
    { desk: ['organizer', 'scorekeeper'], ...Object.fromEntries(judgeNames.map((name) => [name, ['judge']])) },
    PHONES_PER_ACCOUNT,
  );
  const judgeTokens = judgeNames.flatMap((name) => tokens[name]!);
  const desk = new ApiClient(url, tokens.desk![0]);
  await desk.ok('POST', '/api/tournaments', {
    id: TOURNAMENT,
    name: 'Judge calls (bench)',
    date: '2026-08-01',
    structure: { kind: 'swiss', rounds: 13, topCut: 0 },
  });
  log(`calls ${venue.label}: importing ${players} players, pairing round 1`);
  const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
  const imported = await desk.ok('POST', `${path}/players/import`, {
    players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })),
  });
  const codes = imported.codes as Record<string, string>;
  await desk.ok('POST', `${path}/rounds`, { round: 1 });
  const board = (await desk.ok('GET', `${path}/rounds/1/pairings`)) as {
    tables: { table: number | null; players: { id: string }[] }[];
  };
  const tables = board.tables.filter((t) => t.table !== null) as { table: number; players: { id: string }[] }[];

  // Which call each table's CallOpened answers, when its POST was sent, and when each judge saw it.
  const sentAt = new Map<number, number>();
  const seen = new Map<number, number[]>();
  const claimed = new Set<number>();
  const claims: Promise<unknown>[] = [];
  const onJudge = (n: number, events: StreamEvent[], at: number) => {
    for (const e of events) {
      if (e.type !== 'CallOpened') continue;
      const table = e.data.table as number;
      const sent = sentAt.get(table);
      if (sent === undefined) continue;
      seen.get(table)?.push(at - sent);
      if (claimed.has(table)) continue;
      claimed.add(table);
      const claim = sendOk(cluster, deadline, samples, {
        method: 'POST',
        path: `${path}/calls/${e.data.callId}/claim`,
        token: judgeTokens[n]!,
        kind: 'claim',
      }).catch(() => undefined);
      claims.push(claim);
    }
  };

  log(`calls ${venue.label}: opening ${judges} judges' and ${players} players' streams`);
  const liveUrl = `${url}${path}/live`;
  const opening = performance.now();
  const judgeStreams = await LiveStreams.open(liveUrl, judges, 2, (n) => judgeTokens[n]!, onJudge);
  let playerStreams: LiveStreams | null = null;
  const clientFrom = clientCpuMs();
  const health = watchHealth(cluster, samples);
  await health.ready;
  const memory = watchMemory(cluster);
  let incomplete: string | null = null;
  let openSeconds = Number.NaN;
  const calls = Math.round(seconds * CALLS_PER_SECOND);
  try {
    playerStreams = await LiveStreams.open(
      liveUrl,
      players,
      1,
      () => null,
      null,
      (opened) => log(`calls ${venue.label}: ${opened}/${players} players' streams open`),
    );
    openSeconds = (performance.now() - opening) / 1000;
    log(`calls ${venue.label}: ${calls} calls at ${CALLS_PER_SECOND}/s`);
    const started = performance.now();
    const posts: Promise<unknown>[] = [];
    for (let k = 0; k < calls; k++) {
      // Open-loop arrivals: each call leaves at its time, whether or not the ones before were answered.
      const wait = started + (k * 1000) / CALLS_PER_SECOND - performance.now();
      if (wait > 0) await pause(wait);
      // Tables spread over the room (a stride coprime with the count of tables).
      const t = tables[(k * 1_009) % tables.length]!;
      const player = t.players[0]!.id;
      seen.set(t.table, []);
      sentAt.set(t.table, performance.now());
      posts.push(
        sendOk(cluster, deadline, samples, {
          method: 'POST',
          path: `${path}/calls`,
          body: { table: t.table, player, code: codes[player], note: 'ruling please' },
          kind: 'call',
        }),
      );
    }
    await Promise.all(posts);
    const settleUntil = performance.now() + SETTLE_MS;
    while (performance.now() < settleUntil && [...seen.values()].some((s) => s.length < judgeStreams.size))
      await pause(100);
    await Promise.all(claims);
  } catch (error) {
    if (!(error instanceof DeadlineReached)) throw error;
    incomplete = error.message;
  }
  await health.stop();
  await memory.stop();
  deadline.end();
  const publicFrames = playerStreams?.frames() ?? 0;
  const closedEarly = (playerStreams?.closedEarly() ?? 0) + judgeStreams.closedEarly();
  const playerCount = playerStreams?.size ?? 0;
  const reconnects: Record<string, number> = {};
  for (const [why, n] of [...judgeStreams.reconnects, ...(playerStreams?.reconnects ?? [])])
    reconnects[why] = (reconnects[why] ?? 0) + n;
  playerStreams?.close();
  judgeStreams.close();

  const deliveries = [...seen.values()].flat();
  const held = judgeStreams.size;
  const lastJudge = [...seen.values()].filter((s) => s.length === held).map((s) => Math.max(...s));
  return {
    venue: venue.label,
    incomplete,
    playerStreams: playerCount,
    judgeStreams: judgeStreams.size,
    openSeconds,
    calls: seen.size,
    deliveries: deliveries.length,
    missing: seen.size * held - deliveries.length,
    deliveryP50Ms: percentile(deliveries, 0.5),
    deliveryP99Ms: percentile(deliveries, 0.99),
    deliveryMaxMs: deliveries.length ? Math.max(...deliveries) : Number.NaN,
    lastJudgeP99Ms: percentile(lastJudge, 0.99),
    postP50Ms: percentile(samples.of('call'), 0.5),
    postP99Ms: percentile(samples.of('call'), 0.99),
    claims: samples.of('claim').length,
    claimP99Ms: percentile(samples.of('claim'), 0.99),
    publicFrames,
    closedEarly,
    reconnects,
    watched: watched(cluster, samples, clientFrom),
    serverErrors: samples.serverErrors(),
    statuses: Object.fromEntries(samples.statuses),
    serverLog: cluster.stderr(),
  };
}
