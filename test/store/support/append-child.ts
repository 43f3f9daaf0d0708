// A separate process writing to one SQLite event log, for the crash and two-writer tests.
//   burst <file> <tournament> <batch>    appends batches of <batch> events until killed, printing each acknowledged version
//   contend <file> <tournament> <writer> <count>
//                                        prints "ready", waits for a line on stdin (so both writers start together),
//                                        then appends <count> single events, reloading and retrying on conflicts,
//                                        printing "<writer> <i> <version>" for each acknowledged append
import { VersionConflictError } from '../../../src/app/event-store.js';
import { openSqliteEventStore } from '../../../src/adapters/store/sqlite/sqlite-event-store.js';

const [mode, file, tournament, ...rest] = process.argv.slice(2);
if (!file || !tournament) throw new Error('usage: append-child.ts burst|contend <file> <tournament> …');
const store = await openSqliteEventStore(file);
const at = '2025-06-01T10:00:00.000Z';

if (mode === 'burst') {
  const batch = Number(rest[0]);
  for (let version = 0; ; ) {
    const events = Array.from({ length: batch }, (_, i) => ({
      type: 'ResultReported',
      data: { n: version + i + 1 },
      actor: 'child',
      at,
    }));
    version = (await store.append(tournament, version, events)).version;
    process.stdout.write(`${version}\n`);
  }
} else if (mode === 'contend') {
  const [writer, count] = rest;
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.destroy();
  for (let i = 1; i <= Number(count); i++) {
    for (;;) {
      const version = (await store.listTournaments()).find((t) => t.id === tournament)?.version ?? 0;
      try {
        const appended = await store.append(tournament, version, [
          { type: 'ResultReported', data: { writer, i }, actor: `child:${writer}`, at },
        ]);
        process.stdout.write(`${writer} ${i} ${appended.version}\n`);
        break;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
  }
  await store.close();
} else {
  throw new Error(`unknown mode ${mode}`);
}
