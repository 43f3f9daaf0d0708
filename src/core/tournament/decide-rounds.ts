import { explain } from './command-problems.js';
import { phaseOf, roundFormat } from './phases.js';
import { err, ok } from '../result.js';
import { checkInteger, checkOptionalBounded, checkTime, firstError } from './command-checks.js';
import type { Drafted, EndRound, ExtendTime, FinishTournament, MarkSeated, PairRound } from './commands.js';
import { EXTENSION_MINUTES, REASON } from './limits.js';
import { domainError } from './domain-errors.js';
import type { BracketSlot, PairedMatch } from './events.js';
import { deriveMatches } from './match-results.js';
import { currentStandings } from './standings/current-standings.js';
import { cutAfter, departures, findPlayer, findRound, isDropped, latestRound } from './state-queries.js';
import type { Tournament } from './state.js';
import { pairSwissRound } from './pairing/swiss-pairing.js';
import { advancingEntrants, pairEntrants, seedEntrants } from './pairing/top-cut.js';
import { locateMatch } from './match-lookup.js';
import { seededShuffle } from './pairing/seeded-random.js';
import { decklistGate } from './decklist-gate.js';
import { swissPairingPlayers } from './swiss-pairing-input.js';

/*
 * Rounds: pairing (Swiss through the pairing module, elimination through the bracket), the
 * seat time, seating and time extensions, the end of a round and of the tournament. A round is
 * paired only when every earlier match has a result, so standings never read a hole.
 */

type NextRound = 'swiss' | 'elimination' | 'none';

/** What the next round would be: Swiss, elimination, or nothing left to play. */
function nextRoundKind(t: Tournament): NextRound {
  const s = t.settings.structure;
  const last = latestRound(t);
  const bracketDone = last?.bracket != null && last.bracket.length <= 1;
  if (s.kind === 'swiss') {
    if (t.rounds.length < s.rounds) return 'swiss';
    return s.topCut > 0 && !bracketDone ? 'elimination' : 'none';
  }
  return bracketDone ? 'none' : 'elimination';
}

/**
 * The next step as the desk names it: a Swiss round, an elimination round with how many players
 * enter it (the top cut's size, then the bracket's positions: 4 → semi-finals, 2 → the final;
 * null for a single-elimination event's first round), or nothing left to pair.
 */
export type NextStep =
  | { readonly kind: 'swiss' }
  | { readonly kind: 'elimination'; readonly players: number | null; readonly first: boolean }
  | { readonly kind: 'none' };

export function nextStep(t: Tournament): NextStep {
  const kind = nextRoundKind(t);
  if (kind !== 'elimination') return { kind };
  const last = latestRound(t);
  const s = t.settings.structure;
  if (last?.bracket != null) return { kind, players: last.bracket.length, first: false };
  return { kind, players: s.kind === 'swiss' ? s.topCut : null, first: true };
}

/** The first round (and its tables) that still needs a result, if any. */
function pendingResults(t: Tournament): { round: number; tables: number[] } | null {
  const pending = deriveMatches(t).matches.filter((m) => m.record.outcome.kind === 'pending');
  const first = pending[0];
  if (!first) return null;
  const round = first.record.round;
  return { round, tables: pending.filter((m) => m.record.round === round).map((m) => m.record.table as number) };
}

/** RoundPaired for the next round. */
export function decidePairRound(command: PairRound, t: Tournament): Drafted {
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  const expected = t.rounds.length + 1;
  if (command.data.round !== expected) return err(domainError('wrong-round', { expected, given: command.data.round }));
  const last = latestRound(t);
  if (last && !last.ended) return err(domainError('round-not-finished', { round: last.number }));
  const pending = pendingResults(t);
  if (pending) return err(domainError('results-missing', pending));
  // The first round of a phase (day two) is seated at the phase's seat time unless the pairing names one.
  const phase = phaseOf(t, expected);
  const seatTime = command.data.seatTime ?? (phase?.fromRound === expected ? phase.seatTime : null);
  const badTime = seatTime === null ? null : checkTime('seatTime', seatTime);
  if (badTime) return err(badTime);

  const kind = nextRoundKind(t);
  if (kind === 'none') return err(domainError('no-more-rounds', { rounds: t.rounds.length }));
  const seed = command.meta.seed ?? null;
  if (seed !== null && !Number.isSafeInteger(seed))
    return err(
      domainError('invalid-command', {
        field: 'meta.seed',
        problem: explain('whole-number'),
      }),
    );
  const gate = decklistGate(command, t);
  if (!gate.ok) return gate;
  const paired = kind === 'swiss' ? pairSwiss(t, expected, seed) : pairElimination(t, seed);
  if (!paired.ok) return paired;
  const { matches, byes, bracket, seedUsed } = paired.value;
  const stage = kind === 'swiss' ? 'swiss' : 'top-cut';
  const { bestOf, roundMinutes } = roundFormat(t, stage, expected);
  return ok([
    ...gate.value,
    {
      type: 'RoundPaired',
      data: {
        round: expected,
        stage,
        seatTime,
        seed: seedUsed,
        matches,
        byes,
        bracket,
        bestOf,
        roundMinutes,
        ...(command.data.startLater === true ? { startsLater: true as const } : {}),
        ...(command.data.hold === true ? { held: true as const } : {}),
      },
    },
  ]);
}

/** `seedUsed`: recorded only where the seed decided something, so the log says what it can reproduce. */
type Pairing = { matches: PairedMatch[]; byes: string[]; bracket: BracketSlot[] | null; seedUsed: number | null };

function pairSwiss(t: Tournament, round: number, seed: number | null) {
  if (seed === null) return err(domainError('seed-required'));
  const players = swissPairingPlayers(t, round);
  if (players.length < 2) return err(domainError('not-enough-players', { needed: 2, actual: players.length }));
  const result = pairSwissRound({ players, seed });
  const pairing: Pairing = {
    matches: result.pairs.map(([a, b], i) => ({ table: i + 1, players: [a, b] as const })),
    byes: result.bye === null ? [] : [result.bye],
    bracket: null,
    seedUsed: seed,
  };
  return ok(pairing);
}

function pairElimination(t: Tournament, seed: number | null) {
  const last = latestRound(t);
  if (last?.bracket) {
    const outcomes = new Map(
      deriveMatches(t)
        .matches.filter((m) => m.record.round === last.number)
        .map((m) => [m.record.table, m.record.outcome]),
    );
    const entrants = advancingEntrants(
      last,
      (table) => outcomes.get(table) ?? { kind: 'pending' },
      (p) => isDropped(t, p),
    );
    const pairing: Pairing = { ...pairEntrants(entrants), seedUsed: null };
    return ok(pairing);
  }
  const seeds = eliminationSeeds(t, seed);
  if (!seeds.ok) return seeds;
  if (seeds.value.length < 2) return err(domainError('not-enough-players', { needed: 2, actual: seeds.value.length }));
  const pairing: Pairing = {
    ...pairEntrants(seedEntrants(seeds.value)),
    seedUsed: t.settings.structure.kind === 'swiss' ? null : seed,
  };
  return ok(pairing);
}

/** Top cut: the best of the Swiss standings still in; elimination from the start: the players in an order drawn by the seed. */
function eliminationSeeds(t: Tournament, seed: number | null) {
  const s = t.settings.structure;
  if (s.kind === 'swiss') {
    const rows = currentStandings(t);
    const { dropped, withdrawn } = departures(t);
    const cut = cutAfter(t);
    return ok(
      rows
        .filter((row) => !dropped.has(row.player) && !withdrawn.has(row.player) && !cut.has(row.player))
        .slice(0, s.topCut)
        .map((row) => row.player),
    );
  }
  if (seed === null) return err(domainError('seed-required'));
  const { dropped } = departures(t);
  const eligible = t.players.filter((p) => !dropped.has(p.id));
  return ok(
    seededShuffle(
      eligible.map((p) => p.id),
      seed,
    ),
  );
}

/** RoundEnded once every match of the round has a result. */
export function decideEndRound(command: EndRound, t: Tournament): Drafted {
  const round = findRound(t, command.data.round);
  if (!round) return err(domainError('round-not-found', { round: command.data.round }));
  if (round.ended) return err(domainError('round-already-ended', { round: round.number }));
  if (round.held) return err(domainError('round-held', { round: round.number }));
  const tables = deriveMatches(t)
    .matches.filter((m) => m.record.round === round.number && m.record.outcome.kind === 'pending')
    .map((m) => m.record.table as number);
  if (tables.length > 0) return err(domainError('results-missing', { round: round.number, tables }));
  return ok([{ type: 'RoundEnded', data: { round: round.number } }]);
}

/** TournamentFinished once the last round has ended and nothing is left to play. */
export function decideFinish(_command: FinishTournament, t: Tournament): Drafted {
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  const last = latestRound(t);
  if (!last)
    return err(
      domainError('tournament-not-finished', {
        reason: explain('no-round-played'),
      }),
    );
  if (!last.ended) return err(domainError('round-not-finished', { round: last.number }));
  const pending = pendingResults(t);
  if (pending) return err(domainError('results-missing', pending));
  if (nextRoundKind(t) !== 'none')
    return err(
      domainError('tournament-not-finished', {
        reason: explain('round-still-to-play', { round: last.number + 1 }),
      }),
    );
  return ok([{ type: 'TournamentFinished', data: {} }]);
}

/** A running round and one of its matches, or why not. */
function runningMatch(t: Tournament, roundNumber: number, table: number) {
  const found = locateMatch(t, roundNumber, table);
  if (found.ok && found.value.round.ended) return err(domainError('round-already-ended', { round: roundNumber }));
  return found;
}

/** PlayerSeated: tardiness counts from the round's seat time to this mark. */
export function decideMarkSeated(command: MarkSeated, t: Tournament): Drafted {
  const { round, table, player } = command.data;
  const found = runningMatch(t, round, table);
  if (!found.ok) return found;
  if (!findPlayer(t, player)) return err(domainError('player-not-found', { player }));
  if (!found.value.match.players.includes(player))
    return err(domainError('player-not-in-match', { player, round, table }));
  if (found.value.match.seated.has(player)) return err(domainError('already-seated', { player }));
  return ok([{ type: 'PlayerSeated', data: { round, table, player } }]);
}

/** TimeExtended for one table, e.g. after a long judge call. */
export function decideExtendTime(command: ExtendTime, t: Tournament): Drafted {
  const { round, table, minutes, reason } = command.data;
  const found = runningMatch(t, round, table);
  if (!found.ok) return found;
  const problem = firstError(
    checkInteger('minutes', minutes, EXTENSION_MINUTES),
    checkOptionalBounded('reason', reason, REASON),
  );
  if (problem) return err(problem);
  return ok([{ type: 'TimeExtended', data: { round, table, minutes, reason: reason?.trim() ?? null } }]);
}
