/**
 * Simulates whole Swiss events and times every round's pairing.
 *
 *   npx tsx bench/pairing-sim.ts [--sizes 256,1024,4096,16384] [--events 3] [--exact-limit 1024] [--seed 1] [--quiet]
 *
 * Each event: ceil(log2 N) rounds, best-of-3 matches won by the stronger player more often
 * (hidden skill), about 3% draws, about 2% of players dropping after each round, so odd counts
 * and byes come up. Standings: points, then opponents' match-win percentage (1/3 floor), then
 * a fixed random order. Per round it reports the pairing time, rematches, pair-downs, group
 * crossings, the sum of squared point differences and whether the bye went to the right player;
 * up to --exact-limit players it also runs the exact reference (one matching over everyone) and
 * compares.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import {
  pairSwissRound,
  pairSwissRoundExact,
  type SwissPairing,
  type SwissPlayer,
} from '../src/core/tournament/pairing/swiss-pairing.js';
import { reportPairing, type PairingReport } from '../src/core/tournament/pairing/swiss-pairing-report.js';

interface Entrant {
  id: string;
  skill: number;
  order: number;
  points: number;
  wins: number;
  draws: number;
  matches: number;
  opponents: string[];
  hadBye: boolean;
  dropped: boolean;
}

interface RoundRow {
  size: number;
  event: number;
  round: number;
  players: number;
  ms: number;
  /** Process CPU time for the same call: steadier than wall time on a shared machine. */
  cpuMs: number;
  fast: PairingReport;
  byeOk: boolean;
  exactMs: number | null;
  exact: PairingReport | null;
}

const args = parseArgs(process.argv.slice(2));

function parseArgs(argv: string[]) {
  const get = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
  };
  return {
    sizes: get('sizes', '256,1024,4096,16384').split(',').map(Number),
    events: Number(get('events', '3')),
    exactLimit: Number(get('exact-limit', '1024')),
    seed: Number(get('seed', '1')),
    quiet: argv.includes('--quiet'),
  };
}

const chance = (rng: RandomGenerator, percent: number) => uniformInt(rng, 0, 9999) < percent * 100;

function standings(entrants: readonly Entrant[]): Entrant[] {
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const winRate = (e: Entrant) => (e.matches === 0 ? 1 / 3 : Math.max(1 / 3, (e.wins + e.draws / 3) / e.matches));
  const omw = new Map(
    entrants.map((e) => {
      const opps = e.opponents.map((o) => byId.get(o)!);
      return [e.id, opps.length === 0 ? 0 : opps.reduce((sum, o) => sum + winRate(o), 0) / opps.length];
    }),
  );
  return entrants
    .filter((e) => !e.dropped)
    .sort((a, b) => b.points - a.points || omw.get(b.id)! - omw.get(a.id)! || a.order - b.order);
}

function playRound(rng: RandomGenerator, byId: Map<string, Entrant>, pairing: SwissPairing): void {
  for (const [a, b] of pairing.pairs) {
    const pa = byId.get(a)!;
    const pb = byId.get(b)!;
    pa.opponents.push(b);
    pb.opponents.push(a);
    pa.matches++;
    pb.matches++;
    if (chance(rng, 3)) {
      pa.points += 1;
      pb.points += 1;
      pa.draws++;
      pb.draws++;
      continue;
    }
    const aWins = uniformInt(rng, 0, 999) < 1000 / (1 + Math.exp(pb.skill - pa.skill));
    const winner = aWins ? pa : pb;
    winner.points += 3;
    winner.wins++;
  }
  if (pairing.bye !== null) {
    const e = byId.get(pairing.bye)!;
    e.points += 3;
    e.wins++;
    e.matches++;
    e.hadBye = true;
  }
}

/** The bye must go to the lowest-ranked player without one (every simulated round is large enough for any bye to leave a rematch-free pairing). */
function byeIsRight(players: readonly SwissPlayer[], bye: string | null): boolean {
  if (players.length % 2 === 0) return bye === null;
  const eligible = players.filter((p) => !p.hadBye);
  const expected = (eligible.length > 0 ? eligible : players).at(-1)!.id;
  return bye === expected;
}

function runEvent(size: number, event: number): RoundRow[] {
  const rng = xoroshiro128plus(args.seed * 7919 + size * 31 + event);
  const entrants: Entrant[] = Array.from({ length: size }, (_, i) => ({
    id: `p${String(i).padStart(5, '0')}`,
    skill: (uniformInt(rng, 0, 2000) - 1000) / 500,
    order: uniformInt(rng, 0, 1 << 30),
    points: 0,
    wins: 0,
    draws: 0,
    matches: 0,
    opponents: [],
    hadBye: false,
    dropped: false,
  }));
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const rounds = Math.ceil(Math.log2(size));
  const rows: RoundRow[] = [];
  for (let round = 1; round <= rounds; round++) {
    const players: SwissPlayer[] = standings(entrants).map((e) => ({
      id: e.id,
      points: e.points,
      opponents: [...e.opponents],
      hadBye: e.hadBye,
    }));
    const seed = uniformInt(rng, 0, 0x7fffffff);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const pairing = pairSwissRound({ players, seed });
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    let exactMs: number | null = null;
    let exact: PairingReport | null = null;
    if (players.length <= args.exactLimit) {
      const t = performance.now();
      const reference = pairSwissRoundExact({ players, seed });
      exactMs = performance.now() - t;
      exact = reportPairing({ players, seed }, reference);
    }
    const row: RoundRow = {
      size,
      event,
      round,
      players: players.length,
      ms,
      cpuMs,
      fast: reportPairing({ players, seed }, pairing),
      byeOk: byeIsRight(players, pairing.bye),
      exactMs,
      exact,
    };
    rows.push(row);
    if (!args.quiet) printRow(row);
    playRound(rng, byId, pairing);
    for (const e of entrants) if (!e.dropped && chance(rng, 2)) e.dropped = true;
  }
  return rows;
}

function printRow(r: RoundRow): void {
  const f = r.fast;
  const exact = r.exact
    ? ` | exact ${r.exactMs!.toFixed(0).padStart(6)} ms  x ${String(r.exact.groupCrossings).padStart(3)}  sq ${String(r.exact.squaredGaps).padStart(5)}`
    : '';
  console.log(
    `N=${r.size} ev${r.event} r${String(r.round).padStart(2)}  ${String(r.players).padStart(5)} pl  ${r.ms.toFixed(2).padStart(8)} ms (cpu ${r.cpuMs.toFixed(1).padStart(6)})  rematch ${f.rematches}  pair-downs ${String(f.pairDowns).padStart(3)}  x ${String(f.groupCrossings).padStart(3)}  sq ${String(f.squaredGaps).padStart(5)}  bye ${r.byeOk ? 'ok' : 'WRONG'}${exact}`,
  );
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function warmUp(): void {
  const players = Array.from({ length: 600 }, (_, i) => ({
    id: `w${i}`,
    points: 3 * (i % 4),
    opponents: [] as string[],
    hadBye: false,
  })).sort((a, b) => b.points - a.points);
  for (let i = 0; i < 5; i++) pairSwissRound({ players, seed: i });
}

warmUp();
const summary: string[] = [];
for (const size of args.sizes) {
  const rows: RoundRow[] = [];
  for (let event = 1; event <= args.events; event++) rows.push(...runEvent(size, event));
  const times = rows.map((r) => r.ms);
  const compared = rows.filter((r) => r.exact !== null);
  const crossingsMatch = compared.filter((r) => r.fast.groupCrossings === r.exact!.groupCrossings).length;
  const fastSq = compared.reduce((s, r) => s + r.fast.squaredGaps, 0);
  const exactSq = compared.reduce((s, r) => s + r.exact!.squaredGaps, 0);
  const worst = compared.reduce(
    (w, r) =>
      Math.max(
        w,
        r.exact!.squaredGaps === 0
          ? r.fast.squaredGaps === 0
            ? 1
            : Infinity
          : r.fast.squaredGaps / r.exact!.squaredGaps,
      ),
    1,
  );
  summary.push(
    [
      `N=${size}: ${rows.length} rounds, median ${median(times).toFixed(1)} ms (cpu ${median(rows.map((r) => r.cpuMs)).toFixed(1)}), max ${Math.max(...times).toFixed(1)} ms`,
      `rematches ${rows.reduce((s, r) => s + r.fast.rematches, 0)}, wrong byes ${rows.filter((r) => !r.byeOk).length}`,
      compared.length === 0
        ? 'exact not run'
        : `vs exact: crossings equal in ${crossingsMatch}/${compared.length} rounds, squared gaps ${fastSq} vs ${exactSq} (${((fastSq / exactSq - 1) * 100).toFixed(2)}%), worst round ×${worst.toFixed(3)}, exact median ${median(compared.map((r) => r.exactMs!)).toFixed(0)} ms`,
    ].join('; '),
  );
}
console.log(`\n${summary.join('\n')}`);
