import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inPool } from '../lib/pool.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { ApiClient, staffTokens } from './api-client.js';
import { repeatReads } from './repeat-read.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part 7 (issue 15, point 4): an 8,192-player event through the HTTP API of the real server
 * (SQLite). The players come in one import; then for each round the round is paired through
 * the API, every result is entered from 8 scorekeeper connections, and the standings are read
 * once the last result is in (the first read after a result computes them). After the last
 * round the server is stopped and started again on the same file: its first standings read
 * replays the whole log. The core part (`standings`) runs all 13 rounds; this one runs fewer,
 * as the results take most of its time.
 */

const TOURNAMENT = 'cs-scale';
const TARGETS = { pairingMs: 250, standingsMs: 50, replayMs: 2000 };
const CONNECTIONS = 8;
/** Reads of the same standings version after the first, as phones refreshing (Accept-Encoding as Chrome sends it). */
const REPEATS = 20;
const PHONE_ENCODINGS = 'gzip, deflate, br, zstd';

export async function scaleBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 1024 : 8192;
  const rounds = quick ? 2 : 4;
  log('scale: building dist/');
  const broken = buildServer();
  if (broken) return unavailable(broken);
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-scale-'));
  const db = join(dir, 'scale.db');
  let server: RunningServer | null = null;
  try {
    server = await startServer(db);
    const tokens = await staffTokens(server.url, server.firstLogin!, { desk: ['organizer', 'scorekeeper'] });
    let desk = new ApiClient(server.url, tokens.desk);
    const path = `/api/tournaments/${TOURNAMENT}`;
    await desk.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'Scale (bench)',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: 13, topCut: 0 },
    });
    log(`scale: importing ${players} players`);
    const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
    await desk.ok('POST', `${path}/players/import`, { players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })) });

    const pairingMs: number[] = [];
    const standingsMs: number[] = [];
    const repeatMs: number[] = [];
    const repeatCpuMs: number[] = [];
    const repeatEncodings = new Set<string>();
    const resultsPerSecond: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      log(`scale: round ${round}: pairing, ${players / 2} results, standings`);
      let started = performance.now();
      await desk.ok('POST', `${path}/rounds`, { round });
      pairingMs.push(performance.now() - started);
      const board = (await desk.ok('GET', `${path}/rounds/${round}/pairings`)) as {
        tables: { table: number | null; players: { id: string }[] }[];
      };
      const tables = board.tables.filter((t) => t.table !== null);
      started = performance.now();
      await inPool(CONNECTIONS, tables, (t, i) => {
        // Some upsets, so the standings are not just the registration order.
        const winner = t.players[i % 3 === 0 ? 1 : 0]!.id;
        return desk.ok('POST', `${path}/rounds/${round}/tables/${t.table}/result`, { duels: [winner, winner] });
      });
      resultsPerSecond.push(tables.length / ((performance.now() - started) / 1000));
      started = performance.now();
      await desk.ok('GET', `${path}/standings`);
      standingsMs.push(performance.now() - started);
      const repeats = await repeatReads(`${server.url}${path}/standings`, server.pid, REPEATS, PHONE_ENCODINGS);
      repeatMs.push(...repeats.ms);
      repeatCpuMs.push(repeats.cpuMsPerRead);
      repeatEncodings.add(repeats.encoding);
      await desk.ok('POST', `${path}/rounds/${round}/end`);
    }
    const before = (await desk.ok('GET', `${path}/standings`)) as { standings: unknown[] };
    const peakMb = server.peakMb();
    await server.stop();
    log('scale: restarting on the same file, first standings read replays the log');
    server = await startServer(db);
    desk = new ApiClient(server.url, tokens.desk);
    const started = performance.now();
    const after = (await desk.ok('GET', `${path}/standings`)) as { standings: unknown[] };
    const replayMs = performance.now() - started;
    const same = JSON.stringify(after.standings) === JSON.stringify(before.standings);

    const rows: Row[] = [
      row(
        `pairing a ${players}-player round through the API (POST /rounds)`,
        'ms',
        spread(pairingMs),
        quick ? undefined : { max: TARGETS.pairingMs },
      ),
      row(
        'standings through the API, first read after the last result (GET /standings)',
        'ms',
        spread(standingsMs),
        quick ? undefined : { max: TARGETS.standingsMs },
      ),
      row(
        `the same standings read again, same version, ${[...repeatEncodings].join('/')} as a phone asks (time to the last byte)`,
        'ms',
        spread(repeatMs),
      ),
      row('server CPU per repeated standings read (from /proc, 10 ms ticks)', 'ms', spread(repeatCpuMs)),
      row(`results entered (${CONNECTIONS} connections, durable)`, 'writes/s', spread(resultsPerSecond)),
      row(
        `restart after ${rounds} rounds: first standings read, replaying the log`,
        'ms',
        single(replayMs),
        quick ? undefined : { max: TARGETS.replayMs },
      ),
      row('standings after the restart identical to before', '', single(same ? 1 : 0), { min: 1 }),
      row('server peak memory (VmHWM) before the restart', 'MB', single(peakMb)),
    ];
    return {
      part: 'scale',
      title: `${players} players through the HTTP API (${rounds} rounds, SQLite)`,
      rows,
      notes: [
        ...missNotes(rows),
        'The times are seen by the client on the same 2 cores: they include HTTP, JSON and the answer of every standings row.',
      ],
      details: { players, rounds, pairingMs, standingsMs, repeatMs, repeatCpuMs, resultsPerSecond, replayMs, peakMb },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function unavailable(why: string): PartResult {
  return {
    part: 'scale',
    title: 'An 8,192-player event through the HTTP API',
    rows: [],
    notes: [`Not measured: ${why}.`],
    details: { unavailable: why },
  };
}
