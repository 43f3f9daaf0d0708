import { loadavg } from 'node:os';
import { pairingsView } from '../../src/app/projections/pairings-view.js';
import { standingsAfter } from '../../src/app/projections/standings-view.js';
import { PreparedAnswer } from '../../src/adapters/http/prepared-answer.js';
import { tournamentSummary } from '../../src/adapters/http/routes/tournaments.js';
import { playersView } from '../../src/core/tournament/held-rounds.js';
import { evolve, fold } from '../../src/core/tournament/evolve.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { selfServiceLog } from '../fold/self-service-log.js';

/*
 * What the public's views of the current round cost the event loop per write (#37, the YCSJ's
 * health p99): an 8,192-player round 1 with half its results in, then one more result at a
 * time; each view made again after each write, as `ViewCache.recent` makes it when it is due,
 * serialized as the route sends it. Medians of 21 writes.
 * `node --import tsx bench/standings/current-views.ts 8192 [--whole]`
 */

const players = Number(process.argv[2] ?? 8192);
const WRITES = 21;
const log = selfServiceLog(players, true, 'views');
const paired = log.findIndex((e) => e.type === 'RoundPaired');
const results = log.slice(paired + 1);
const half = paired + 1 + Math.floor(results.length / 2);
let t = fold(log.slice(0, half)) as Tournament;

// The answers as the routes make them: from kept parts where this build keeps them, else whole.
// `--whole`: made whole, as before the kept parts (run on the older commit for the figures before).
const kept = process.argv.includes('--whole')
  ? null
  : await import('../../src/adapters/http/tournaments/kept-json.js').catch(() => null);
const lines = kept ? new kept.LineTexts() : null;
const views: Record<string, (t: Tournament) => unknown> = {
  pairings: (s) => {
    const view = pairingsView(s, 1);
    return kept && view
      ? PreparedAnswer.fromBytes(
          kept.jsonWithItems({ ...view, version: 1 }, 'tables', kept.separated(view.tables.map(kept.keptJson))),
        )
      : new PreparedAnswer({ ...view, version: 1 });
  },
  standings: (s) => {
    const body = { afterRound: 1, standings: standingsAfter(s, 1), final: null, version: 1 };
    return kept && lines
      ? PreparedAnswer.fromBytes(kept.jsonWithItems(body, 'standings', lines.content('views', body.standings)))
      : new PreparedAnswer(body);
  },
  summary: (s) => new PreparedAnswer({ ...tournamentSummary('views', playersView(s)), version: 1 }),
};
const costs: Record<string, number[]> = Object.fromEntries(Object.keys(views).map((k) => [k, []]));
// CPU time as well as wall time: on a loaded machine the wall time measures the other processes too.
const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(views).map((k) => [k, []]));
for (const make of Object.values(views)) make(t);
for (let w = 0; w < WRITES; w += 1) {
  // One table's two events (the player's report, then the result): one write's worth.
  for (const event of log.slice(half + 2 * w, half + 2 * w + 2)) t = evolve(t, event) as Tournament;
  for (const [name, make] of Object.entries(views)) {
    const at = performance.now();
    const used = process.cpuUsage();
    make(t);
    const { user, system } = process.cpuUsage(used);
    costs[name]?.push(performance.now() - at);
    cpu[name]?.push((user + system) / 1000);
  }
}
const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  `${kept ? 'kept parts' : 'made whole'}, ${players} players, round 1 half reported: ${Object.entries(costs)
    .map(
      ([name, xs]) =>
        `${name} ${median(xs).toFixed(1)} ms (max ${Math.max(...xs).toFixed(1)}; CPU ${median(cpu[name] ?? []).toFixed(1)} ms)`,
    )
    .join(', ')}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
