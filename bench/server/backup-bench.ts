import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import type { CommandMeta, TournamentCommand } from '../../src/core/tournament/commands.js';
import type { Role } from '../../src/core/tournament/events.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { percentile } from '../lib/pool.js';
import { sharedDataDir, sharedDecks } from '../lib/shared-decks.js';
import { buildEventLog } from '../standings/event-log.js';
import { writeEventLog } from '../standings/write-event-log.js';
import { format, missNotes, row, single, type Row } from '../lib/report-table.js';
import { repoRoot, type PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { withDatabase } from './bench-database.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';
import { backupsIn } from '../../src/adapters/store/backup/scheduled-backups.js';
import { pause, Samples } from '../venue/venue-http.js';
import { watchHealth } from '../venue/watchers.js';

/*
 * Part "backup" (issue 40): what a season's operations cost.
 * - A YCSJ-sized log (8,192 players registered and checked in, five Swiss rounds with every
 *   result) in an SQLite file served by `shinpan serve`; its health check (every 100 ms, from a
 *   worker thread) before and during `shinpan backup` of that file, three backups in a row.
 * - The day bench's database (1,000 shop tournaments of 32 players, five Swiss rounds, finished)
 *   backed up, copied to PostgreSQL with `shinpan db copy`, copied again (nothing to copy), and
 *   copied back into a new SQLite file.
 * The logs are written in-process through the service (the same events the HTTP benches write,
 * in seconds rather than minutes); what is measured runs as an operator runs it: the built CLI
 * in its own process.
 */

const TARGET_HEALTH_P99_MS = 50;
/** How long each of the three phases (no backup, the CLI's backups, scheduled backups) is watched. */
const PHASE_MS = 20_000;
const SCHEDULED_EVERY_S = 3;

const PACK = (() => {
  const content = loadDefaultPack();
  return { id: content.id, version: content.version, content };
})();

export async function backupBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  log('backup: building dist/');
  const broken = buildServer();
  if (broken)
    return { part: 'backup', title: 'Backups and copies', rows: [], notes: [`Not measured: ${broken}.`], details: {} };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-backup-bench-'));
  try {
    const players = quick ? 1024 : 8192;
    const shops = quick ? 100 : 1000;
    const ycsjDb = join(dir, 'ycsj.db');
    const ycsjEvents = await writeYcsj(ycsjDb, players, log);
    const served = await healthDuringBackups(ycsjDb, dir, quick ? 4000 : PHASE_MS, log);
    const dayDb = join(dir, 'day.db');
    const dayEvents = await writeDay(dayDb, shops, log);
    const day = await dayCopies(dayDb, dir, log);
    const rows: Row[] = [
      row(
        `YCSJ log (${format(players)} players, ${format(ycsjEvents)} events, ${mb(statSync(ycsjDb).size)} MB) served: health p99, no backup`,
        'ms',
        single(served.quiet.p99),
        undefined,
        `p50 ${format(served.quiet.p50)} ms, ${served.quiet.checks} checks`,
      ),
      row(
        `  health p99 while shinpan backup copies it, again and again (${served.backupS.length} backups)`,
        'ms',
        single(served.cli.p99),
        quick ? undefined : { max: TARGET_HEALTH_P99_MS },
        `p50 ${format(served.cli.p50)} ms, max ${format(served.cli.max)} ms, ${served.cli.checks} checks`,
      ),
      row(
        `  health p99 while the server makes its own backups (every ${SCHEDULED_EVERY_S} s, ${served.scheduledCount} made)`,
        'ms',
        single(served.scheduled.p99),
        quick ? undefined : { max: TARGET_HEALTH_P99_MS },
        `p50 ${format(served.scheduled.p50)} ms, max ${format(served.scheduled.max)} ms, ${served.scheduled.checks} checks`,
      ),
      row(
        '  one backup of the YCSJ log while served (written and verified)',
        's',
        spread(served.backupS),
        undefined,
        `${mb(served.backupBytes)} MB`,
      ),
      row(
        `Day database (${format(shops)} tournaments, ${format(dayEvents)} events, ${mb(statSync(dayDb).size)} MB): backup`,
        's',
        single(day.backupS),
        undefined,
        `${mb(day.backupBytes)} MB`,
      ),
      ...(day.postgres
        ? [
            row('  db copy SQLite → PostgreSQL', 's', single(day.postgres.toS)),
            row('  db copy SQLite → PostgreSQL again (nothing new)', 's', single(day.postgres.againS)),
            row(
              '  db copy PostgreSQL → a new SQLite file',
              's',
              single(day.postgres.backS),
              undefined,
              `${mb(day.postgres.backBytes)} MB`,
            ),
          ]
        : []),
    ];
    return {
      part: 'backup',
      title: "Backups and copies: a YCSJ log backed up while served, the day bench's database backed up and copied",
      rows,
      notes: [
        ...missNotes(rows),
        ...(day.postgres
          ? []
          : ['PostgreSQL copies: not measured (set SHINPAN_BENCH_DATABASE_URL or SHINPAN_TEST_DATABASE_URL).']),
        'Health checks every 100 ms from a worker thread; the backup is the built CLI in its own process, on the same 2 cores as the server and the bench.',
      ],
      details: { players, shops, ycsjEvents, dayEvents, served, day },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(1);

/** Runs the built CLI; resolves with its wall time in seconds, rejects with its stderr when it fails. */
function runCli(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'shinpan.js'), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - started) / 1000)
        : reject(new Error(`shinpan ${args.join(' ')}: exit ${code}: ${err.slice(-1000)}`)),
    );
  });
}

/** Health checks (every 100 ms, from a worker thread) on `server` while `work` runs. */
async function healthWhile(server: RunningServer, work: () => Promise<void>): Promise<number[]> {
  const samples = new Samples();
  const watch = watchHealth({ running: () => [server] }, samples);
  await watch.ready;
  try {
    await work();
  } finally {
    await watch.stop();
  }
  return samples.of('health');
}

const figures = (checks: readonly number[]) => ({
  checks: checks.length,
  p50: percentile(checks, 0.5),
  p99: percentile(checks, 0.99),
  max: Math.max(...checks),
});

/**
 * The YCSJ log served: health checks with no backup, then while `shinpan backup` runs again and
 * again in its own process, then while the server makes its own scheduled backups
 * (SHINPAN_BACKUP_DIR, one every few seconds), each for `ms`.
 */
async function healthDuringBackups(db: string, dir: string, ms: number, log: (line: string) => void) {
  const backupS: number[] = [];
  let backupBytes = 0;
  const served = await startServer(db);
  let quiet: number[];
  let cli: number[];
  try {
    // Its first answers come from cold code: a load balancer's checks begin once it is up.
    await healthWhile(served, () => pause(2000));
    quiet = await healthWhile(served, () => pause(ms));
    cli = await healthWhile(served, async () => {
      const until = performance.now() + ms;
      for (let i = 0; performance.now() < until; i++) {
        const to = join(dir, `ycsj-backup-${i}.db`);
        backupS.push(await runCli(['backup', '--db', db, '--to', to]));
        backupBytes = statSync(to).size;
        rmSync(to);
      }
    });
    log(`backup: ${backupS.length} backups of the YCSJ log while served, ${backupS.at(-1)?.toFixed(1)} s each`);
  } finally {
    await served.stop();
  }
  const scheduledDir = join(dir, 'scheduled');
  const scheduledServer = await startServer(db, undefined, {
    SHINPAN_BACKUP_DIR: scheduledDir,
    SHINPAN_BACKUP_MINUTES: String(SCHEDULED_EVERY_S / 60),
    SHINPAN_BACKUP_KEEP: '2',
  });
  let scheduled: number[];
  let scheduledCount = 0;
  try {
    await healthWhile(scheduledServer, () => pause(2000));
    const seen = new Set<string>();
    scheduled = await healthWhile(scheduledServer, async () => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        await pause(200);
        for (const name of backupsIn(scheduledDir)) seen.add(name);
      }
    });
    scheduledCount = seen.size;
    log(`backup: ${scheduledCount} scheduled backups while served`);
  } finally {
    await scheduledServer.stop();
  }
  return {
    quiet: figures(quiet),
    cli: figures(cli),
    scheduled: figures(scheduled),
    scheduledCount,
    backupS,
    backupBytes,
  };
}

async function dayCopies(db: string, dir: string, log: (line: string) => void) {
  const backup = join(dir, 'day-backup.db');
  const backupS = await runCli(['backup', '--db', db, '--to', backup]);
  const backupBytes = statSync(backup).size;
  log(`backup: day database backed up in ${backupS.toFixed(1)} s`);
  const base = process.env.SHINPAN_BENCH_DATABASE_URL ?? process.env.SHINPAN_TEST_DATABASE_URL;
  if (!base) return { backupS, backupBytes, postgres: null };
  const postgres = await withDatabase(base, 'backup', async (url) => {
    const toS = await runCli(['db', 'copy', '--from', db, '--to', url]);
    log(`backup: day database copied to PostgreSQL in ${toS.toFixed(1)} s`);
    const againS = await runCli(['db', 'copy', '--from', db, '--to', url]);
    const back = join(dir, 'day-back.db');
    const backS = await runCli(['db', 'copy', '--from', url, '--to', back]);
    log(`backup: copied back into SQLite in ${backS.toFixed(1)} s`);
    return { toS, againS, backS, backBytes: statSync(back).size };
  });
  return { backupS, backupBytes, postgres };
}

const meta = (role: Role, minute: number, day = '2026-12-07', seed?: number): CommandMeta => ({
  at: new Date(Date.parse(`${day}T10:00:00+09:00`) + minute * 60_000).toISOString(),
  actor: { id: `${role}-1`, role },
  ...(seed === undefined ? {} : { seed }),
});

async function send(service: TournamentService, id: string, commands: TournamentCommand[]): Promise<Tournament> {
  const r = await service.write(id, { commands });
  if (!r.ok)
    throw new Error(`backup bench: ${commands[r.error.index ?? 0]?.type} refused: ${r.error.error.message.en}`);
  return r.value.state as Tournament;
}

/**
 * Plays Swiss rounds 1..`rounds` with every result entered by staff: the higher-numbered
 * player of a table loses one time in three.
 */
async function playSwiss(
  service: TournamentService,
  id: string,
  rounds: number,
  day: string,
  seed: number,
): Promise<void> {
  for (let round = 1; round <= rounds; round++) {
    const matches = await pair(service, id, round, day, seed);
    for (let i = 0; i < matches.length; i += 512)
      await send(
        service,
        id,
        matches.slice(i, i + 512).map(
          (m): TournamentCommand => ({
            type: 'ReportResult',
            data: { round, table: m.table, duels: duelsOf(m, round) },
            meta: meta('scorekeeper', round * 60 + 45, day),
          }),
        ),
      );
  }
  await send(service, id, [
    { type: 'EndRound', data: { round: rounds }, meta: meta('scorekeeper', rounds * 60 + 50, day) },
  ]);
}

type Match = Tournament['rounds'][number]['matches'][number];

const duelsOf = (m: Match, round: number): string[] => {
  const [a, b] = m.players;
  const winner = (m.table + round) % 3 === 0 ? b : a;
  return [winner, winner];
};

/** Ends the round before (if any) and pairs `round`; answers its matches. */
async function pair(
  service: TournamentService,
  id: string,
  round: number,
  day: string,
  seed: number,
): Promise<readonly Match[]> {
  const minute = round * 60;
  const t = await send(service, id, [
    ...(round > 1
      ? [{ type: 'EndRound', data: { round: round - 1 }, meta: meta('scorekeeper', minute, day) } as TournamentCommand]
      : []),
    { type: 'PairRound', data: { round }, meta: meta('scorekeeper', minute, day, seed * 100 + round) },
  ]);
  return t.rounds[round - 1]?.matches ?? [];
}

const create = (id: string, name: string, day: string, rounds: number): TournamentCommand => ({
  type: 'CreateTournament',
  data: {
    tournamentId: id,
    settings: {
      name,
      date: day,
      decklistsRequired: false,
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds, topCut: 0 },
    },
    pack: PACK,
  },
  meta: meta('organizer', 0, day),
});

/** The standings bench's YCSJ-sized event (decklists, penalties, appeals, drops, 9 Swiss rounds) in an SQLite file. */
async function writeYcsj(file: string, players: number, log: (line: string) => void): Promise<number> {
  const decks = existsSync(join(sharedDataDir, 'decks')) ? sharedDecks() : [];
  const event = buildEventLog({ players, rounds: 9, seed: 7, decks, tournamentId: 'ycsj' });
  await writeEventLog(file, 'ycsj', event);
  log(
    `backup: YCSJ log written (${format(event.events.length)} events${decks.length ? '' : ', no decklists: ../shared is not there'})`,
  );
  return event.events.length;
}

async function writeDay(file: string, shops: number, log: (line: string) => void): Promise<number> {
  const store = await openEventStore({ kind: 'sqlite', path: file });
  try {
    const service = new TournamentService(store);
    let events = 0;
    for (let s = 0; s < shops; s++) {
      const id = `shop-${String(s + 1).padStart(4, '0')}`;
      await send(service, id, [
        create(id, `Shop ${s + 1}`, '2026-04-16', 5),
        ...Array.from(
          { length: 32 },
          (_, p): TournamentCommand => ({
            type: 'RegisterPlayer',
            data: { player: { id: `s${s}-p${p}`, name: `Player ${p + 1}` } },
            meta: meta('scorekeeper', 1, '2026-04-16'),
          }),
        ),
      ]);
      await playSwiss(service, id, 5, '2026-04-16', s);
      await send(service, id, [{ type: 'FinishTournament', data: {}, meta: meta('organizer', 400, '2026-04-16') }]);
      events += (await service.load(id)).version;
      if ((s + 1) % 200 === 0) log(`backup: ${s + 1}/${shops} shop tournaments written`);
    }
    return events;
  } finally {
    await store.close();
  }
}
