import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';
import { standingsAfter } from '../../src/app/projections/standings-view.js';
import { toNewEvent } from '../../src/app/stored-events.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import {
  deriveMatchesAfresh,
  matchRecords,
  roundRecords,
  standingsPlayers,
} from '../../src/core/tournament/match-results.js';
import { evolve, fold } from '../../src/core/tournament/evolve.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import { benchDir, type PartResult } from '../lib/results-file.js';
import { sharedDecks } from '../lib/shared-decks.js';
import { collectGarbage, repeatMs, spread, timeMs } from '../lib/stats.js';
import { buildEventLog, type EventLog } from './event-log.js';
import { serverHoldingMemory } from '../server/server-memory.js';

/*
 * Part 3: a 4,096-player, 12-round event with penalties, built through the real domain and
 * written to the real SQLite store. Measured: standings with tiebreakers recomputed from the
 * state, the whole log replayed from SQLite into the application service, and the peak memory
 * of a server holding the event.
 */

const TOURNAMENT = 'cs-bench';
const TARGETS = { standingsMs: 50, replayMs: 1000, peakMb: 300 };

/** Runs part 3. `quick` builds a smaller event (1,024 players, 6 rounds) to check the path. */
export async function standingsBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const players = quick ? 1024 : 4096;
  const rounds = quick ? 6 : 12;
  const runs = quick ? 3 : 7;
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-'));
  const file = join(dir, 'event.db');
  try {
    log(`standings: building a ${players}-player, ${rounds}-round event through the domain`);
    let built: EventLog | null = null;
    const buildMs = timeMs(() => {
      built = buildEventLog({ players, rounds, seed: 7, decks: sharedDecks(), tournamentId: TOURNAMENT });
    });
    const event: EventLog = built!;

    log(`standings: writing ${event.events.length} events to SQLite`);
    const writeMs = await writeLog(file, event);
    const fileMb = (statSync(file).size + walSize(file)) / 2 ** 20;

    log('standings: standings after each new result, and recomputed from scratch');
    // The scorekeeper's case: the projection is warm, one result comes in, standings are asked.
    standingsAfter(event.state);
    const standingsMs = Array.from({ length: runs + 1 }, (_, i) => correctedOne(event.state, i))
      .map((next) => {
        collectGarbage();
        return timeMs(() => standingsAfter(next));
      })
      .slice(1);
    const derivingMs = Array.from({ length: runs + 1 }, (_, i) => correctedOne(event.state, i + runs + 1))
      .map((next) => {
        collectGarbage();
        return timeMs(() => roundRecords(next));
      })
      .slice(1);
    const freshMs = repeatMs(runs + 1, () => deriveMatchesAfresh(event.state)).slice(1);
    const records = matchRecords(event.state).filter((m) => m.stage === 'swiss');
    const tiebreakOnlyMs = repeatMs(runs + 1, () => computeStandings(standingsPlayers(event.state), records)).slice(1);

    log('standings: replaying the log from SQLite');
    const replayMs: number[] = [];
    const readMs: number[] = [];
    let replayed: Awaited<ReturnType<TournamentService['load']>> | null = null;
    for (let i = 0; i <= runs; i++) {
      const store = await openEventStore({ kind: 'sqlite', path: file });
      collectGarbage();
      const started = performance.now();
      replayed = await new TournamentService(store).load(TOURNAMENT);
      const ms = performance.now() - started;
      const readStarted = performance.now();
      await store.read(TOURNAMENT);
      const readOnly = performance.now() - readStarted;
      await store.close();
      // The first run warms the code paths and the page cache.
      if (i > 0) {
        replayMs.push(ms);
        readMs.push(readOnly);
      }
    }
    if (replayed!.version !== event.events.length)
      throw new Error(`replay read ${replayed!.version} events, expected ${event.events.length}`);
    const domainEvents = event.events.map((e) => e.event);
    const foldMs = repeatMs(runs, () => fold(domainEvents));
    const same =
      JSON.stringify(standingsAfter(replayed!.state as Tournament)) === JSON.stringify(standingsAfter(event.state));

    log('standings: peak memory of a server holding the event');
    const memory = await serverHoldingMemory(file, TOURNAMENT, log);
    const rows: Row[] = [
      row(
        `standings + tiebreakers after a new result (${players} players, ${rounds} rounds)`,
        'ms',
        spread(standingsMs),
        quick ? undefined : { max: TARGETS.standingsMs },
      ),
      row('  of which the changed round from the match-result projection (roundRecords)', 'ms', spread(derivingMs)),
      row('  every match result derived afresh, without the projection', 'ms', spread(freshMs)),
      row('  standings counted from every record afresh (computeStandings)', 'ms', spread(tiebreakOnlyMs)),
      row(
        `whole log replayed from SQLite (${event.events.length.toLocaleString('en-US')} events)`,
        'ms',
        spread(replayMs),
        quick ? undefined : { max: TARGETS.replayMs },
      ),
      row('  of which reading the rows', 'ms', spread(readMs)),
      row('  folding the events alone, in memory (evolve)', 'ms', spread(foldMs)),
      row(
        `peak memory of ${memory.holder} holding the event`,
        'MB',
        spread(memory.peakMb),
        quick ? undefined : { max: TARGETS.peakMb },
        memory.note,
      ),
      row('replayed standings identical to the built ones', '', single(same ? 1 : 0), { min: 1 }),
      row('building the event through decide/evolve (setup)', 's', single(buildMs / 1000)),
      row(
        'writing it to SQLite in 1,000-event appends (setup)',
        's',
        single(writeMs / 1000),
        undefined,
        `${fileMb.toFixed(0)} MB file`,
      ),
    ];
    const notes = missNotes(rows);
    return {
      part: 'standings',
      title: `Standings and replay: a ${players}-player, ${rounds}-round event with penalties`,
      rows,
      notes,
      details: {
        players,
        rounds,
        events: event.events.length,
        commands: event.commands,
        penalties: event.state.penalties.length,
        fileMb,
        ms: {
          build: buildMs,
          write: writeMs,
          standings: standingsMs,
          deriving: derivingMs,
          derivingAfresh: freshMs,
          tiebreakOnly: tiebreakOnlyMs,
          replay: replayMs,
          read: readMs,
          fold: foldMs,
        },
        memory,
        benchDir,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function writeLog(file: string, event: EventLog): Promise<number> {
  const store: EventStore = await openEventStore({ kind: 'sqlite', path: file });
  const started = performance.now();
  for (let from = 0; from < event.events.length; from += 1000) {
    const chunk = event.events.slice(from, from + 1000).map(({ event: e, actor }) => toNewEvent(e, actor));
    await store.append(TOURNAMENT, from, chunk);
  }
  const ms = performance.now() - started;
  await store.close();
  return ms;
}

function walSize(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/** The state after one more event: the `i`-th match of the last round corrected to the other winner (a new result). */
function correctedOne(state: Tournament, i: number): Tournament {
  const round = state.rounds[state.rounds.length - 1]!;
  const match = round.matches[(i * 97) % round.matches.length]!;
  const [a, b] = match.players;
  const winner = match.report?.duels[0] === a ? b : a;
  const next = evolve(state, {
    type: 'ResultCorrected',
    data: { round: round.number, table: match.table, duels: [winner, winner], penaltyDuels: [], reason: 'bench' },
    at: state.rounds[0]!.seatTime,
  } as Parameters<typeof evolve>[1]);
  return next as Tournament;
}
