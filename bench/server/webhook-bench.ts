import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { addWebhook } from '../../src/adapters/webhooks/webhook-admin.js';
import { WebhookDispatcher } from '../../src/adapters/webhooks/webhook-dispatcher.js';
import { openWebhookStore } from '../../src/adapters/webhooks/webhook-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { percentile } from '../lib/pool.js';
import { format, missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';

/*
 * Part "webhooks" (issue 43): a write's latency with dead webhook endpoints. One SQLite file,
 * the write pipeline and the webhook dispatcher in one process, as in the server. Announcements
 * are written one after another (each one delivery for every endpoint), first with no endpoint,
 * then with three dead ones subscribed: one that accepts connections and never answers (each
 * attempt waits for its 10 s timeout), one whose port is closed, one that answers 500, each failed
 * delivery tried again every second (the real schedule starts at 5 s). Writes come 20 a second,
 * a busy floor's pace. The phases alternate
 * (none, dead, none, dead) so a change of the machine's load hits both.
 */

const TOURNAMENT = 'hooks';

async function listen(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

export async function webhookBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const writes = quick ? 200 : 1200;
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-webhooks-'));
  const database = { kind: 'sqlite' as const, path: join(dir, 'bench.db') };
  const events = await openEventStore(database);
  const webhooks = await openWebhookStore(database);
  const service = new TournamentService(events);
  // Never answers: the socket stays open until the dispatcher's timeout.
  const silent = await listen(() => undefined);
  const failing = await listen((_req, res) => {
    res.statusCode = 500;
    res.end();
  });
  const closed = await listen(() => undefined);
  await new Promise<void>((resolve) => closed.server.close(() => resolve()));
  const dispatcher = new WebhookDispatcher({
    webhooks,
    events,
    load: (id) => service.load(id),
    // Every failed delivery tried again each second: five times as often as the real schedule's first step.
    schedule: { delayMs: () => 1000, giveUpAfterMs: 24 * 60 * 60 * 1000 },
  });
  dispatcher.start();
  const pack = loadDefaultPack();
  const meta = { at: '2026-01-10T10:00:00+09:00', actor: { id: 'bench', role: 'organizer' as const } };
  const create: TournamentCommand = {
    type: 'CreateTournament',
    data: {
      tournamentId: TOURNAMENT,
      settings: {
        name: 'Webhook bench',
        date: '2026-01-10',
        decklistsRequired: false,
        roundMinutes: 40,
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      },
      pack: { id: pack.id, version: pack.version, content: pack },
    },
    meta,
  };
  const latencies = { none: [] as number[], dead: [] as number[] };
  try {
    const made = await service.execute(TOURNAMENT, create);
    if (!made.ok) throw new Error(`create: ${made.error.code}`);
    const phase = async (name: 'none' | 'dead', count: number) => {
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        const written = await service.execute(TOURNAMENT, {
          type: 'Announce',
          data: { text: { ja: `お知らせ ${i}`, en: `Notice ${i}` } },
          meta,
        });
        latencies[name].push(performance.now() - started);
        if (!written.ok) throw new Error(`announce: ${written.error.code}`);
        // A busy floor's pace: 20 writes a second, the dispatcher working in between.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      log(`webhooks: ${name} ${latencies[name].length}`);
    };
    const half = Math.ceil(writes / 2);
    await phase('none', half);
    /** The three dead endpoints, subscribed to the announcements. */
    const addDead = () =>
      Promise.all(
        [silent.url, closed.url, failing.url].map((url) =>
          addWebhook(
            webhooks,
            events,
            {
              url,
              secret: 'bench-secret-0123456789',
              events: ['announcement.posted'],
              tournament: TOURNAMENT,
              allowPrivate: true,
            },
            'bench',
            new Date(),
            () => crypto.randomUUID(),
          ),
        ),
      );
    const ids = (await addDead()).map((w) => w.id);
    await phase('dead', half);
    for (const id of ids) await webhooks.remove(id, new Date().toISOString());
    await phase('none', writes - half);
    await addDead();
    await phase('dead', writes - half);
    const attempts = (await Promise.all((await webhooks.list()).map((w) => webhooks.deliveries(w.id, 10_000))))
      .flat()
      .reduce((n, d) => n + d.attempts, 0);
    const p = (name: 'none' | 'dead', q: number) => percentile(latencies[name], q / 100);
    const rows: Row[] = [
      row('write, no endpoint, p50', 'ms', single(p('none', 50)), undefined, `${writes} writes`),
      row('write, no endpoint, p95', 'ms', single(p('none', 95))),
      row('write, three dead endpoints, p50', 'ms', single(p('dead', 50)), undefined, `${writes} writes`),
      row('write, three dead endpoints, p95', 'ms', single(p('dead', 95))),
      row(
        '  p50 with dead endpoints ÷ p50 without',
        '×',
        single(p('dead', 50) / p('none', 50)),
        { max: 1.5 },
        `${format(attempts)} failed delivery attempts made meanwhile (last phase's endpoints)`,
      ),
    ];
    return {
      part: 'webhooks',
      title:
        'A write with dead webhook endpoints: announcements through the write pipeline, the dispatcher in the same process',
      rows,
      notes: [
        ...missNotes(rows),
        'Dead endpoints: one never answers (10 s timeout), one refuses the connection, one answers 500; each failed delivery tried again every second. 20 writes a second. Phases alternate: none, dead, none, dead.',
      ],
      details: { writes, latencies, attempts },
    };
  } finally {
    await dispatcher.stop();
    silent.server.closeAllConnections();
    await new Promise<void>((resolve) => silent.server.close(() => resolve()));
    await new Promise<void>((resolve) => failing.server.close(() => resolve()));
    await webhooks.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
