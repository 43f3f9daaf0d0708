import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { ApiClient, staffTokens } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Uploads against the venue (issue 24): while staff keep sending the files that once stopped the
 * server (a 30,000-row player CSV, a cards.cdb of views over an endless recursive query, and the
 * largest plain cards.cdb the upload takes), /api/health is measured. Then the heaviest import
 * accepted, 10,000 players from a CSV, for what a real import costs the event loop. The real
 * server (built dist/, SQLite); uploaders, autocannon and the server share the same cores.
 */

const TARGETS = { healthP99Ms: 50 };

const csvRows = (count: number, from = 0): string =>
  `id,name\n${Array.from({ length: count }, (_, i) => `${String(from + i).padStart(10, '0')},Player ${from + i}`).join('\n')}\n`;

/** A cards.cdb built by `sql`, as the base64 an upload sends. */
function cdb(dir: string, name: string, sql: string): string {
  const path = join(dir, `${name}.cdb`);
  const db = new Database(path);
  db.exec(sql);
  db.close();
  return readFileSync(path).toString('base64');
}

export async function uploadBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const seconds = quick ? 4 : 15;
  log('uploads: building dist/');
  const broken = buildServer();
  if (broken)
    return {
      part: 'uploads',
      title: 'Uploads against the venue',
      rows: [],
      notes: [`Not measured: ${broken}.`],
      details: { unavailable: broken },
    };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-uploads-'));
  let server: RunningServer | null = null;
  try {
    const endless = cdb(
      dir,
      'endless',
      `CREATE VIEW datas AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id, 1 AS ot, 0 AS alias, 0 AS setcode, 1 AS type FROM n;
       CREATE VIEW texts AS SELECT id, 'x' AS name FROM datas;`,
    );
    // The most cards a 1.5 MB upload holds in plain tables, every one read, built and hashed.
    const largest = cdb(
      dir,
      'largest',
      `CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, type integer);
       CREATE TABLE texts(id integer primary key, name text);
       INSERT INTO datas SELECT i, 1, 0, 0, 1 FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 36000) SELECT i FROM n);
       INSERT INTO texts SELECT id, 'Card ' || id FROM datas;`,
    );
    server = await startServer(join(dir, 'uploads.db'));
    if (!server.firstLogin) throw new Error('a fresh database must print the first organizer');
    const url = server.url;
    const tokens = await staffTokens(url, server.firstLogin, { boss: ['organizer'] });
    const boss = new ApiClient(url, tokens.boss);
    await boss.ok('POST', '/api/tournaments', {
      id: 'uploads',
      name: 'uploads',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 5, topCut: 0 },
    });
    const tooMany = csvRows(30_000);
    // Warm the workers' modules, as the first real upload of the day would.
    await boss.call('POST', '/api/card-databases', { name: 'warm', format: 'cdb', data: endless });

    log('uploads: health checks without uploads, for comparison');
    const quiet = await autocannon({ url: `${url}/api/health`, connections: 2, duration: quick ? 2 : 5 });
    const statuses = new Map<string, number>();
    const count = (what: string, status: number) =>
      statuses.set(`${status} ${what}`, (statuses.get(`${status} ${what}`) ?? 0) + 1);
    const senders: Record<string, () => Promise<number>> = {
      csv: async () => (await boss.call('POST', '/api/tournaments/uploads/players/import', { csv: tooMany })).status,
      'endless cdb': async () =>
        (await boss.call('POST', '/api/card-databases', { name: 'endless', format: 'cdb', data: endless })).status,
      'largest cdb': async () =>
        (await boss.call('POST', '/api/card-databases', { name: 'largest', format: 'cdb', data: largest })).status,
    };
    /** /api/health for `duration` s while each of `kinds` is uploaded again as soon as it is answered. */
    const underUploads = async (kinds: readonly string[], duration: number) => {
      let running = true;
      const uploaders = kinds.map(async (what) => {
        while (running) count(what, await senders[what]!());
      });
      const health = await autocannon({ url: `${url}/api/health`, connections: 2, duration });
      running = false;
      await Promise.all(uploaders);
      return health;
    };
    const alone: Record<string, autocannon.Result> = {};
    for (const what of Object.keys(senders)) {
      log(`uploads: health checks under ${what} uploads alone`);
      alone[what] = await underUploads([what], quick ? 2 : 5);
    }
    log(`uploads: ${seconds} s of health checks under 30,000-row CSVs and the worst cards.cdb files`);
    const load = loadavg()[0]!.toFixed(2);
    const health = await underUploads(Object.keys(senders), seconds);

    log('uploads: health during accepted 10,000-player CSV imports');
    let running = true;
    let imports = 0;
    const importMs: number[] = [];
    const importing = (async () => {
      while (running) {
        const id = `accepted-${imports++}`;
        await boss.ok('POST', '/api/tournaments', {
          id,
          name: id,
          date: '2025-06-01',
          structure: { kind: 'swiss', rounds: 5, topCut: 0 },
        });
        const started = performance.now();
        await boss.ok('POST', `/api/tournaments/${id}/players/import`, { csv: csvRows(10_000) });
        importMs.push(performance.now() - started);
      }
    })();
    const accepted = await autocannon({ url: `${url}/api/health`, connections: 2, duration: seconds });
    running = false;
    await importing;
    const peakMb = server.peakMb();
    await server.stop();
    server = null;

    const refused = [...statuses]
      .sort()
      .map(([what, n]) => `${n}× ${what}`)
      .join(', ');
    const rows: Row[] = [
      row(
        `/api/health p99 while 30,000-row CSVs, an endless-view cards.cdb and the largest plain cards.cdb are uploaded (${seconds} s)`,
        'ms',
        single(health.latency.p99),
        { max: TARGETS.healthP99Ms },
        `${health['2xx']} answered, ${health.non2xx + health.errors + health.timeouts} failed`,
      ),
      row('  /api/health p50', 'ms', single(health.latency.p50)),
      row('  /api/health max', 'ms', single(health.latency.max)),
      row('  /api/health p99 without uploads, just before', 'ms', single(quiet.latency.p99)),
      ...Object.entries(alone).map(([what, result]) =>
        row(`  /api/health p99 under ${what} uploads alone`, 'ms', single(result.latency.p99)),
      ),
      row(
        `/api/health p99 during accepted 10,000-player CSV imports (${importMs.length} imports)`,
        'ms',
        single(accepted.latency.p99),
        undefined,
        `${accepted['2xx']} answered`,
      ),
      row(
        '  /api/health max, meanwhile (the import decides and stores its 10,000 events on the event loop)',
        'ms',
        single(accepted.latency.max),
      ),
      row(
        '  one 10,000-player CSV import',
        'ms',
        single(importMs.reduce((a, b) => a + b, 0) / Math.max(1, importMs.length)),
      ),
      row('server peak memory (VmHWM)', 'MB', single(peakMb)),
    ];
    const notes = missNotes(rows);
    notes.push(`Load average ${load} (1 min) on the 2 cores as the measurement started.`);
    notes.push(`The uploads were answered ${refused}.`);
    return {
      part: 'uploads',
      title: 'Uploads against the venue: health under the worst player CSVs and card databases',
      rows,
      notes,
      details: {
        seconds,
        health: { p50: health.latency.p50, p99: health.latency.p99, max: health.latency.max, ok: health['2xx'] },
        quiet: { p50: quiet.latency.p50, p99: quiet.latency.p99 },
        accepted: { p50: accepted.latency.p50, p99: accepted.latency.p99, max: accepted.latency.max },
        importMs,
        statuses: Object.fromEntries(statuses),
      },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
