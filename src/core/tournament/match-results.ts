import { maxDuelsPlayed, winsNeeded, type BestOf } from './match-format.js';
import { type MatchOutcome, type MatchRecord, type Stage, type StandingsPlayer } from './match-record.js';
import { DRAW, type DuelEntry } from './events.js';
import { effectsByMatch, effectsOn, matchKey, NO_EFFECTS, type MatchEffects } from './penalty-effects.js';
import { cutAfter, departures } from './state-queries.js';
import type { MatchReport, MatchState, Tournament } from './state.js';

/*
 * A match's result is an overlay: the duels the players reported, with the duels and matches
 * that penalties in force decide laid over them. Nothing here is stored, so rescinding or
 * changing a penalty changes the result by construction.
 */

/** One duel of a match: its winner (`null` for a drawn duel or a double loss) and the penalties that decided it. */
export interface DuelResult {
  readonly duel: number;
  readonly winner: string | null;
  readonly byPenalty: readonly number[];
}

export interface DerivedMatch {
  readonly record: MatchRecord;
  readonly duels: readonly DuelResult[];
  /** Reported duels left over after a player reached two wins (a report that does not fit). */
  readonly unusedDuels: number;
  /** The report was made around other penalty duel losses than those now in force: the match needs its result again. */
  readonly staleReport: boolean;
  /** Spec §5: a duel loss took the first duel before any was played, so nobody side-decks before the first duel played. */
  readonly noSideDeckBeforeFirstPlayedDuel: boolean;
  readonly effects: MatchEffects;
}

/** The ids of the penalties whose duel losses lie on a match, sorted: what a report is made around. */
export const penaltyDuelIds = (effects: MatchEffects): number[] => [...new Set(effects.duelLosses.map((d) => d.penaltyId))].sort((a, b) => a - b);

/** The result of one match from its report and the penalty effects on it. */
function deriveMatch(round: number, stage: Stage, bestOf: BestOf, match: MatchState, effects: MatchEffects, sideDeckAfterEarlyDuelLoss: boolean): DerivedMatch {
  const needed = winsNeeded(bestOf);
  const [a, b] = match.players;
  const other = (p: string): string => (p === a ? b : a);
  const report = match.report;
  const inForce = penaltyDuelIds(effects);
  const staleReport = report !== null && !sameIds(report.penaltyDuels, inForce);
  const noSideDeckBeforeFirstPlayedDuel = !sideDeckAfterEarlyDuelLoss && effects.duelLosses.some((d) => d.beforeFirstDuel);
  const base = { staleReport, noSideDeckBeforeFirstPlayedDuel, effects };
  const make = (outcome: MatchOutcome, duels: DuelResult[], unusedDuels: number, wins: Record<string, number>): DerivedMatch => ({
    record: { round, stage, table: match.table, players: match.players, outcome, duelWins: wins },
    duels,
    unusedDuels,
    ...base,
  });

  const matchLosers = new Set(effects.matchLosses.map((m) => m.player));
  if (matchLosers.has(a) && matchLosers.has(b)) return make({ kind: 'double-loss' }, [], 0, { [a]: 0, [b]: 0 });
  const matchLoser = matchLosers.has(a) ? a : matchLosers.has(b) ? b : null;
  if (matchLoser !== null) {
    const winner = other(matchLoser);
    return make({ kind: 'win', winner, byPenalty: true }, [], 0, { [winner]: needed, [matchLoser]: 0 });
  }

  const played = playDuels(match.players, needed, maxDuelsPlayed(bestOf), effects, staleReport ? [] : (report?.duels ?? []));
  const [winsA, winsB] = [played.wins[a] ?? 0, played.wins[b] ?? 0];
  const finished = Math.max(winsA, winsB) >= needed || (report !== null && !staleReport);
  // A match that ends at time goes to the player ahead in duels (1-0, or 1-0 with a drawn duel); only level is a draw.
  const winner = winsA === winsB ? undefined : winsA > winsB ? a : b;
  let outcome: MatchOutcome;
  if (!finished) outcome = { kind: 'pending' };
  else if (winner === undefined) outcome = { kind: 'draw' };
  else outcome = { kind: 'win', winner, byPenalty: played.duels.some((d) => d.winner === winner && d.byPenalty.length > 0) };
  return make(outcome, played.duels, played.unused, played.wins);
}

/**
 * Lays the reported duels into the positions penalties leave free, until a player has the
 * wins the format needs (one in a single-duel match). A penalty on a later duel than the reports reach (time was called) still counts, and
 * the duels are numbered as played, so that gap closes up.
 */
function playDuels(players: MatchState['players'], needed: number, maxDuels: number, effects: MatchEffects, reported: readonly DuelEntry[]) {
  const [a, b] = players;
  const wins: Record<string, number> = { [a]: 0, [b]: 0 };
  const duels: DuelResult[] = [];
  const lastPenaltyDuel = Math.max(0, ...effects.duelLosses.map((d) => d.duel));
  let next = 0;
  for (let duel = 1; (wins[a] ?? 0) < needed && (wins[b] ?? 0) < needed && duels.length < maxDuels; duel += 1) {
    const losses = effects.duelLosses.filter((d) => d.duel === duel);
    if (losses.length > 0) {
      const losers = new Set(losses.map((d) => d.player));
      const winner = losers.size === 2 ? null : losers.has(a) ? b : a;
      if (winner !== null) wins[winner] = (wins[winner] ?? 0) + 1;
      duels.push({ duel: duels.length + 1, winner, byPenalty: losses.map((d) => d.penaltyId) });
    } else if (next < reported.length) {
      const entry = reported[next++] as DuelEntry;
      const winner = entry === DRAW ? null : entry;
      if (winner !== null) wins[winner] = (wins[winner] ?? 0) + 1;
      duels.push({ duel: duels.length + 1, winner, byPenalty: [] });
    } else if (duel >= lastPenaltyDuel) {
      break;
    }
  }
  return { wins, duels, unused: reported.length - next };
}

function sameIds(x: readonly number[], y: readonly number[]): boolean {
  const sorted = [...x].sort((p, q) => p - q);
  return sorted.length === y.length && sorted.every((id, i) => id === y[i]);
}

/** Every match and bye of the tournament with its current result, round by round. */
export function deriveMatches(t: Tournament): { readonly matches: readonly DerivedMatch[]; readonly byes: readonly MatchRecord[] } {
  const effects = effectsByMatch(t);
  const sideDeck = t.pack.content.settings.sideDeckAfterDuelLossBeforeFirstDuel;
  const matches: DerivedMatch[] = [];
  const byes: MatchRecord[] = [];
  for (const round of t.rounds) {
    for (const match of round.matches) {
      matches.push(deriveMatch(round.number, round.stage, round.bestOf, match, effects.get(matchKey(round.number, match.table)) ?? NO_EFFECTS, sideDeck));
    }
    for (const player of round.byes) {
      byes.push({ round: round.number, stage: round.stage, table: null, players: [player], outcome: { kind: 'bye' }, duelWins: { [player]: winsNeeded(round.bestOf) } });
    }
  }
  return { matches, byes };
}

/** The tournament's matches and byes as standings, top cut and exports read them, in round then table order. */
export function matchRecords(t: Tournament): MatchRecord[] {
  const { matches, byes } = deriveMatches(t);
  return [...matches.map((m) => m.record), ...byes].sort((x, y) => x.round - y.round || (x.table ?? Infinity) - (y.table ?? Infinity));
}

/** The derived result of one match. */
export function deriveOneMatch(t: Tournament, round: number, match: MatchState, stage: Stage, report: MatchReport | null = match.report): DerivedMatch {
  const bestOf = t.rounds.find((r) => r.number === round)?.bestOf ?? 3;
  return deriveMatch(round, stage, bestOf, { ...match, report }, effectsOn(t, round, match.table), t.pack.content.settings.sideDeckAfterDuelLossBeforeFirstDuel);
}

/** The players as standings see them: drops and withdrawn ranks from penalties in force, rounds missed by a late entry (up to `throughRound`). */
export function standingsPlayers(t: Tournament, throughRound: number = t.rounds.length): StandingsPlayer[] {
  const paired = Math.min(throughRound, t.rounds.length);
  const { dropped, withdrawn, status } = departures(t);
  const cut = cutAfter(t);
  return t.players.map((p) => {
    const cutAfterRound = cut.get(p.id);
    const missedRounds = Math.min(p.entryRound - 1, paired);
    const now = status(p.id);
    return {
      id: p.id,
      name: p.name,
      dropped: dropped.has(p.id),
      rankWithdrawn: withdrawn.has(p.id),
      ...(now === 'disqualified' || now === 'disqualified-forfeit-prizes' ? { disqualification: now } : {}),
      // An invited player (day two) has byes for the rounds before the invitation, not losses.
      ...(missedRounds > 0 ? (p.invitation !== null ? { invitedByes: missedRounds } : { missedRounds }) : {}),
      ...(cutAfterRound !== undefined && cutAfterRound <= paired ? { cutAfterRound } : {}),
    };
  });
}
