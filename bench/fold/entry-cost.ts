import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';

/*
 * The cost of one public entry (#37 Low 11) with 0 and with N players registered: the
 * decision alone (`decide` on the state held), and the whole write through the pipeline on an
 * SQLite file (decide, fold, append). Median of 41 entries after 5 to warm up.
 * `node --import tsx bench/fold/entry-cost.ts 8000`
 */

const registered = Number(process.argv[2] ?? 8000);
const ENTRIES = 41;
const START = Date.parse('2026-08-01T09:00:00+09:00');
const time = (seconds: number): string => new Date(START + seconds * 1000).toISOString();
const KANA = 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわ';
const reading = (i: number): string =>
  [...String(i).padStart(5, '0')].map((d) => KANA[(Number(d) * 7 + i) % KANA.length]).join('');

function log(players: number): TournamentEvent[] {
  const content = loadDefaultPack();
  const events: TournamentEvent[] = [
    {
      type: 'TournamentCreated',
      at: time(0),
      data: {
        tournamentId: 'entry',
        settings: {
          name: 'entry bench',
          date: '2026-08-01',
          decklistsRequired: false,
          roundMinutes: 40,
          structure: { kind: 'swiss', rounds: 13, topCut: 0 },
        },
        pack: { id: content.id, version: content.version, content },
      },
    },
    { type: 'EntryOpened', at: time(1), data: { cap: 10_000, closesAt: time(86_400), mode: 'waiting-list' } },
  ];
  for (let i = 1; i <= players; i += 1) {
    const id = `E${String(i).padStart(4, '0')}`;
    const entrant = { id, name: `山田 ${i}号`, reading: reading(i), cardGameId: String(1_000_000_000 + i) };
    events.push(
      { type: 'EntryReceived', at: time(2), data: { entrant, status: 'registered', duplicateOf: [] } },
      { type: 'PlayerRegistered', at: time(2), data: { player: { ...entrant, decklist: null }, entryRound: 1 } },
    );
  }
  return events;
}

const enter = (i: number): TournamentCommand => ({
  type: 'Enter',
  data: { name: `鈴木 ${i}`, reading: reading(i + 50_000), cardGameId: String(2_000_000_000 + i) },
  meta: { at: time(100 + i), actor: { id: 'public', role: 'player' } },
});

const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const players of [0, registered]) {
  const events = log(players);
  const state = fold(events);
  const decideMs: number[] = [];
  for (let i = 0; i < ENTRIES + 5; i += 1) {
    const t = performance.now();
    const decided = decide(enter(i), state);
    if (!decided.ok) throw new Error(decided.error.code);
    if (i >= 5) decideMs.push(performance.now() - t);
  }
  const dir = mkdtempSync(join(tmpdir(), 'entry-'));
  const store = await openEventStore({ kind: 'sqlite', path: join(dir, 'db.sqlite') });
  for (let i = 0; i < events.length; i += 2000)
    await store.append(
      'entry',
      i,
      events.slice(i, i + 2000).map(({ type, data, at }) => ({ type, data, at, actor: 'bench' })),
    );
  const service = new TournamentService(store);
  await service.load('entry');
  const writeMs: number[] = [];
  for (let i = 0; i < ENTRIES + 5; i += 1) {
    const t = performance.now();
    const written = await service.write('entry', { commands: [enter(1_000 + i)] });
    if (!written.ok) throw new Error(written.error.error.code);
    if (i >= 5) writeMs.push(performance.now() - t);
  }
  await store.close();
  rmSync(dir, { recursive: true });
  console.log(
    `${players} registered: decide ${median(decideMs).toFixed(3)} ms, write through the pipeline (SQLite) ${median(writeMs).toFixed(2)} ms (medians of ${ENTRIES})`,
  );
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
