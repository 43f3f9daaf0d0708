import {
  pairSwissRound,
  pairSwissRoundExact,
  type SwissPairing,
  type SwissPairingInput,
} from '../../src/core/tournament/pairing/swiss-pairing.js';
import { reportPairing, type PairingReport } from '../../src/core/tournament/pairing/swiss-pairing-report.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread, sum, timeAndCpu, timeMs } from '../lib/stats.js';
import { ensurePeers, PeerProcess, type PeerRound } from '../peers/peer-process.js';
import { PEERS } from '../peers/peers.js';
import { byeInLowestGroup, byeIsRight, pairingProblem, SwissEventSim, type RoundInput } from './swiss-event-sim.js';

/*
 * Part 1: whole simulated Swiss events. shinpan's pairing drives each event; on every round the
 * exact reference (one maximum-weight matching, up to `exactLimit` players) and the peers pair
 * the very same input, so times and quality compare side by side, round by round.
 */

interface PairingPlan {
  readonly sizes: readonly number[];
  readonly events: (size: number) => number;
  readonly exactLimit: number;
  readonly peerSizes: readonly number[];
  /** Peer rounds per size (all when null): the quick run only samples them. */
  readonly peerRounds: number | null;
  /** A peer whose rounds at one size add up to more than this skips the rest of that size (the 15-minute budget). */
  readonly peerBudgetMs: number;
  readonly limitMs: number;
  readonly seed: number;
}

const FULL: PairingPlan = {
  sizes: [256, 1024, 4096, 16384],
  events: (size) => (size <= 4096 ? 3 : 2),
  exactLimit: 1024,
  peerSizes: [256, 1024, 4096, 16384],
  peerRounds: null,
  peerBudgetMs: 90_000,
  limitMs: 60_000,
  seed: 1,
};

const QUICK: PairingPlan = {
  ...FULL,
  sizes: [256, 1024],
  events: () => 1,
  exactLimit: 256,
  peerSizes: [256],
  peerRounds: 2,
};

/** The targets of issue 7: median pairing time per round by field size. */
const TIME_TARGET_MS: Readonly<Record<number, number>> = { 256: 20, 4096: 250, 16384: 1500 };

interface Paired {
  readonly ms: number;
  /** Process CPU time of the call, where measured in this process. */
  readonly cpuMs?: number;
  readonly report: PairingReport;
  /** The bye to the lowest-ranked player without one (the rule, with the tiebreak order known). */
  readonly byeOk: boolean;
  /** The bye in the lowest score group of players without one (what a pairer blind to tiebreaks can do). */
  readonly byeInLowestGroup: boolean;
  readonly problem: string | null;
}

type PeerOutcome = Paired | { readonly kind: 'timeout' | 'failed' | 'skipped'; readonly why: string };

interface RoundRecord {
  readonly size: number;
  readonly event: number;
  readonly round: number;
  readonly players: number;
  readonly shinpan: Paired;
  readonly exact: Paired | null;
  readonly peers: Record<string, PeerOutcome>;
}

const isPaired = (o: PeerOutcome | null | undefined): o is Paired => o !== null && o !== undefined && 'report' in o;

function measure(input: SwissPairingInput, pairing: SwissPairing, ms: number): Paired {
  const problem = pairingProblem(input.players, pairing);
  const report =
    problem === null
      ? reportPairing(input, pairing)
      : { rematches: Number.NaN, pairDowns: Number.NaN, groupCrossings: Number.NaN, squaredGaps: Number.NaN };
  const valid = problem === null;
  return {
    ms,
    report,
    byeOk: valid && byeIsRight(input.players, pairing.bye),
    byeInLowestGroup: valid && byeInLowestGroup(input.players, pairing.bye),
    problem,
  };
}

/** Warms the JIT on a mid-sized field so the first measured round is not a cold start. */
function warmUp(): void {
  const sim = new SwissEventSim(600, 99);
  for (let input = sim.nextRound(); input; input = sim.nextRound()) sim.play(pairSwissRound(input));
}

/** Runs part 1 and returns its table rows, notes and every round's figures. */
export async function pairingBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const plan = quick ? QUICK : FULL;
  const installed = ensurePeers(PEERS.map((p) => p.name));
  const peerProcesses = 'error' in installed ? [] : PEERS.map((p) => new PeerProcess(p.name, plan.limitMs));
  const stoppedAt = new Map<string, string>();
  const records: RoundRecord[] = [];
  warmUp();
  try {
    for (const size of plan.sizes) {
      const spent = new Map<string, number>();
      for (let event = 1; event <= plan.events(size); event++) {
        const sim = new SwissEventSim(size, plan.seed * 7919 + size * 31 + event);
        for (let input = sim.nextRound(); input; input = sim.nextRound()) {
          let pairing: SwissPairing | null = null;
          const { ms, cpuMs } = timeAndCpu(() => {
            pairing = pairSwissRound(input);
          });
          const shinpan = { ...measure(input, pairing!, ms), cpuMs };
          const exact = size <= plan.exactLimit && (event === 1 || size <= 256) ? runExact(input) : null;
          const peers: Record<string, PeerOutcome> = {};
          const peersThisRound =
            event === 1 &&
            plan.peerSizes.includes(size) &&
            (plan.peerRounds === null || input.round <= plan.peerRounds);
          if (peersThisRound) {
            for (const peer of peerProcesses)
              peers[peer.peer] = await runPeer(peer, input, size, plan, stoppedAt, spent);
          }
          records.push({ size, event, round: input.round, players: input.players.length, shinpan, exact, peers });
          log(progressLine(records.at(-1)!));
          sim.play(pairing!);
        }
      }
    }
  } finally {
    for (const p of peerProcesses) p.stop();
  }
  return summarize(
    plan,
    records,
    'error' in installed ? installed.error : null,
    'versions' in installed ? installed.versions : {},
  );
}

function runExact(input: RoundInput): Paired {
  let pairing: SwissPairing | null = null;
  const ms = timeMs(() => {
    pairing = pairSwissRoundExact(input);
  });
  return measure(input, pairing!, ms);
}

async function runPeer(
  peer: PeerProcess,
  input: RoundInput,
  size: number,
  plan: PairingPlan,
  stoppedAt: Map<string, string>,
  spent: Map<string, number>,
): Promise<PeerOutcome> {
  const stopped = stoppedAt.get(peer.peer);
  if (stopped !== undefined) return { kind: 'skipped', why: stopped };
  const used = spent.get(peer.peer) ?? 0;
  if (used > plan.peerBudgetMs)
    return {
      kind: 'skipped',
      why: `budget: ${(used / 1000).toFixed(0)} s spent at this size, of ${plan.peerBudgetMs / 1000} s`,
    };
  const started = performance.now();
  const result: PeerRound = await peer.round(input);
  spent.set(peer.peer, (spent.get(peer.peer) ?? 0) + performance.now() - started);
  if (result.kind === 'timeout') {
    const why = `${result.phase === 'pair' ? 'pairing' : 'building its state for'} round ${input.round} took over ${result.limitMs / 1000} s`;
    stoppedAt.set(peer.peer, `timed out at ${size.toLocaleString('en-US')} players`);
    return { kind: 'timeout', why };
  }
  if (result.kind === 'failed') {
    stoppedAt.set(peer.peer, `failed at ${size.toLocaleString('en-US')} players`);
    return { kind: 'failed', why: `round ${input.round}: ${result.message}` };
  }
  return measure(input, result.pairing, result.ms);
}

function progressLine(r: RoundRecord): string {
  const peers = Object.entries(r.peers)
    .map(([name, o]) => `${name} ${isPaired(o) ? `${o.ms.toFixed(0)} ms` : o.kind}`)
    .join(', ');
  const exact = r.exact ? `, exact ${r.exact.ms.toFixed(0)} ms` : '';
  return `pairing N=${r.size} event ${r.event} round ${r.round}: ${r.players} players, shinpan ${r.shinpan.ms.toFixed(1)} ms${exact}${peers ? `, ${peers}` : ''}`;
}

/** Extra squared point difference over the exact optimum, in percent, over the rounds both paired. */
function excessOverExact(pairs: readonly { fast: Paired; exact: Paired }[]): number {
  const fast = sum(pairs.map((p) => p.fast.report.squaredGaps));
  const exact = sum(pairs.map((p) => p.exact.report.squaredGaps));
  return exact === 0 ? (fast === 0 ? 0 : Number.POSITIVE_INFINITY) : (fast / exact - 1) * 100;
}

function summarize(
  plan: PairingPlan,
  records: readonly RoundRecord[],
  peerError: string | null,
  peerVersions: Record<string, string>,
): PartResult {
  const rows: Row[] = [];
  const notes: string[] = [];
  const perSize: unknown[] = [];
  const stories: Record<string, string[]> = {};
  if (peerError) notes.push(`Peers not measured: ${peerError}.`);
  for (const size of plan.sizes) {
    const rounds = records.filter((r) => r.size === size);
    const times = spread(rounds.map((r) => r.shinpan.ms));
    const target = TIME_TARGET_MS[size];
    rows.push(
      row(`N=${size}: shinpan pairing per round`, 'ms', times, target === undefined ? undefined : { max: target }),
    );
    rows.push(
      row(`N=${size}:   the same, process CPU time`, 'ms', spread(rounds.map((r) => r.shinpan.cpuMs ?? Number.NaN))),
    );
    const rematches = sum(rounds.map((r) => r.shinpan.report.rematches));
    rows.push(row(`N=${size}: rematches (all rounds)`, '', single(rematches), { max: 0 }));
    const wrongByes = rounds.filter((r) => !r.shinpan.byeOk).length;
    rows.push(row(`N=${size}: wrong or missing byes`, '', single(wrongByes), { max: 0 }));
    rows.push(row(`N=${size}: pair-downs per round`, '', spread(rounds.map((r) => r.shinpan.report.pairDowns))));
    rows.push(
      row(
        `N=${size}: squared point differences per round`,
        '',
        spread(rounds.map((r) => r.shinpan.report.squaredGaps)),
      ),
    );
    const withExact = rounds
      .filter((r) => r.exact !== null)
      .map((r) => ({ fast: r.shinpan, exact: r.exact!, round: r }));
    if (withExact.length > 0) {
      const excess = excessOverExact(withExact);
      rows.push(
        row(
          `N=${size}: quality vs exact optimum (excess sq. diff.)`,
          '%',
          single(excess),
          { max: 1 },
          `${withExact.length} rounds`,
        ),
      );
      const exactTimes = spread(withExact.map((p) => p.exact.ms));
      rows.push(row(`N=${size}: exact optimum per round (reference)`, 'ms', exactTimes));
      rows.push(
        ratioRow(
          `N=${size}: exact / shinpan time`,
          withExact.map((p) => p.exact.ms / p.fast.ms),
        ),
      );
    }
    const peerSummaries: Record<string, unknown> = {};
    for (const peer of PEERS.map((p) => p.name)) {
      const outcomes = rounds.filter((r) => r.peers[peer] !== undefined).map((r) => ({ r, o: r.peers[peer]! }));
      if (outcomes.length === 0) continue;
      const paired = outcomes.filter((x): x is { r: RoundRecord; o: Paired } => isPaired(x.o));
      const unpaired = outcomes.filter((x) => !isPaired(x.o)).map((x) => x.o as Exclude<PeerOutcome, Paired>);
      const label = `N=${size}: ${peer}`;
      const stop =
        unpaired.find((o) => o.kind === 'timeout') ??
        unpaired.find((o) => o.kind === 'failed') ??
        unpaired.find((o) => o.kind === 'skipped');
      if (paired.length > 0) {
        const valid = paired.filter((x) => x.o.problem === null);
        const againstExact = valid.filter((x) => x.r.exact !== null).map((x) => ({ fast: x.o, exact: x.r.exact! }));
        const quality = againstExact.length > 0 ? `, sq. diff. ${signed(excessOverExact(againstExact))}% vs exact` : '';
        const byes = valid.filter((x) => !x.o.byeInLowestGroup).length;
        const facts = `${paired.length}/${outcomes.length} rounds, rematches ${sum(valid.map((x) => x.o.report.rematches))}, invalid ${paired.length - valid.length}, bye outside lowest group ${byes}${quality}`;
        rows.push(row(`${label} per round`, 'ms', spread(paired.map((x) => x.o.ms)), undefined, facts));
        rows.push(
          ratioRow(
            `${label} / shinpan, same rounds`,
            paired.map((x) => x.o.ms / x.r.shinpan.ms),
          ),
        );
      } else {
        rows.push(
          row(
            `${label} per round`,
            'ms',
            spread([]),
            undefined,
            stop ? `${stop.kind === 'skipped' ? 'not run' : stop.kind}: ${stop.why}` : 'failed',
          ),
        );
      }
      const story =
        paired.length === outcomes.length
          ? `${paired.length}/${outcomes.length} rounds`
          : paired.length === 0 && stop
            ? `${stop.kind === 'skipped' ? 'not run' : stop.kind} (${stop.why})`
            : `${paired.length}/${outcomes.length} rounds, then ${stop ? `${stop.kind === 'skipped' ? 'not run' : stop.kind} (${stop.why})` : 'stopped'}`;
      stories[peer] ??= [];
      stories[peer].push(`${size.toLocaleString('en-US')}: ${story}`);
      const invalid = [...new Set(paired.map((x) => x.o.problem).filter((p) => p !== null))];
      if (invalid.length > 0) notes.push(`${peer} at ${size} players gave invalid pairings: ${invalid.join('; ')}.`);
      peerSummaries[peer] = { rounds: outcomes.length, paired: paired.length, unpaired };
    }
    perSize.push({ size, rounds: rounds.length, events: plan.events(size), peers: peerSummaries });
  }
  for (const [peer, story] of Object.entries(stories))
    notes.push(`${peer} ${peerVersions[peer] ?? ''} by size: ${story.join('; ')}.`);
  notes.push(...missNotes(rows));
  const details = {
    plan: { ...plan, events: plan.sizes.map((s) => ({ size: s, events: plan.events(s) })) },
    peerVersions,
    perSize,
    rounds: records,
  };
  return {
    part: 'pairing',
    title: 'Swiss pairing: whole simulated events (shinpan vs exact optimum vs npm peers)',
    rows,
    notes,
    details,
  };
}

const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n.toFixed(2)}`;

function ratioRow(name: string, ratios: readonly number[]): Row {
  return row(name, '×', spread(ratios));
}
