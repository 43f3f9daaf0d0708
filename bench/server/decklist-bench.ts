import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '../lib/pool.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part "decklists" (issue 28): 8,192 players send their own decklist from their page through
 * the API in the rush before the deadline (SQLite): each submission is read (a .ydk text, in
 * the decklist worker), checked against the tournament's card pool and F/L list, and written
 * with its receipt. The submissions arrive at a steady pace, every list within ten minutes played
 * four times faster (each sent on time whether or not the ones before were answered), while
 * another client asks for health. Every player sends once, so every submission writes.
 */

const PLAYERS = 8192;
/** The rush: every list in the deadline's last ten minutes, played here four times faster. */
const RUSH_SECONDS = 600 / 4;
const TARGET_SUBMIT_P99_MS = 250;
const TARGET_HEALTH_P99_MS = 50;
const sample = new URL('../../catalogue/decks/blackwing.txt', import.meta.url).pathname;

export async function decklistBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const count = quick ? 512 : PLAYERS;
  log('decklists: building dist/');
  const broken = buildServer();
  if (broken) return { part: 'decklists', title: 'players’ own decklists', rows: [], notes: [broken], details: {} };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-decklists-'));
  let server: RunningServer | null = null;
  try {
    server = await startServer(join(dir, 'decklists.db'));
    const tokens = await staffTokens(server.url, server.firstLogin!, { desk: ['organizer', 'scorekeeper'] });
    const desk = new ApiClient(server.url, tokens.desk);
    const t = '/api/tournaments/rush';
    await desk.ok('POST', '/api/tournaments', {
      id: 'rush',
      name: 'デッキリスト提出',
      date: '2011-06-01',
      decklistsRequired: true,
      structure: { kind: 'swiss', rounds: 8, topCut: 0 },
    });
    log(`decklists: registering ${count} players`);
    // One player more, whose list warms the server up (the decklist worker, the card pool) before the rush.
    const players = Array.from({ length: count + 1 }, (_, i) => ({
      id: String(5_000_000_000 + i),
      name: `Player ${i + 1}`,
    }));
    await desk.ok('POST', `${t}/players/import`, { players });
    const { players: all } = (await desk.ok('GET', `${t}/slips`)) as { players: { id: string; code: string }[] };
    const slips = all.slice(0, count);
    const warm = all[count]!;
    const ydk = (await desk.ok('POST', '/api/decks/convert', {
      deck: { format: 'text', text: readFileSync(sample, 'utf8') },
      to: 'ydk',
    })) as { text: string };
    const decklist = { format: 'ydk', text: ydk.text };
    await desk.ok('PUT', `${t}/players/${warm.id}/decklist/submission`, { code: warm.code, decklist });
    const rush = quick ? RUSH_SECONDS / 16 : RUSH_SECONDS;
    log(`decklists: ${count} submissions in ${rush} s, health asked meanwhile`);
    let sending = true;
    const health: number[] = [];
    const watcher = (async () => {
      while (sending) {
        const started = performance.now();
        await (await fetch(`${server!.url}/api/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const ms: number[] = [];
    const refused = new Map<number | string, number>();
    const began = performance.now();
    const submit = async (slip: { id: string; code: string }, at: number) => {
      await new Promise((r) => setTimeout(r, Math.max(0, began + at - performance.now())));
      const started = performance.now();
      try {
        const response = await fetch(`${server!.url}${t}/players/${slip.id}/decklist/submission`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: slip.code, decklist }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
      } catch (error) {
        // A connection the server dropped (its backlog full) is a submission lost, counted with the refused.
        const reason = (error as { cause?: { code?: string } }).cause?.code ?? 'fetch failed';
        refused.set(reason, (refused.get(reason) ?? 0) + 1);
      }
      ms.push(performance.now() - started);
    };
    await Promise.all(slips.map((slip, i) => submit(slip, (i * rush * 1000) / count)));
    const seconds = (performance.now() - began) / 1000;
    sending = false;
    await watcher;
    const lists = (await desk.ok('GET', `${t}/decklists`)) as { submitted: number };

    const rows: Row[] = [
      row(`submission p50 (${Math.round(count / rush)} a second)`, 'ms', single(percentile(ms, 0.5))),
      row('submission p99', 'ms', single(percentile(ms, 0.99)), quick ? undefined : { max: TARGET_SUBMIT_P99_MS }),
      row('all answered within', 's', single(seconds)),
      row(
        'health p99 meanwhile',
        'ms',
        single(percentile(health, 0.99)),
        quick ? undefined : { max: TARGET_HEALTH_P99_MS },
      ),
      row('submissions refused or lost', '', single([...refused.values()].reduce((a, b) => a + b, 0)), { max: 0 }),
      row('lists on the staff screen after', '', single(lists.submitted - 1), { min: count }),
    ];
    return {
      part: 'decklists',
      title: `players’ own decklists: ${count} submissions through the API (SQLite)`,
      rows,
      notes: [
        ...missNotes(rows),
        ...(refused.size > 0 ? [`refused or lost: ${[...refused].map(([why, n]) => `${why} × ${n}`).join(', ')}`] : []),
      ],
      details: { count, ms, health, seconds, refused: Object.fromEntries(refused) },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
