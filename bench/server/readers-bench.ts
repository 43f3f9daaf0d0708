import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inPool, percentile } from '../lib/pool.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { leanRequest } from '../venue/lean-client.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part "readers" (issue 24, point 5): do anonymous readers slow the staff? An 8,192-player
 * tournament (SQLite) with round 1 ended and round 2 paired; round 2's results are entered from
 * 8 scorekeeper connections in three slices: with nobody reading, with two anonymous clients
 * reading round 1's board and the standings after it in a loop (ended round: kept views), and
 * with two reading the current round's board and the current standings (made per version).
 */

const TOURNAMENT = 'cs-readers';
const CONNECTIONS = 8;
const READERS = 2;
const TARGET_RATIO = 0.8;

interface Slice {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly reads: number;
}

export async function readersBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 1024 : 8192;
  log('readers: building dist/');
  const broken = buildServer();
  if (broken) return { part: 'readers', title: 'anonymous readers', rows: [], notes: [broken], details: {} };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-readers-'));
  let server: RunningServer | null = null;
  try {
    server = await startServer(join(dir, 'readers.db'));
    const tokens = await staffTokens(server.url, server.firstLogin!, { desk: ['organizer', 'scorekeeper'] });
    const desk = new ApiClient(server.url, tokens.desk);
    const path = `/api/tournaments/${TOURNAMENT}`;
    await desk.ok('POST', '/api/tournaments', {
      id: TOURNAMENT,
      name: 'Readers (bench)',
      date: '2026-08-01',
      structure: { kind: 'swiss', rounds: 13, topCut: 0 },
    });
    log(`readers: importing ${players} players, playing round 1`);
    const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
    await desk.ok('POST', `${path}/players/import`, { players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })) });
    const tablesOf = async (round: number) => {
      await desk.ok('POST', `${path}/rounds`, { round });
      const board = (await desk.ok('GET', `${path}/rounds/${round}/pairings`)) as {
        tables: { table: number | null; players: { id: string }[] }[];
      };
      return board.tables.filter((t) => t.table !== null) as { table: number; players: { id: string }[] }[];
    };
    const enter = (round: number) => (t: { table: number; players: { id: string }[] }, i: number) => {
      const winner = t.players[i % 3 === 0 ? 1 : 0]!.id;
      return desk.ok('POST', `${path}/rounds/${round}/tables/${t.table}/result`, { duels: [winner, winner] });
    };
    await inPool(CONNECTIONS, await tablesOf(1), enter(1));
    await desk.ok('POST', `${path}/rounds/1/end`);
    const tables = await tablesOf(2);
    const third = Math.floor(tables.length / 3);

    const slice = async (part: typeof tables, reading: readonly string[]): Promise<Slice> => {
      let still = true;
      let reads = 0;
      const readers = Array.from({ length: reading.length > 0 ? READERS : 0 }, async (_, r) => {
        for (let i = r; still; i++) {
          // Drained, not decoded (the venue benches' lean client): fetch decompressed each
          // answer (megabytes of standings) on the 2 cores the server measured here runs on.
          await leanRequest(server!.url + reading[i % reading.length]!, {
            method: 'GET',
            headers: {},
            signal: AbortSignal.timeout(60_000),
            drain: true,
          });
          reads++;
        }
      });
      const ms: number[] = [];
      const started = performance.now();
      await inPool(CONNECTIONS, part, async (t, i) => {
        const at = performance.now();
        await enter(2)(t, i);
        ms.push(performance.now() - at);
      });
      const seconds = (performance.now() - started) / 1000;
      still = false;
      await Promise.all(readers);
      return { perSecond: part.length / seconds, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), reads };
    };

    log('readers: round 2 results with nobody reading');
    const alone = await slice(tables.slice(0, third), []);
    log('readers: round 2 results while two anonymous clients read round 1 (ended)');
    const ended = await slice(tables.slice(third, 2 * third), [
      `${path}/rounds/1/pairings`,
      `${path}/standings?round=1`,
    ]);
    log('readers: round 2 results while two anonymous clients read round 2 (current)');
    const current = await slice(tables.slice(2 * third), [`${path}/rounds/2/pairings`, `${path}/standings`]);

    const endedRatio = ended.perSecond / alone.perSecond;
    const currentRatio = current.perSecond / alone.perSecond;
    const rows: Row[] = [
      row(`results entered, nobody reading (${CONNECTIONS} connections)`, 'writes/s', single(alone.perSecond)),
      row(
        `results entered, ${READERS} anonymous clients reading round 1's board and standings`,
        'writes/s',
        single(ended.perSecond),
      ),
      row(
        `results entered, ${READERS} anonymous clients reading round 2's board and the standings`,
        'writes/s',
        single(current.perSecond),
      ),
      row('with readers of the ended round / nobody reading', '×', single(endedRatio), { min: TARGET_RATIO }),
      row('with readers of the current round / nobody reading', '×', single(currentRatio), { min: TARGET_RATIO }),
      row('write p50, nobody reading', 'ms', single(alone.p50)),
      row('write p50, readers of the ended round', 'ms', single(ended.p50)),
      row('write p50, readers of the current round', 'ms', single(current.p50)),
      row('reads answered to the readers of the ended round', 'reads', single(ended.reads)),
      row('reads answered to the readers of the current round', 'reads', single(current.reads)),
    ];
    return {
      part: 'readers',
      title: `anonymous readers and staff result entry, ${players} players (SQLite)`,
      rows,
      notes: [...missNotes(rows)],
      details: { players, alone, ended, current, endedRatio, currentRatio },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
