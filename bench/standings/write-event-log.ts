import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';
import { toNewEvent } from '../../src/app/stored-events.js';
import type { EventLog } from './event-log.js';

/** Writes a built event log into an SQLite file as stream `tournamentId`, 1,000 events a batch; answers the ms it took. */
export async function writeEventLog(file: string, tournamentId: string, event: EventLog): Promise<number> {
  const store: EventStore = await openEventStore({ kind: 'sqlite', path: file });
  const started = performance.now();
  for (let from = 0; from < event.events.length; from += 1000) {
    const chunk = event.events.slice(from, from + 1000).map(({ event: e, actor }) => toNewEvent(e, actor));
    await store.append(tournamentId, from, chunk);
  }
  const ms = performance.now() - started;
  await store.close();
  return ms;
}
