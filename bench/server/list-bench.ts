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
 * Part "list" (issue 24, point 6): the public tournament list with 1,000 tournaments of 32
 * players (SQLite), read by four clients while a desk registers players in random tournaments
 * (so versions keep moving), and the first list after a restart.
 */

const TOURNAMENTS = 1000;
const PLAYERS = 32;
const READERS = 4;
const READS = 2000;
const TARGET_P99_MS = 20;

export async function listBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const count = quick ? 100 : TOURNAMENTS;
  log('list: building dist/');
  const broken = buildServer();
  if (broken) return { part: 'list', title: 'tournament list', rows: [], notes: [broken], details: {} };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-list-'));
  const db = join(dir, 'list.db');
  let server: RunningServer | null = null;
  try {
    server = await startServer(db);
    const tokens = await staffTokens(server.url, server.firstLogin!, { desk: ['organizer', 'scorekeeper'] });
    let desk = new ApiClient(server.url, tokens.desk);
    log(`list: creating ${count} tournaments of ${PLAYERS} players`);
    const ids = Array.from({ length: count }, (_, i) => `day-${String(i).padStart(4, '0')}`);
    await inPool(4, ids, async (id, i) => {
      await desk.ok('POST', '/api/tournaments', {
        id,
        name: `遊戯王の日 ${i + 1}`,
        date: '2026-08-01',
        structure: { kind: 'swiss', rounds: 5, topCut: 0 },
      });
      const players = Array.from({ length: PLAYERS }, (_, p) => ({
        id: String(3_000_000_000 + i * 100 + p),
        name: `Player ${p + 1}`,
      }));
      await desk.ok('POST', `/api/tournaments/${id}/players/import`, { players });
    });
    await desk.ok('GET', '/api/tournaments');

    log(`list: ${READERS} clients read the list ${READS} times while players are registered`);
    let writing = true;
    let late = 0;
    const writer = (async () => {
      while (writing) {
        const id = ids[Math.floor(Math.random() * ids.length)]!;
        await desk.ok('POST', `/api/tournaments/${id}/players`, { id: String(4_000_000_000 + late++), name: 'Late' });
      }
    })();
    const ms: number[] = [];
    await inPool(READERS, Array.from({ length: READS }), async () => {
      const started = performance.now();
      // The venue benches' lean client (a phone's Accept-Encoding; drained, not decoded): fetch
      // cost the bench's own thread, which also sends the desk's writes, more than the answer.
      await leanRequest(`${server!.url}/api/tournaments`, {
        method: 'GET',
        headers: {},
        signal: AbortSignal.timeout(60_000),
        drain: true,
      });
      ms.push(performance.now() - started);
    });
    writing = false;
    await writer;
    const health: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      health.push(performance.now() - started);
    }

    await server.stop();
    log('list: restarting; the first list reads every tournament');
    server = await startServer(db);
    desk = new ApiClient(server.url, tokens.desk);
    const started = performance.now();
    const first = (await desk.ok('GET', '/api/tournaments')) as { tournaments: unknown[] };
    const firstMs = performance.now() - started;

    const rows: Row[] = [
      row(`list of ${count} tournaments, p50 (${READERS} clients, writes going on)`, 'ms', single(percentile(ms, 0.5))),
      row(
        `list of ${count} tournaments, p99`,
        'ms',
        single(percentile(ms, 0.99)),
        quick ? undefined : { max: TARGET_P99_MS },
      ),
      row('players registered meanwhile (versions moved)', 'writes', single(late)),
      row('health after the list readers, p99', 'ms', single(percentile(health, 0.99))),
      row('first list after a restart', 'ms', single(firstMs)),
      row('tournaments listed after the restart', '', single(first.tournaments.length), { min: count }),
    ];
    return {
      part: 'list',
      title: `the public tournament list, ${count} tournaments of ${PLAYERS} players (SQLite)`,
      rows,
      notes: [...missNotes(rows)],
      details: { count, ms, health, firstMs, late },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
