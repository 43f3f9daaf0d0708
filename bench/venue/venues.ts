import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase } from '../server/bench-database.js';
import { Cluster } from './cluster.js';

/*
 * The two ways a venue runs shinpan: one process on a SQLite file, and two processes on one
 * PostgreSQL database behind a load balancer (SHINPAN_BENCH_DATABASE_URL or
 * SHINPAN_TEST_DATABASE_URL; a database of its own is created beside it and dropped after).
 */

export interface Venue {
  /** E.g. "SQLite, 1 process". */
  readonly label: string;
  readonly processes: number;
  /** Runs `work` on a fresh cluster of this venue's processes (refused when `unavailable`). */
  run<T>(name: string, work: (cluster: Cluster) => Promise<T>): Promise<T>;
  /** Why the venue cannot run here. */
  readonly unavailable?: string;
}

/** `postgresProcesses`: how many processes share the PostgreSQL database (2 behind a balancer, or 1 to compare with SQLite). */
export function venues(postgresProcesses = 2): Venue[] {
  const base = process.env.SHINPAN_BENCH_DATABASE_URL ?? process.env.SHINPAN_TEST_DATABASE_URL;
  // SHINPAN_BENCH_VENUES=sqlite or =postgresql measures one venue only (a profile of one, a rerun of a miss).
  const only = process.env.SHINPAN_BENCH_VENUES?.toLowerCase();
  const all: Venue[] = [
    {
      label: 'SQLite, 1 process',
      processes: 1,
      run: (name, work) => onSqlite(name, work),
    },
    {
      label: `PostgreSQL, ${postgresProcesses} process${postgresProcesses === 1 ? '' : 'es'}`,
      processes: postgresProcesses,
      ...(base ? {} : { unavailable: 'set SHINPAN_BENCH_DATABASE_URL (or SHINPAN_TEST_DATABASE_URL)' }),
      run: (name, work) =>
        base
          ? withDatabase(base, name, (url) => onCluster(url, postgresProcesses, work))
          : Promise.reject(new Error('no database')),
    },
  ];
  return all.filter((venue) => !only || venue.label.toLowerCase().startsWith(only));
}

async function onSqlite<T>(name: string, work: (cluster: Cluster) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `shinpan-bench-${name}-`));
  try {
    return await onCluster(join(dir, `${name}.db`), 1, work);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onCluster<T>(db: string, processes: number, work: (cluster: Cluster) => Promise<T>): Promise<T> {
  const cluster = await Cluster.start(db, processes);
  try {
    return await work(cluster);
  } finally {
    await cluster.stop();
  }
}
