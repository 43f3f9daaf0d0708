import { mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { inPool, percentile } from '../lib/pool.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part "calls" (issue 27): a judge call from a player's phone to every floor judge's phone, on
 * one server process with 200 judges' and 8,192 players' live streams open. Each call is sent
 * as a player's phone sends it (POST …/calls with the slip's code); its latency on a judge's
 * phone is from just before the request leaves to the moment that judge's stream delivers its
 * CallOpened. The players' streams are real listeners, read and thrown away as a phone's page
 * would, in a worker thread of their own: read on the thread that times the judges' streams,
 * their 8,192 frames per call delayed the judges' frames behind them, and the figure measured
 * the bench, not the server. A call is staff's alone, so public streams get no frame for it
 * (src/adapters/http/live/publish.ts); before that, its 8,192 public frames were most of the
 * server's CPU for a call.
 */

/** Opens `count` public streams of `url`, `connecting` at a time, reads and drops what they get; posts 'open' when all are. */
const PLAYERS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, count, connecting } = workerData;
const requests = [];
let next = 0;
function one() {
  if (next >= count) return Promise.resolve();
  next++;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error('live stream: HTTP ' + response.statusCode));
      response.once('data', () => resolve());
      response.on('data', () => {});
    });
    req.on('error', reject);
    req.end();
    requests.push(req);
  }).then(one);
}
Promise.all(Array.from({ length: connecting }, one)).then(
  () => parentPort.postMessage('open'),
  (error) => parentPort.postMessage('failed: ' + error.message),
);
parentPort.on('message', () => {
  for (const req of requests) req.destroy();
  parentPort.postMessage('closed');
});
`;

/** The players' streams, open in their own thread until `close`. */
async function playersStreams(url: string, count: number): Promise<{ close(): Promise<void> }> {
  const worker = new Worker(PLAYERS_WORKER, { eval: true, workerData: { url, count, connecting: CONNECTING } });
  const first = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (first !== 'open') {
    await worker.terminate();
    throw new Error(`players' streams: ${first}`);
  }
  return {
    async close() {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

const TOURNAMENT = 'calls-live';
const TARGET_P99_MS = 1000;
/**
 * Between two calls: two a second, a floor far busier than a YCSJ's (a few calls a minute per
 * judge). When each call also cost the server a frame to every player's stream (~10 µs each),
 * at ten a second the server itself was the queue on a loaded two-core machine.
 */
const CALL_GAP_MS = 500;
/** Streams opened at once while connecting (the server admits them one by one either way). */
const CONNECTING = 64;

/** One live stream: waits for `hello`, then hands each `events` frame's events to `onEvents`. */
class Stream {
  #request: ClientRequest | null = null;

  open(url: string, headers: Record<string, string>, onEvents?: (events: readonly Wire[]) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      let buffer = '';
      this.#request = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`live stream: HTTP ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          const frames = buffer.split('\n\n');
          buffer = frames.pop() ?? '';
          for (const frame of frames) {
            if (/^event: hello$/m.test(frame)) resolve();
            if (!onEvents || !/^event: events$/m.test(frame)) continue;
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (data !== undefined) onEvents((JSON.parse(data) as { events: Wire[] }).events);
          }
        });
      });
      this.#request.on('error', reject);
      this.#request.end();
    });
  }

  close(): void {
    this.#request?.destroy();
  }
}

interface Batch {
  readonly latencies: number[];
  readonly missing: number;
  readonly cpuPerCall: number;
}

/** A batch as the results file keeps it: percentiles, not every one of its 20,000 latencies. */
const summary = (b: Batch) => ({
  deliveries: b.latencies.length,
  missing: b.missing,
  cpuPerCallMs: b.cpuPerCall,
  latencyMs: Object.fromEntries(
    [0.5, 0.9, 0.99, 0.999, 1].map((p) => [`p${p * 100}`, percentile(b.latencies, p)] as const),
  ),
});

interface Wire {
  readonly type: string;
  readonly data: { readonly table?: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the part. `quick`: 512 players, 20 judges, 20 calls. */
export async function callsBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 512 : 8192;
  const judges = quick ? 20 : 200;
  const calls = quick ? 20 : 100;
  log('calls: building dist/');
  const broken = buildServer();
  if (broken)
    return { part: 'calls', title: 'Judge calls', rows: [], notes: [`Not measured: ${broken}.`], details: {} };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-calls-'));
  let server: RunningServer | null = null;
  const streams: Stream[] = [];
  let playerStreams: { close(): Promise<void> } | null = null;
  try {
    // Every phone here shares the loopback address: the per-address cap is lifted for the bench.
    server = await startServer(join(dir, 'calls.db'), [], {
      SHINPAN_STREAMS_PER_ADDRESS: String(players + judges + 10),
    });
    if (!server.firstLogin) throw new Error('a fresh database must print the first organizer');
    const tokens = await staffTokens(server.url, server.firstLogin, {
      desk: ['organizer', 'scorekeeper', 'judge'],
      floor: ['judge'],
    });
    const desk = new ApiClient(server.url, tokens.desk);
    const phone = new ApiClient(server.url);
    const base = `/api/tournaments/${TOURNAMENT}`;
    await desk.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'Judge calls (bench)',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    log(`calls: registering ${players} players`);
    const ids = Array.from({ length: players }, (_, i) => String(3_000_000_000 + i * 7919));
    const imported = (await desk.ok('POST', `${base}/players/import`, {
      players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })),
    })) as { codes: Record<string, string> };
    const paired = (await desk.ok('POST', `${base}/rounds`, { round: 1 })) as {
      pairing: { matches: { table: number; players: [string, string] }[] };
    };
    const tables = paired.pairing.matches;
    // Mid-round, everyone is seated: the judges' streams carry no late list of 8,192 players.
    await desk.ok('POST', `${base}/rounds/1/seated`, { except: [] });

    const live = `${server.url}${base}/live`;
    log(`calls: opening ${judges} judges' streams`);
    /** Per judge: table → when its CallOpened arrived. */
    const arrivals = Array.from({ length: judges }, () => new Map<number, number>());
    await inPool(CONNECTING, arrivals, async (arrived) => {
      const s = new Stream();
      streams.push(s);
      await s.open(live, { authorization: `Bearer ${tokens.floor}` }, (events) => {
        const at = performance.now();
        for (const e of events)
          if (e.type === 'CallOpened' && e.data.table !== undefined) arrived.set(e.data.table, at);
      });
    });

    /** `calls` players at the given tables call, CALL_GAP_MS apart; every judge's latency for each. */
    const batch = async (at: typeof tables, label: string): Promise<Batch> => {
      log(`calls: ${label}: ${at.length} players call a judge, ${CALL_GAP_MS} ms apart`);
      const sent = new Map<number, number>();
      const cpuBefore = server!.cpuMs();
      for (const [i, m] of at.entries()) {
        const player = m.players[0];
        sent.set(m.table, performance.now());
        await phone.ok('POST', `${base}/calls`, { player, code: imported.codes[player], table: m.table });
        if (i % 10 === 0) log(`calls: ${label}: call ${i + 1}/${at.length}`);
        await sleep(CALL_GAP_MS);
      }
      const everyone = () => arrivals.every((a) => [...sent.keys()].every((table) => a.has(table)));
      const waitUntil = performance.now() + 10_000;
      while (!everyone() && performance.now() < waitUntil) await sleep(50);
      // The server's CPU for a call: its write and its frame to every stream.
      const cpuPerCall = (server!.cpuMs() - cpuBefore) / at.length;
      const latencies: number[] = [];
      let missing = 0;
      for (const arrived of arrivals)
        for (const [table, sentAt] of sent) {
          const got = arrived.get(table);
          if (got === undefined) missing++;
          else latencies.push(got - sentAt);
        }
      latencies.sort((a, b) => a - b);
      return { latencies, missing, cpuPerCall };
    };

    const judgesOnly = await batch(tables.slice(0, calls), 'judges only');
    log(`calls: opening ${players} players' streams`);
    playerStreams = await playersStreams(live, players);
    const withPlayers = await batch(tables.slice(calls, 2 * calls), `with ${players} players' streams`);
    const peakMb = server.peakMb();
    const p99 = (b: Batch) => (b.missing > 0 ? Number.POSITIVE_INFINITY : percentile(b.latencies, 0.99));
    const missed = (b: Batch) => (b.missing > 0 ? `${b.missing} deliveries never arrived` : undefined);
    const rows: Row[] = [
      row(
        `call → every judge's phone, p99 (${judges} judges, ${players} players' streams)`,
        'ms',
        single(p99(withPlayers)),
        { max: TARGET_P99_MS },
        missed(withPlayers),
      ),
      row('  median', 'ms', single(percentile(withPlayers.latencies, 0.5))),
      row(
        "  server CPU per call (its write, a frame to every judge's stream, none to players')",
        'ms',
        single(withPlayers.cpuPerCall),
      ),
      row(
        `the same, ${judges} judges' streams only: p99`,
        'ms',
        single(p99(judgesOnly)),
        undefined,
        missed(judgesOnly),
      ),
      row('  median', 'ms', single(percentile(judgesOnly.latencies, 0.5))),
      row('  server CPU per call', 'ms', single(judgesOnly.cpuPerCall)),
      row('server peak memory', 'MB', single(peakMb)),
    ];
    const notes = [
      ...missNotes(rows),
      `Calls ${CALL_GAP_MS} ms apart, each from a player's phone with the slip's code; ${calls} calls a batch. The client (judges' streams timed on the main thread, players' streams read in a worker) runs on the same cores as the server.`,
    ];
    return {
      part: 'calls',
      title: `Judge calls: a player's call to ${judges} judges' phones, ${players} players' streams open (one process, SQLite)`,
      rows,
      notes,
      details: {
        players,
        judges,
        calls,
        gapMs: CALL_GAP_MS,
        judgesOnly: summary(judgesOnly),
        withPlayers: summary(withPlayers),
        peakMb,
      },
    };
  } finally {
    for (const s of streams) s.close();
    await playerStreams?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
