import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from '../lib/pool.js';
import { format, missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { sharedDataDir, sharedDeckTexts } from '../lib/shared-decks.js';
import { ApiClient } from '../server/api-client.js';
import { buildServer } from '../server/server-process.js';
import type { Cluster } from './cluster.js';
import { Deadline, DeadlineReached, pause, Samples, send } from './venue-http.js';
import { clientCpuMs, deskToken, errorRow, watched, watchedRows, type Watched } from './venue-rows.js';
import { venues, type Venue } from './venues.js';
import { watchHealth, watchMemory } from './watchers.js';

/*
 * Part "submissions" (issue 28): the rush before the decklist deadline. 8,192 players (imported
 * by the desk, each with the code of their slip) send their own decklist from their phone
 * through the public route, each a real .ydk of ../shared/data/decks (read at run time, never
 * copied), at the pace of the deadline's last minutes: arrivals at a fixed rate, each on its
 * own connection, whether or not the ones before were answered. One server process (SQLite,
 * and PostgreSQL when a database is given); a health check polls meanwhile.
 */

const TOURNAMENT = 'lists';
const TARGETS = { submissionP99Ms: 250 };
/** All 8,192 lists in 5 minutes: twice the even pace of "the last 10 minutes", as people crowd toward the deadline. */
const PER_SECOND = 8192 / 300;

interface SubmissionsRun {
  readonly venue: string;
  readonly incomplete: string | null;
  readonly decks: number;
  readonly withFindings: number;
  /** Real lists the tournament's card pool refused in the preview (left out of the load). */
  readonly unread: readonly string[];
  readonly submitted: number;
  readonly refused: Record<string, number>;
  readonly seconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** p50 of the first and of the last sixteenth sent: a cost growing with the lists stored shows here. */
  readonly firstP50Ms: number;
  readonly lastP50Ms: number;
  readonly receiptMismatches: number;
  /** The server's CPU time over the submissions, per list stored (what the rate costs without the other tenants of the cores). */
  readonly cpuMsPerList: number;
  readonly watched: Watched;
  readonly serverErrors: Record<string, number>;
  readonly serverLog: string[];
}

export async function submissionsBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 512 : 8192;
  const title = `Decklists sent by ${format(players)} players before the deadline`;
  if (!existsSync(join(sharedDataDir, 'decks'))) {
    const why = `Not measured: the real decklists are read from ${join(sharedDataDir, 'decks')}, which is not there (the shared data sits beside the repository as ../shared).`;
    console.error(`\nsubmissions: SKIPPED. ${why}`);
    return { part: 'submissions', title, rows: [], notes: [why], details: {} };
  }
  log('submissions: building dist/');
  const broken = buildServer();
  if (broken) return { part: 'submissions', title, rows: [], notes: [`Not measured: ${broken}.`], details: {} };
  const runs: SubmissionsRun[] = [];
  const notes: string[] = [];
  for (const venue of venues(1)) {
    if (venue.unavailable) notes.push(`${venue.label}: not measured: ${venue.unavailable}.`);
    else
      try {
        runs.push(await venue.run('submissions', (cluster) => submissionsRun(cluster, venue, players, log)));
      } catch (error) {
        if (!(error instanceof DeadlineReached)) throw error;
        notes.push(`${venue.label}: not measured: ${error.message} during the setup.`);
      }
  }
  const rows = runs.flatMap((r) => submissionsRows(r, players));
  return {
    part: 'submissions',
    title: `${title}: PUT …/decklist/submission at ${format(PER_SECOND)}/s on one process`,
    rows,
    notes: [
      ...missNotes(rows),
      ...notes,
      ...runs.flatMap((r) => (r.incomplete ? [`${r.venue}: stopped early: ${r.incomplete}.`] : [])),
      ...runs.flatMap((r) =>
        r.unread.length ? [`${r.venue}: real lists the preview refused, left out: ${r.unread.join(', ')}.`] : [],
      ),
      ...runs.flatMap((r) =>
        r.serverLog.length ? [`${r.venue}: the server wrote: ${r.serverLog.join(' | ').slice(0, 500)}`] : [],
      ),
      `Rate: all ${format(players)} lists at ${format(PER_SECOND)}/s (8,192 in 5 minutes, twice the even pace of the deadline's last 10 minutes), open-loop, each on a connection of its own. The lists are the real .ydk files of ../shared/data/decks in turn, as ydk text; a list with findings goes with confirm: true, as after the player saw them. The client runs on the same 2 cores as the server.`,
    ],
    details: { players, perSecond: PER_SECOND, runs },
  };
}

function submissionsRows(r: SubmissionsRun, players: number): Row[] {
  const refused = Object.entries(r.refused);
  return [
    row(
      `${r.venue}: decklist submission, p99`,
      'ms',
      single(r.p99Ms),
      { max: TARGETS.submissionP99Ms },
      `p50 ${format(r.p50Ms)} ms, max ${format(r.maxMs)} ms`,
    ),
    row(
      `  submission p50, last ${format(Math.round(players / 16))} sent (first ${format(Math.round(players / 16))}: ${format(r.firstP50Ms)} ms)`,
      'ms',
      single(r.lastP50Ms),
    ),
    row(
      '  lists stored with a receipt',
      '',
      single(r.submitted),
      { min: players },
      `in ${format(r.seconds)} s; ${r.decks} distinct real lists, ${r.withFindings} with findings`,
    ),
    row(
      '  refused (4xx)',
      '',
      single(refused.reduce((n, [, c]) => n + c, 0)),
      { max: 0 },
      refused.map(([k, n]) => `${n}× ${k}`).join(', '),
    ),
    row("  receipts whose hash differs from the preview's", '', single(r.receiptMismatches), { max: 0 }),
    row(
      '  server CPU per list stored (health checks included)',
      'ms',
      single(r.cpuMsPerList),
      undefined,
      `${format((r.cpuMsPerList * PER_SECOND) / 10)}% of a core at ${format(PER_SECOND)}/s`,
    ),
    ...watchedRows(r.watched),
    errorRow(r.serverErrors),
  ];
}

async function submissionsRun(
  cluster: Cluster,
  venue: Venue,
  players: number,
  log: (line: string) => void,
): Promise<SubmissionsRun> {
  const deadline = new Deadline(players / PER_SECOND + 900);
  const samples = new Samples();
  const first = cluster.first();
  const url = first.url;
  const path = `/api/tournaments/${TOURNAMENT}`;
  const desk = new ApiClient(url, await deskToken(url, first.firstLogin));
  await desk.ok('POST', '/api/tournaments', {
    id: TOURNAMENT,
    name: 'Decklists (bench)',
    date: '2026-08-01',
    structure: { kind: 'swiss', rounds: 13, topCut: 0 },
  });
  log(`submissions ${venue.label}: importing ${players} players`);
  const ids = Array.from({ length: players }, (_, i) => String(2_000_000_000 + i * 7919));
  const imported = await desk.ok('POST', `${path}/players/import`, {
    players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` })),
  });
  const codes = imported.codes as Record<string, string>;

  // Each real list once through the preview (a player sees the findings before sending): the
  // lists the tournament's card pool reads, whether they need confirming, and the hash to expect.
  log(`submissions ${venue.label}: previewing the real lists`);
  const decks: { file: string; text: string; confirm: boolean; hash: string }[] = [];
  const unread: string[] = [];
  for (const [i, deck] of sharedDeckTexts().entries()) {
    const id = ids[i % ids.length]!;
    const preview = await new ApiClient(url).call('POST', `${path}/players/${id}/decklist/preview`, {
      code: codes[id],
      decklist: { format: 'ydk', text: deck.text },
    });
    if (preview.status !== 200) unread.push(`${deck.file} (${preview.status} ${preview.body?.error ?? ''})`);
    else decks.push({ ...deck, confirm: preview.body.findings.length > 0, hash: preview.body.hash });
  }
  if (decks.length === 0) throw new Error(`no real list is read by the tournament's card pool: ${unread.join(', ')}`);

  const clientFrom = clientCpuMs();
  const health = watchHealth(cluster, samples);
  await health.ready;
  const memory = watchMemory(cluster);
  let incomplete: string | null = null;
  let receiptMismatches = 0;
  // Each submission's latency by the order it was sent in.
  const ordered: number[] = [];
  let submitted = 0;
  const refused: Record<string, number> = {};
  const started = performance.now();
  const cpuFrom = first.cpuMs();
  let seconds = Number.NaN;
  try {
    log(`submissions ${venue.label}: ${players} lists at ${format(PER_SECOND)}/s`);
    const sends: Promise<void>[] = [];
    for (let i = 0; i < players; i++) {
      const wait = started + (i * 1000) / PER_SECOND - performance.now();
      if (wait > 0) await pause(wait);
      const id = ids[i]!;
      const deck = decks[i % decks.length]!;
      sends.push(
        send(cluster, deadline, samples, {
          method: 'PUT',
          path: `${path}/players/${id}/decklist/submission`,
          body: { code: codes[id], decklist: { format: 'ydk', text: deck.text }, confirm: deck.confirm },
          key: randomUUID(),
          kind: 'submission',
        }).then((answer) => {
          ordered[i] = answer.ms;
          if (answer.status >= 200 && answer.status < 300) {
            submitted++;
            if (answer.body.receipt?.hash !== deck.hash) receiptMismatches++;
          } else {
            const key = `${answer.status} ${answer.body?.error ?? ''}`.trim();
            refused[key] = (refused[key] ?? 0) + 1;
          }
        }),
      );
      if (i % 512 === 0) log(`submissions ${venue.label}: ${i}/${players} sent`);
    }
    await Promise.all(sends);
    seconds = (performance.now() - started) / 1000;
  } catch (error) {
    if (!(error instanceof DeadlineReached)) throw error;
    incomplete = error.message;
    seconds = (performance.now() - started) / 1000;
  }
  const cpuMsPerList = (first.cpuMs() - cpuFrom) / submitted;
  await health.stop();
  await memory.stop();
  deadline.end();
  const ms = samples.of('submission');
  const sixteenth = Math.max(1, Math.round(players / 16));
  const p50Of = (part: number[]) =>
    percentile(
      part.filter((m) => m !== undefined),
      0.5,
    );
  return {
    venue: venue.label,
    incomplete,
    decks: decks.length,
    withFindings: decks.filter((d) => d.confirm).length,
    submitted,
    refused,
    unread,
    seconds,
    p50Ms: percentile(ms, 0.5),
    p99Ms: percentile(ms, 0.99),
    maxMs: ms.length ? Math.max(...ms) : Number.NaN,
    firstP50Ms: p50Of(ordered.slice(0, sixteenth)),
    lastP50Ms: p50Of(ordered.slice(-sixteenth)),
    receiptMismatches,
    cpuMsPerList,
    watched: watched(cluster, samples, clientFrom),
    serverErrors: samples.serverErrors(),
    serverLog: cluster.stderr(),
  };
}
