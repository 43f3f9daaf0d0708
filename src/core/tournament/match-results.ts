import { matchDecided, winsNeeded, type BestOf } from './match-format.js';
import type { MatchOutcome, MatchRecord, Stage, StandingsPlayer } from './match-record.js';
import { DRAW, type DuelEntry } from './events.js';
import { effectsByMatch, effectsOn, matchKey, NO_EFFECTS, type MatchEffects } from './penalty-effects.js';
import { cutAfter, departures, neverPlayed } from './state-queries.js';
import type { MatchReport, MatchState, RoundState, Tournament } from './state.js';

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
export const penaltyDuelIds = (effects: MatchEffects): number[] =>
  [...new Set(effects.duelLosses.map((d) => d.penaltyId))].sort((a, b) => a - b);

/** The result of one match from its report and the penalty effects on it. */
function deriveMatch(
  round: number,
  stage: Stage,
  bestOf: BestOf,
  match: MatchState,
  effects: MatchEffects,
  sideDeckAfterEarlyDuelLoss: boolean,
): DerivedMatch {
  const needed = winsNeeded(bestOf);
  const [a, b] = match.players;
  const other = (p: string): string => (p === a ? b : a);
  const report = match.report;
  const inForce = penaltyDuelIds(effects);
  const staleReport = report !== null && !sameIds(report.penaltyDuels, inForce);
  const noSideDeckBeforeFirstPlayedDuel =
    !sideDeckAfterEarlyDuelLoss && effects.duelLosses.some((d) => d.beforeFirstDuel);
  const base = { staleReport, noSideDeckBeforeFirstPlayedDuel, effects };
  const make = (
    outcome: MatchOutcome,
    duels: DuelResult[],
    unusedDuels: number,
    wins: Record<string, number>,
  ): DerivedMatch => ({
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

  const played = playDuels(match.players, bestOf, effects, staleReport ? [] : (report?.duels ?? []));
  const [winsA, winsB] = [played.wins[a] ?? 0, played.wins[b] ?? 0];
  const finished = Math.max(winsA, winsB) >= needed || (report !== null && !staleReport);
  // A match that ends at time goes to the player ahead in duels (1-0, or 1-0 with a drawn duel); only level is a draw.
  const winner = winsA === winsB ? undefined : winsA > winsB ? a : b;
  let outcome: MatchOutcome;
  if (!finished) outcome = { kind: 'pending' };
  else if (winner === undefined) outcome = { kind: 'draw' };
  else
    outcome = {
      kind: 'win',
      winner,
      byPenalty: played.duels.some((d) => d.winner === winner && d.byPenalty.length > 0),
    };
  return make(outcome, played.duels, played.unused, played.wins);
}

/**
 * Lays the reported duels into the positions penalties leave free, until a player has the
 * wins the format needs (one in a single-duel match). A penalty on a later duel than the reports reach (time was called) still counts, and
 * the duels are numbered as played, so that gap closes up.
 */
function playDuels(
  players: MatchState['players'],
  bestOf: BestOf,
  effects: MatchEffects,
  reported: readonly DuelEntry[],
) {
  const [a, b] = players;
  const wins: Record<string, number> = { [a]: 0, [b]: 0 };
  const duels: DuelResult[] = [];
  const lastPenaltyDuel = Math.max(0, ...effects.duelLosses.map((d) => d.duel));
  let next = 0;
  for (let duel = 1; !matchDecided(bestOf, [wins[a] ?? 0, wins[b] ?? 0], duels.length); duel += 1) {
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

interface DerivedRound {
  readonly matches: readonly DerivedMatch[];
  readonly byes: readonly MatchRecord[];
  /** Matches then byes, in table order: the round's share of `matchRecords`. */
  readonly records: readonly MatchRecord[];
}

interface DerivedAll {
  readonly matches: readonly DerivedMatch[];
  readonly byes: readonly MatchRecord[];
  readonly records: readonly MatchRecord[];
}

/*
 * The match-result projection. The state is immutable and evolve shares every part an event
 * does not touch, so a derived round (and within it each derived match) is kept beside the
 * very objects it was derived from, together with the penalty effects that lay on it. A result
 * makes one match object new: only that match is derived again, and only its round is put
 * together again; a penalty re-derives the matches whose effects changed. Replaying a log
 * builds new objects, so the projection is rebuilt as it is first read. The caches hold the
 * state weakly: they never keep an old state alive, and two equal states derive equal results
 * (`deriveMatchesAfresh` is the full recomputation tests compare it with).
 */
const derivedTournaments = new WeakMap<Tournament, DerivedAll>();
const derivedRounds = new WeakMap<
  RoundState,
  DerivedRound & { readonly effects: string; readonly sideDeck: boolean }
>();
const derivedMatches = new WeakMap<
  MatchState,
  { readonly derived: DerivedMatch; readonly effects: string; readonly sideDeck: boolean; readonly bestOf: BestOf }
>();

/** Every match and bye of the tournament with its current result, round by round (from the projection). */
export function deriveMatches(t: Tournament): {
  readonly matches: readonly DerivedMatch[];
  readonly byes: readonly MatchRecord[];
} {
  return derivedAll(t);
}

/** The tournament's matches and byes as standings, top cut and exports read them, in round then table order. */
export function matchRecords(t: Tournament): MatchRecord[] {
  return derivedAll(t).records.slice();
}

/** The full recomputation, caching nothing: what the projection must always equal. */
export function deriveMatchesAfresh(t: Tournament): {
  readonly matches: readonly DerivedMatch[];
  readonly records: readonly MatchRecord[];
} {
  const effects = effectsByMatch(t);
  const sideDeck = t.pack.content.settings.sideDeckAfterDuelLossBeforeFirstDuel;
  const matches: DerivedMatch[] = [];
  const byes: MatchRecord[] = [];
  for (const round of t.rounds) {
    for (const match of round.matches) {
      matches.push(
        deriveMatch(
          round.number,
          round.stage,
          round.bestOf,
          match,
          effects.get(matchKey(round.number, match.table)) ?? NO_EFFECTS,
          sideDeck,
        ),
      );
    }
    for (const player of round.byes) byes.push(byeRecord(round, player));
  }
  return { matches, records: inTableOrder([...matches.map((m) => m.record), ...byes]) };
}

function derivedAll(t: Tournament): DerivedAll {
  const known = derivedTournaments.get(t);
  if (known) return known;
  const rounds = derivedRoundsOf(t);
  const all: DerivedAll = {
    matches: rounds.flatMap((r) => r.matches),
    byes: rounds.flatMap((r) => r.byes),
    records: rounds.flatMap((r) => r.records),
  };
  derivedTournaments.set(t, all);
  return all;
}

const derivedRoundLists = new WeakMap<Tournament, readonly DerivedRound[]>();

function derivedRoundsOf(t: Tournament): readonly DerivedRound[] {
  const known = derivedRoundLists.get(t);
  if (known) return known;
  const effects = roundEffects(t);
  const sideDeck = t.pack.content.settings.sideDeckAfterDuelLossBeforeFirstDuel;
  const rounds = t.rounds.map((round) => derivedRound(round, effects.get(round.number) ?? NO_ROUND_EFFECTS, sideDeck));
  derivedRoundLists.set(t, rounds);
  return rounds;
}

/** The penalty effects on one round's matches by table, each with its signature, and the round's signature. */
interface RoundEffects {
  readonly tables: ReadonlyMap<number, { readonly effects: MatchEffects; readonly signature: string }>;
  readonly signature: string;
}

const NO_ROUND_EFFECTS: RoundEffects = { tables: new Map(), signature: '' };

/*
 * Where the penalties in force land depends on the penalties and on who sits at which table in
 * which round and its format (`effectsByMatch`), not on results: kept per penalties array while
 * every round's seating and format are the very same, so a result does not resolve them again.
 */
const effectsCache = new WeakMap<
  Tournament['penalties'],
  { readonly seating: readonly unknown[]; readonly byRound: ReadonlyMap<number, RoundEffects> }
>();

function roundEffects(t: Tournament): ReadonlyMap<number, RoundEffects> {
  const seating = t.rounds.flatMap((r) => [r.number, r.tableOf, r.bestOf]);
  const known = effectsCache.get(t.penalties);
  if (known && known.seating.length === seating.length && known.seating.every((x, i) => x === seating[i]))
    return known.byRound;
  const byRound = new Map<number, RoundEffects>();
  for (const [round, tables] of effectsByRound(effectsByMatch(t))) {
    const sorted = [...tables].sort(([a], [b]) => a - b);
    byRound.set(round, {
      tables: new Map(sorted.map(([table, effects]) => [table, { effects, signature: JSON.stringify(effects) }])),
      signature: JSON.stringify(sorted),
    });
  }
  effectsCache.set(t.penalties, { seating, byRound });
  return byRound;
}

/**
 * Each round's match and bye records (in table order), from the projection: a round whose
 * results did not change keeps the very same array, so what is kept per round beside it (the
 * standings' encoding) stays valid.
 */
export function roundRecords(t: Tournament): readonly (readonly MatchRecord[])[] {
  return derivedRoundsOf(t).map((r) => r.records);
}

function derivedRound(round: RoundState, effects: RoundEffects, sideDeck: boolean): DerivedRound {
  const known = derivedRounds.get(round);
  if (known && known.effects === effects.signature && known.sideDeck === sideDeck) return known;
  const matches = round.matches.map((match) => derivedMatch(round, match, effects.tables.get(match.table), sideDeck));
  const byes = round.byes.map((player) => byeRecord(round, player));
  const records = inTableOrder([...matches.map((m) => m.record), ...byes]);
  const derived = { matches, byes, records, effects: effects.signature, sideDeck };
  derivedRounds.set(round, derived);
  return derived;
}

function derivedMatch(
  round: RoundState,
  match: MatchState,
  on: { readonly effects: MatchEffects; readonly signature: string } | undefined,
  sideDeck: boolean,
): DerivedMatch {
  const signature = on?.signature ?? '';
  const known = derivedMatches.get(match);
  if (
    known &&
    known.effects === signature &&
    known.sideDeck === sideDeck &&
    known.derived.record.round === round.number &&
    known.derived.record.stage === round.stage &&
    known.bestOf === round.bestOf
  ) {
    return known.derived;
  }
  const derived = deriveMatch(round.number, round.stage, round.bestOf, match, on?.effects ?? NO_EFFECTS, sideDeck);
  derivedMatches.set(match, { derived, effects: signature, sideDeck, bestOf: round.bestOf });
  return derived;
}

/**
 * The derived results of some of a round's matches (their positions in `round.matches`), from
 * the projection: derived now where they were not, and kept as `deriveMatches` keeps them, so
 * a round never derived can be derived a slice at a time (pairings-view.ts, `pairingsViewMaking`).
 */
export function derivedMatchesAt(t: Tournament, round: RoundState, positions: readonly number[]): DerivedMatch[] {
  const effects = roundEffects(t).get(round.number) ?? NO_ROUND_EFFECTS;
  const sideDeck = t.pack.content.settings.sideDeckAfterDuelLossBeforeFirstDuel;
  return positions.map((i) => {
    const match = round.matches[i] as MatchState;
    return derivedMatch(round, match, effects.tables.get(match.table), sideDeck);
  });
}

/** The effects map regrouped by round, then table. */
function effectsByRound(effects: ReadonlyMap<string, MatchEffects>): Map<number, Map<number, MatchEffects>> {
  const byRound = new Map<number, Map<number, MatchEffects>>();
  for (const [key, effect] of effects) {
    const [round, table] = key.split('/').map(Number) as [number, number];
    if (matchKey(round, table) !== key)
      throw new Error(`match-results: cannot read the match key "${key}" (did matchKey change?)`);
    let tables = byRound.get(round);
    if (!tables) {
      tables = new Map();
      byRound.set(round, tables);
    }
    tables.set(table, effect);
  }
  return byRound;
}

const byeRecord = (round: RoundState, player: string): MatchRecord => ({
  round: round.number,
  stage: round.stage,
  table: null,
  players: [player],
  outcome: { kind: 'bye' },
  duelWins: { [player]: winsNeeded(round.bestOf) },
});

const inTableOrder = (records: MatchRecord[]): MatchRecord[] =>
  records.sort((x, y) => x.round - y.round || (x.table ?? Infinity) - (y.table ?? Infinity));

/** The derived result of one match. */
export function deriveOneMatch(
  t: Tournament,
  round: number,
  match: MatchState,
  stage: Stage,
  report: MatchReport | null = match.report,
): DerivedMatch {
  const bestOf = t.rounds.find((r) => r.number === round)?.bestOf ?? 3;
  return deriveMatch(
    round,
    stage,
    bestOf,
    { ...match, report },
    effectsOn(t, round, match.table),
    t.pack.content.settings.sideDeckAfterDuelLossBeforeFirstDuel,
  );
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
      ...(p.reading === undefined ? {} : { reading: p.reading }),
      dropped: dropped.has(p.id),
      rankWithdrawn: withdrawn.has(p.id),
      ...(neverPlayed(p) ? { neverPlayed: true as const } : {}),
      ...(now === 'disqualified' || now === 'disqualified-forfeit-prizes' ? { disqualification: now } : {}),
      // An invited player (day two) has byes for the rounds before the invitation, not losses.
      ...(missedRounds > 0 ? (p.invitation !== null ? { invitedByes: missedRounds } : { missedRounds }) : {}),
      ...(cutAfterRound !== undefined && cutAfterRound <= paired ? { cutAfterRound } : {}),
    };
  });
}
