import { mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inPool, percentile } from '../lib/pool.js';
import { row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part "calls" (issue 27): a judge call from a player's phone to every floor judge's phone, on
 * one server process with 200 judges' and 8,192 players' live streams open. Each call is sent
 * as a player's phone sends it (POST …/calls with the slip's code); its latency on a judge's
 * phone is from just before the request leaves to the moment that judge's stream delivers its
 * CallOpened. The players' streams are real listeners (each write reaches them as a public
 * frame), read and thrown away as a phone's page would.
 */

const TOURNAMENT = 'calls-live';
const TARGET_P99_MS = 1000;
/** Between two calls: a busy floor, not a flood. */
const CALL_GAP_MS = 100;
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
  try {
    // Every phone here shares the loopback address: the per-address cap is lifted for the bench.
    server = await startServer(join(dir, 'calls.db'), [], {
      SHINPAN_STREAMS_PER_ADDRESS: String(players + judges + 10),
    });
    if (!server.firstLogin) throw new Error('a fresh database must print the first organizer');
    const tokens = await staffTokens(server.url, server.firstLogin, {
      desk: ['organizer', 'scorekeeper'],
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
    const tables = paired.pairing.matches.slice(0, calls);

    log(`calls: opening ${players} players' streams`);
    const live = `${server.url}${base}/live`;
    await inPool(CONNECTING, ids, async () => {
      const s = new Stream();
      streams.push(s);
      await s.open(live, {});
    });
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

    log(`calls: ${calls} players call a judge, ${CALL_GAP_MS} ms apart`);
    const sent = new Map<number, number>();
    for (const [i, m] of tables.entries()) {
      const player = m.players[0];
      sent.set(m.table, performance.now());
      await phone.ok('POST', `${base}/calls`, { player, code: imported.codes[player], table: m.table });
      if (i % 10 === 0) log(`calls: call ${i + 1}/${calls}`);
      await sleep(CALL_GAP_MS);
    }
    const everyone = () => arrivals.every((a) => a.size >= tables.length);
    const waitUntil = performance.now() + 10_000;
    while (!everyone() && performance.now() < waitUntil) await sleep(50);
    const latencies: number[] = [];
    let missing = 0;
    for (const arrived of arrivals)
      for (const [table, at] of sent) {
        const got = arrived.get(table);
        if (got === undefined) missing++;
        else latencies.push(got - at);
      }
    latencies.sort((a, b) => a - b);
    const peakMb = server.peakMb();
    const p99 = missing > 0 ? Number.POSITIVE_INFINITY : percentile(latencies, 0.99);
    const rows: Row[] = [
      row(
        `call → every judge's phone, p99 (${judges} judges, ${players} players' streams)`,
        'ms',
        single(p99),
        { max: TARGET_P99_MS },
        missing > 0 ? `${missing} deliveries never arrived` : undefined,
      ),
      row('call → judge, median', 'ms', single(percentile(latencies, 0.5))),
      row('call → judge, slowest', 'ms', single(latencies[latencies.length - 1] ?? Number.NaN)),
      row('server peak memory', 'MB', single(peakMb)),
    ];
    return {
      part: 'calls',
      title: `Judge calls: ${calls} calls to ${judges} judges' phones with ${players} players' streams open (one process, SQLite)`,
      rows,
      notes: missing > 0 ? [`MISS: ${missing} of ${judges * calls} call deliveries did not arrive within 10 s.`] : [],
      details: { players, judges, calls, latencies, missing, peakMb },
    };
  } finally {
    for (const s of streams) s.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
