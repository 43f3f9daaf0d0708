import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import type { Deck } from '../../src/core/deck/deck.js';
import type { CommandMeta, TournamentCommand } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import { DRAW, type DuelEntry, type Role, type TournamentEvent } from '../../src/core/tournament/events.js';
import { evolve } from '../../src/core/tournament/evolve.js';
import { deriveMatches } from '../../src/core/tournament/match-results.js';
import { initialState, type Tournament, type TournamentState } from '../../src/core/tournament/state.js';

/*
 * A large event built the way a real one is: every change is a command decided by the real
 * tournament domain (registration with decklists, Swiss pairings, penalties from the shipped
 * policy pack and appeals against them, results reported around them, drops), so the log holds
 * exactly the events shinpan writes. Skill decides matches, as in the pairing simulation.
 */

export interface EventLogOptions {
  readonly players: number;
  readonly rounds: number;
  readonly seed: number;
  /** Decklists handed in at registration, cycled. */
  readonly decks: readonly Deck[];
  readonly tournamentId: string;
}

export interface EventLog {
  /** Every event with the id of the user whose command decided it, in log order. */
  readonly events: readonly { readonly event: TournamentEvent; readonly actor: string }[];
  readonly state: Tournament;
  /** How many commands of each type were decided. */
  readonly commands: Readonly<Record<string, number>>;
  /** Milliseconds `decide` took for each PairRound (standings, then the Swiss pairing), round by round. */
  readonly pairingMs: readonly number[];
}

const START = Date.parse('2026-08-01T09:00:00+09:00');

/** A penalty a judge issues during a round, with how often per match (percent). */
const PENALTIES = [
  { percent: 0.6, infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 7 } },
  { percent: 0.2, infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 12 } },
  { percent: 0.3, infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 2 } },
  { percent: 1.0, infraction: 'stalling', phase: 'in-duel', facts: undefined },
  // A duel loss in the duel names the duel it lands on; a match loss names none.
  {
    percent: 0.5,
    infraction: 'extra-draw',
    phase: 'in-duel',
    facts: { identifiable: false, decisive: false },
    duel: 1,
  },
] as const;

/** Builds the event through `decide` and `evolve`; throws naming the command if the domain refuses one (a bug in this generator). */
export function buildEventLog(options: EventLogOptions): EventLog {
  const rng = xoroshiro128plus(options.seed);
  const pack = loadDefaultPack();
  const skill = new Map<string, number>();
  const events: { event: TournamentEvent; actor: string }[] = [];
  const commands: Record<string, number> = {};
  const pairingMs: number[] = [];
  let state: TournamentState = initialState();
  let minute = 0;
  const meta = (role: Role, extra: Partial<CommandMeta> = {}): CommandMeta => ({
    at: new Date(START + minute++ * 1000).toISOString(),
    actor: { id: `${role}-1`, role },
    ...extra,
  });
  const run = (command: TournamentCommand): void => {
    const started = performance.now();
    const decided = decide(command, state);
    if (command.type === 'PairRound') pairingMs.push(performance.now() - started);
    if (!decided.ok)
      throw new Error(
        `event log: ${command.type} ${JSON.stringify(command.data).slice(0, 200)} refused: ${decided.error.code} ${decided.error.message.en}`,
      );
    for (const event of decided.value) {
      state = evolve(state, event);
      events.push({ event, actor: command.meta.actor.id });
    }
    commands[command.type] = (commands[command.type] ?? 0) + 1;
  };
  const t = (): Tournament => state as Tournament;

  run({
    type: 'CreateTournament',
    data: {
      tournamentId: options.tournamentId,
      settings: {
        name: 'Championship Series (bench)',
        date: '2026-08-01',
        decklistsRequired: true,
        roundMinutes: 50,
        structure: { kind: 'swiss', rounds: options.rounds, topCut: 0 },
      },
      pack: { id: pack.id, version: pack.version, content: pack },
    },
    meta: meta('organizer'),
  });
  for (let i = 0; i < options.players; i++) {
    const id = `${String(1_000_000_000 + i * 7919)}`;
    skill.set(id, (uniformInt(rng, 0, 2000) - 1000) / 500);
    const decklist = options.decks[i % options.decks.length]!;
    run({
      type: 'RegisterPlayer',
      data: { player: { id, name: `Player ${i + 1}`, decklist } },
      meta: meta('scorekeeper'),
    });
  }

  for (let round = 1; round <= options.rounds; round++) {
    run({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', { seed: uniformInt(rng, 0, 0x7fffffff) }) });
    issuePenalties(rng, round, t, run, meta);
    // Once the round's penalties are in, a report changes only its own match: derive the round once.
    const before = new Map(
      deriveMatches(t())
        .matches.filter((m) => m.record.round === round)
        .map((m) => [m.record.table, m.record]),
    );
    for (const match of t().rounds[round - 1]!.matches) {
      const record = before.get(match.table)!;
      if (record.outcome.kind !== 'pending') continue;
      const duels = playMatch(rng, match.players, record.duelWins, skill);
      run({ type: 'ReportResult', data: { round, table: match.table, duels }, meta: meta('scorekeeper') });
    }
    run({ type: 'EndRound', data: { round }, meta: meta('scorekeeper') });
    if (round < options.rounds) {
      for (const p of t().players) {
        if (p.drop === null && uniformInt(rng, 0, 999) < 10)
          run({ type: 'DropPlayer', data: { player: p.id, reason: 'left the venue' }, meta: meta('scorekeeper') });
      }
    }
  }
  return { events, state: t(), commands, pairingMs };
}

function issuePenalties(
  rng: RandomGenerator,
  round: number,
  t: () => Tournament,
  run: (c: TournamentCommand) => void,
  meta: (role: Role) => CommandMeta,
): void {
  const matches = t().rounds[round - 1]!.matches;
  for (const match of matches) {
    const roll = uniformInt(rng, 0, 9999) / 100;
    let cumulative = 0;
    const kind = PENALTIES.find((p) => {
      cumulative += p.percent;
      return cumulative > roll;
    });
    if (!kind) continue;
    const player = match.players[uniformInt(rng, 0, 1)]!;
    const inDuel = kind.phase === 'in-duel';
    run({
      type: 'IssuePenalty',
      data: {
        player,
        report: { infraction: kind.infraction, phase: kind.phase, ...(kind.facts ? { facts: kind.facts } : {}) },
        choice: { kind: 'guideline' },
        ...(inDuel ? { round, table: match.table } : { round }),
        ...('duel' in kind ? { duel: kind.duel } : {}),
      },
      meta: meta('judge'),
    });
    const issued = t().penalties.at(-1)!;
    // Appeals: a head judge turns some duel losses into warnings and rescinds some warnings.
    if (issued.penalty === 'duel-loss' && uniformInt(rng, 0, 9) === 0) {
      run({
        type: 'ChangePenalty',
        data: { penaltyId: issued.id, penalty: 'warning', reason: 'the opponent had not drawn yet' },
        meta: meta('head-judge'),
      });
    } else if (issued.penalty === 'warning' && uniformInt(rng, 0, 19) === 0) {
      run({
        type: 'RescindPenalty',
        data: { penaltyId: issued.id, reason: 'the clock was wrong' },
        meta: meta('head-judge'),
      });
    }
  }
}

/**
 * The duels still to report after those penalties decided: the stronger player wins more often,
 * about 3% of matches end drawn (time), and some go to three duels.
 */
function playMatch(
  rng: RandomGenerator,
  players: readonly [string, string],
  decided: Readonly<Record<string, number>>,
  skill: ReadonlyMap<string, number>,
): DuelEntry[] {
  const [a, b] = players;
  const wins = { [a]: decided[a] ?? 0, [b]: decided[b] ?? 0 };
  const duels: DuelEntry[] = [];
  const win = (p: string) => {
    duels.push(p);
    wins[p] = wins[p]! + 1;
  };
  if (uniformInt(rng, 0, 99) < 3) {
    if (wins[a] === 0) win(a);
    if (wins[b] === 0) win(b);
    if (duels.length === 0) duels.push(DRAW);
    return duels;
  }
  const aWins = uniformInt(rng, 0, 999) < 1000 / (1 + Math.exp(skill.get(b)! - skill.get(a)!));
  const [winner, loser] = aWins ? [a, b] : [b, a];
  if (wins[loser] === 0 && uniformInt(rng, 0, 99) < 35) win(loser);
  while (wins[winner]! < 2) win(winner);
  return duels;
}
