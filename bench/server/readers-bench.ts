import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inPool, percentile } from '../lib/pool.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import { spread } from '../lib/stats.js';
import type { PartResult } from '../lib/results-file.js';
import { leanRequest } from '../venue/lean-client.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part "readers" (issue 24, point 5): do anonymous readers slow the staff? An 8,192-player
 * tournament (SQLite) with rounds 1 and 2 played (warming up); each later round's results are entered from 8
 * scorekeeper connections, in turn with nobody reading, with two anonymous clients reading the
 * round before's board and standings in a loop (an ended round: kept views), and with two
 * reading the current round's board and the current standings (made at most once a second).
 * Each kind is played for SLICES_EACH whole rounds, and the ratios are of the medians.
 */

const TOURNAMENT = 'cs-readers';
const CONNECTIONS = 8;
const READERS = 2;
const TARGET_RATIO = 0.8;
/** Rounds of each kind (nobody reading, ended round read, current round read), played in turn. */
const SLICES_EACH = 3;

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
    // Results go through the lean client too: fetch cost about a millisecond of CPU per request
    // on the same 2 cores, so the staff's own client took the cores the readers were measured on.
    const enter = (round: number) => async (t: { table: number; players: { id: string }[] }, i: number) => {
      const winner = t.players[i % 3 === 0 ? 1 : 0]!.id;
      const answer = await leanRequest(`${server!.url}${path}/rounds/${round}/tables/${t.table}/result`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.desk}`, 'content-type': 'application/json' },
        body: JSON.stringify({ duels: [winner, winner] }),
        signal: AbortSignal.timeout(60_000),
      });
      if (answer.status < 200 || answer.status >= 300)
        throw new Error(`result of table ${t.table}: ${answer.status} ${answer.text.slice(0, 300)}`);
    };
    await inPool(CONNECTIONS, await tablesOf(1), enter(1));
    await desk.ok('POST', `${path}/rounds/1/end`);

    const slice = async (round: number, reading: readonly string[]): Promise<Slice> => {
      const part = await tablesOf(round);
      let still = true;
      let reads = 0;
      // Each view read once before the clock starts: the first read of an ended round makes its
      // views (and their compressed bytes) once; what is measured is what reading costs after.
      for (const view of reading)
        await leanRequest(server!.url + view, {
          method: 'GET',
          headers: {},
          signal: AbortSignal.timeout(60_000),
          drain: true,
        });
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
        await enter(round)(t, i);
        ms.push(performance.now() - at);
      });
      const seconds = (performance.now() - started) / 1000;
      still = false;
      await Promise.all(readers);
      await desk.ok('POST', `${path}/rounds/${round}/end`);
      return { perSecond: part.length / seconds, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), reads };
    };

    // Whole rounds, the three kinds in turn, each twice: a third of a round (under a second at
    // 1,700 results/s) moved the ratio by a tenth from one run to the next.
    const kinds = { alone: [] as Slice[], ended: [] as Slice[], current: [] as Slice[] };
    // Round 2 warms the server up (its first rounds ran a third slower) and is not counted.
    log('readers: round 2 results, nobody reading (warming up)');
    await slice(2, []);
    for (let round = 3; round < 3 + 3 * SLICES_EACH; round++) {
      const kind = (['alone', 'ended', 'current'] as const)[(round - 3) % 3]!;
      log(
        `readers: round ${round} results, ${kind === 'alone' ? 'nobody reading' : `two anonymous clients reading the ${kind} round`}`,
      );
      kinds[kind].push(
        await slice(
          round,
          kind === 'alone'
            ? []
            : kind === 'ended'
              ? [`${path}/rounds/${round - 1}/pairings`, `${path}/standings?round=${round - 1}`]
              : [`${path}/rounds/${round}/pairings`, `${path}/standings`],
        ),
      );
    }
    const rate = (k: keyof typeof kinds) => spread(kinds[k].map((s) => s.perSecond)).median;
    const endedRatio = rate('ended') / rate('alone');
    const currentRatio = rate('current') / rate('alone');
    const each = (k: keyof typeof kinds, of: (s: Slice) => number) => spread(kinds[k].map(of));
    const rows: Row[] = [
      row(
        `results entered, nobody reading (${CONNECTIONS} connections)`,
        'writes/s',
        each('alone', (s) => s.perSecond),
      ),
      row(
        `results entered, ${READERS} anonymous clients reading the ended round's board and standings`,
        'writes/s',
        each('ended', (s) => s.perSecond),
      ),
      row(
        `results entered, ${READERS} anonymous clients reading the current round's board and the standings`,
        'writes/s',
        each('current', (s) => s.perSecond),
      ),
      row('with readers of the ended round / nobody reading (medians)', '×', single(endedRatio), { min: TARGET_RATIO }),
      row('with readers of the current round / nobody reading (medians)', '×', single(currentRatio), {
        min: TARGET_RATIO,
      }),
      ...(
        [
          ['write p50, nobody reading', 'ms', 'alone', (x: Slice) => x.p50],
          ['write p50, readers of the ended round', 'ms', 'ended', (x: Slice) => x.p50],
          ['write p50, readers of the current round', 'ms', 'current', (x: Slice) => x.p50],
          ['reads answered to the readers of the ended round, per round', 'reads', 'ended', (x: Slice) => x.reads],
          ['reads answered to the readers of the current round, per round', 'reads', 'current', (x: Slice) => x.reads],
        ] as const
      ).map(([name, unit, kind, of]) => row(name, unit, each(kind, of))),
    ];
    return {
      part: 'readers',
      title: `anonymous readers and staff result entry, ${players} players (SQLite)`,
      rows,
      notes: [...missNotes(rows)],
      details: { players, ...kinds, endedRatio, currentRatio },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
