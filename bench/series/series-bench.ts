import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { loadPointsRule } from '../../src/adapters/policy/points-rule-file.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { publicSeries } from '../../src/app/projections/series-standings.js';
import { SeriesService } from '../../src/app/series-service.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import type { CommandMeta, TournamentCommand } from '../../src/core/tournament/commands.js';
import type { Role } from '../../src/core/tournament/events.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { missNotes, row, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';

/*
 * Series (issue 42): a season of 52 weekly events drawn from 2,000 distinct players, each event
 * played through the real domain (registration, Swiss rounds paired by the real pairing, every
 * result, a top 8) and written to a real SQLite file. Measured: the leaderboard asked right after
 * a new event finishes (the last events finish one by one, each followed by a leaderboard, JSON
 * made as the public route sends it), the same asked again with nothing new, and a cold start
 * (a new process: every tournament replayed from the file, every event's facts made).
 */

const EVENTS = 52;
const POOL = 2_000;
const PER_EVENT = 160;
const ROUNDS = 5;
/** Events left unfinished until the measurement: each finish is one sample. */
const SAMPLES = 7;
const TARGET_MS = 100;

export async function seriesBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const events = quick ? 12 : EVENTS;
  const samples = quick ? 3 : SAMPLES;
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-series-bench-'));
  const store = await openEventStore({ kind: 'sqlite', path: join(dir, 'season.db') });
  try {
    const tournaments = new TournamentService(store);
    const series = new SeriesService(store, tournaments);
    const meta = { at: '2026-01-01T00:00:00.000Z', actor: 'bench' };
    const rule = loadPointsRule('ranking-duel');
    if (!rule.ok) throw new Error(rule.error);
    const created = await series.write('season', {
      type: 'CreateSeries',
      data: { id: 'season', name: 'Season', from: '2026-01-01', to: '2026-12-31', rule: rule.value, best: 20 },
      meta,
    });
    if (!created.ok) throw new Error(created.error.message.en);
    const rng = xoroshiro128plus(42);
    const skill = Array.from({ length: POOL }, () => uniformInt(rng, 0, 1_000_000));
    const started = performance.now();
    for (let e = 0; e < events; e++) {
      const id = `week-${String(e + 1).padStart(2, '0')}`;
      await playEvent(tournaments, id, e, rng, skill, e < events - samples);
      const added = await series.addTournament('season', id, meta);
      if (!added.ok) throw new Error(added.error.message.en);
      if ((e + 1) % 10 === 0) log(`series: ${e + 1}/${events} events played`);
    }
    const buildS = (performance.now() - started) / 1000;
    // Warm: the leaderboard of the events finished so far.
    await series.standings('season');

    const afterFinishMs: number[] = [];
    // CPU time of this process alone: on a machine shared by others the wall time says more about them.
    const afterFinishCpuMs: number[] = [];
    let players = 0;
    for (let e = events - samples; e < events; e++) {
      const id = `week-${String(e + 1).padStart(2, '0')}`;
      await send(tournaments, id, { type: 'FinishTournament', data: {}, meta: metaAt(e, 'organizer', 600) });
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const s = await series.standings('season');
      if (!s.ok) throw new Error(s.error.message.en);
      JSON.stringify(publicSeries(s.value));
      afterFinishMs.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      afterFinishCpuMs.push((cpu.user + cpu.system) / 1000);
      players = s.value.rows.length;
    }
    const unchangedMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      const s = await series.standings('season');
      if (s.ok) JSON.stringify(publicSeries(s.value));
      unchangedMs.push(performance.now() - t0);
    }
    const coldMs: number[] = [];
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      const fresh = await openEventStore({ kind: 'sqlite', path: join(dir, 'season.db') });
      try {
        const t0 = performance.now();
        const s = await new SeriesService(fresh, new TournamentService(fresh)).standings('season');
        if (s.ok) JSON.stringify(publicSeries(s.value));
        coldMs.push(performance.now() - t0);
      } finally {
        await fresh.close();
      }
    }
    log(`series: ${players} players on the leaderboard; built in ${buildS.toFixed(0)} s`);
    const rows: Row[] = [
      row(
        `leaderboard right after an event finishes (${events} events, ${players} players)`,
        'ms',
        spread(afterFinishMs),
        quick ? undefined : { max: TARGET_MS },
      ),
      row('… its CPU time (this process alone)', 'ms', spread(afterFinishCpuMs)),
      row('leaderboard asked again, nothing new', 'ms', spread(unchangedMs)),
      row('leaderboard on a cold start (every event replayed from SQLite)', 'ms', spread(coldMs)),
    ];
    return {
      part: 'series',
      title: `Series: ${events} weekly events of ${PER_EVENT} from ${POOL} players (${ROUNDS} Swiss rounds, top 8), ranking-duel, best 20`,
      rows,
      notes: missNotes(rows),
      details: {
        afterFinishMs,
        afterFinishCpuMs,
        unchangedMs,
        coldMs,
        players,
        buildS,
        events,
        pool: POOL,
        perEvent: PER_EVENT,
      },
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const PACK = (() => {
  const content = loadDefaultPack();
  return { id: content.id, version: content.version, content };
})();

/** Event `e`'s date (one a week from 2026-01-05) and a time `minute` minutes into its day. */
function metaAt(e: number, role: Role, minute: number): CommandMeta {
  const day = Date.parse('2026-01-05T10:00:00+09:00') + e * 7 * 86_400_000 + minute * 60_000;
  return { at: new Date(day).toISOString(), actor: { id: `${role}-1`, role } };
}

async function send(service: TournamentService, id: string, ...commands: TournamentCommand[]): Promise<Tournament> {
  const r = await service.write(id, { commands });
  if (!r.ok)
    throw new Error(`series bench: ${commands[r.error.index ?? 0]?.type} refused: ${r.error.error.message.en}`);
  return r.value.state as Tournament;
}

async function playEvent(
  service: TournamentService,
  id: string,
  e: number,
  rng: ReturnType<typeof xoroshiro128plus>,
  skill: readonly number[],
  finish: boolean,
): Promise<void> {
  const date = new Date(Date.parse('2026-01-05T00:00:00Z') + e * 7 * 86_400_000).toISOString().slice(0, 10);
  const entrants = new Set<number>();
  while (entrants.size < PER_EVENT) entrants.add(uniformInt(rng, 0, POOL - 1));
  const skillOf = (player: string) => skill[Number(player.slice(1))] as number;
  let t = await send(
    service,
    id,
    {
      type: 'CreateTournament',
      data: {
        tournamentId: id,
        settings: {
          name: `Weekly ${e + 1}`,
          date,
          decklistsRequired: false,
          roundMinutes: 40,
          structure: { kind: 'swiss', rounds: ROUNDS, topCut: 8 },
        },
        pack: PACK,
      },
      meta: metaAt(e, 'organizer', 0),
    },
    ...[...entrants].map(
      (p): TournamentCommand => ({
        type: 'RegisterPlayer',
        data: { player: { id: `p${String(p).padStart(4, '0')}`, name: `Player ${p}` } },
        meta: metaAt(e, 'scorekeeper', 1),
      }),
    ),
  );
  // Swiss rounds, then the top 8's three rounds.
  for (let round = 1; round <= ROUNDS + 3; round++) {
    const minute = round * 60;
    const pairing: TournamentCommand[] = [
      ...(round > 1
        ? [
            {
              type: 'EndRound',
              data: { round: round - 1 },
              meta: metaAt(e, 'scorekeeper', minute),
            } as TournamentCommand,
          ]
        : []),
      { type: 'PairRound', data: { round }, meta: { ...metaAt(e, 'scorekeeper', minute), seed: e * 100 + round } },
    ];
    t = await send(service, id, ...pairing);
    const matches = t.rounds[round - 1]?.matches ?? [];
    t = await send(
      service,
      id,
      ...matches.map((m): TournamentCommand => {
        const [a, b] = m.players;
        // The stronger player wins most matches; one in eight goes the other way, one in forty is a draw.
        const roll = uniformInt(rng, 0, 39);
        const strong = skillOf(a) >= skillOf(b) ? a : b;
        const weak = strong === a ? b : a;
        const duels = roll === 0 && round <= ROUNDS ? [a, b, 'draw'] : roll <= 5 ? [weak, weak] : [strong, strong];
        return {
          type: 'ReportResult',
          data: { round, table: m.table, duels },
          meta: metaAt(e, 'scorekeeper', minute + 45),
        };
      }),
    );
  }
  await send(service, id, { type: 'EndRound', data: { round: ROUNDS + 3 }, meta: metaAt(e, 'scorekeeper', 540) });
  if (finish) await send(service, id, { type: 'FinishTournament', data: {}, meta: metaAt(e, 'organizer', 600) });
}
