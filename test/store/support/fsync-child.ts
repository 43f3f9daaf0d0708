// A process writing to one SQLite event log with the fsync-counting shim (bench/server/slow-fsync.c)
// preloaded, for the durability test: prints the shim's count before the writes and with each
// acknowledgement.
//   <file> <tournament> <count file>   5 appends one after another, then 8 at once
//                                       prints "start <n>", then "<version> <n>" per acknowledged append
import { existsSync, readFileSync } from 'node:fs';
import { openSqliteEventStore } from '../../../src/adapters/store/sqlite/sqlite-event-store.js';

const [file, tournament, counter] = process.argv.slice(2);
if (!file || !tournament || !counter) throw new Error('usage: fsync-child.ts <file> <tournament> <count file>');
const syncs = () => (existsSync(counter) ? Number(readFileSync(counter, 'utf8').trim() || 0) : 0);
const store = await openSqliteEventStore(file);
const event = (n: number) => ({ type: 'ResultReported', data: { n }, actor: 'child', at: '2025-06-01T10:00:00.000Z' });

process.stdout.write(`start ${syncs()}\n`);
let version = 0;
for (let i = 1; i <= 5; i++) {
  version = (await store.append(tournament, version, [event(i)])).version;
  process.stdout.write(`${version} ${syncs()}\n`);
}
process.stdout.write(`start ${syncs()}\n`);
// The service's pipelining: each append decided on the one before it, all in flight at once (one group).
const tickets = Array.from({ length: 8 }, () => ({}));
await Promise.all(
  tickets.map(async (ticket, i) => {
    const appended = await store.append(tournament, version + i, [event(version + i + 1)], {
      ticket,
      ...(i > 0 ? { after: tickets[i - 1] } : {}),
    });
    process.stdout.write(`${appended.version} ${syncs()}\n`);
  }),
);
await store.close();
