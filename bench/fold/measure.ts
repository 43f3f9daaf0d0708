import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { selfServiceLog } from './self-service-log.js';

/* Quick figures: in-process fold, and the first read after a restart on SQLite. `node --import tsx bench/fold/measure.ts 8192` */
const players = Number(process.argv[2] ?? 8192);
for (const selfService of [false, true]) {
  const events = selfServiceLog(players, selfService);
  let t = performance.now();
  fold(events);
  const foldMs = performance.now() - t;
  const dir = mkdtempSync(join(tmpdir(), 'fold-'));
  const config = { kind: 'sqlite', path: join(dir, 'db.sqlite') } as const;
  const store = await openEventStore(config);
  for (let i = 0; i < events.length; i += 2000)
    await store.append(
      'fold',
      i,
      events.slice(i, i + 2000).map(({ type, data, at }) => ({ type, data, at, actor: 'bench' })),
    );
  await store.close();
  const reopened = await openEventStore(config);
  t = performance.now();
  await new TournamentService(reopened).load('fold');
  const loadMs = performance.now() - t;
  await reopened.close();
  rmSync(dir, { recursive: true });
  console.log(
    `${players} players, self-service ${selfService}: ${events.length} events, fold ${foldMs.toFixed(0)} ms, first read after restart ${loadMs.toFixed(0)} ms`,
  );
}
