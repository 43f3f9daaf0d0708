import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Durable commits per second this disk allows: one-row transactions in an SQLite file with
 * WAL and synchronous=FULL, as the event store commits each append. Without batching several
 * writes into one commit, this bounds the durable writes per second of any store on the disk.
 */
export function diskCommitsPerSecond(dir: string, commits: number): number {
  const db = new Database(join(dir, 'commits.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('create table if not exists t (id integer primary key, v text)');
    const insert = db.prepare('insert into t (v) values (?)');
    const payload = 'x'.repeat(400);
    const started = performance.now();
    for (let i = 0; i < commits; i++) insert.run(payload);
    return commits / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}

// `node --import tsx bench/server/disk-commits.ts DIR COMMITS` prints the rate: how the slow-disk
// part measures it in a process of its own, started with the slowed fsync.
if (process.argv[1]?.endsWith('disk-commits.ts') && process.argv.length === 4)
  console.log(diskCommitsPerSecond(process.argv[2]!, Number(process.argv[3])).toFixed(1));
