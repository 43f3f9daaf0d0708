import { maxDuelsPlayed, winsNeeded, type BestOf } from '../../core/tournament/match-format.js';
import { playersReported } from '../../core/tournament/self-service.js';
import { phaseOf } from '../../core/tournament/phases.js';
import type { MatchOutcome, Stage } from '../../core/tournament/match-record.js';
import { derivedMatchesAt, type DerivedMatch, type DuelResult } from '../../core/tournament/match-results.js';
import { atOnce, type Making } from '../../core/making.js';
import { departures, findPlayer, findRound } from '../../core/tournament/state-queries.js';
import type { BracketSlot } from '../../core/tournament/events.js';
import type { MatchState, PlayerState, Tournament } from '../../core/tournament/state.js';

/*
 * One round as the pairings board, the judge console and the slips show it: tables with
 * names, seat marks, time extensions and the current result (penalties included).
 */

export interface SeatView {
  readonly id: string;
  readonly name: string;
  /** フリガナ where the player gave one (by-name lists sort on it, the table finder matches it). */
  readonly reading?: string;
  /** When a judge marked the player seated; `null` if not marked. */
  readonly seatedAt: string | null;
  readonly duelWins: number;
  /** Dropped or disqualified since: the match stays, the player is no longer playing. */
  readonly dropped: boolean;
}

export interface TableView {
  /** `null` for a bye. */
  readonly table: number | null;
  readonly players: readonly SeatView[];
  readonly outcome: MatchOutcome;
  readonly duels: readonly DuelResult[];
  readonly extensionMinutes: number;
  /** An appeal changed the penalties the report was made around: the result must be entered again. */
  readonly needsResultAgain: boolean;
  readonly noSideDeckBeforeFirstPlayedDuel: boolean;
  /** Penalties with an effect on this match. */
  readonly penalties: readonly number[];
  /** The players reported this match from their own pages (staff can read their reports side by side). */
  readonly playerReports?: boolean;
}

export interface PairingsView {
  readonly round: number;
  readonly stage: Stage;
  /** Duels per match (1: single duel) and the round's length, as paired. */
  readonly bestOf: BestOf;
  /** Duel wins that take a match, and the most duels a result can hold (null: no limit), so result entry follows the format. */
  readonly winsNeeded: number;
  readonly maxDuels: number | null;
  readonly roundMinutes: number;
  /** The phase's name (day two…) from the second phase on; `null` in the first. */
  readonly phase: string | null;
  readonly seatTime: string;
  /** False while the pairings are posted and the round waits for "start round". */
  readonly started: boolean;
  /** Not started: the seat time announced with the pairings, or `null` (then `seatTime` is only when they were posted). */
  readonly plannedSeatTime: string | null;
  readonly ended: boolean;
  readonly tables: readonly TableView[];
  /** Elimination rounds: the bracket's places in order (a match by table, a bye by player), so byes show where they sit. */
  readonly bracket: readonly BracketSlot[] | null;
}

/**
 * Each table's view kept beside the match it was made from, with what else it read: the
 * match's derived result, both players (their names) and whether each is out, and whether they
 * reported it themselves. A result makes one match object new, so a board of 4,096 tables
 * makes one table again and answers the others' very objects, which the public answer then
 * serializes once each (`http/tournaments/kept-json.ts`). Held weakly, like the derived matches.
 */
interface KeptTable {
  readonly derived: DerivedMatch | undefined;
  readonly first: PlayerState | undefined;
  readonly second: PlayerState | undefined;
  readonly dropped: string;
  readonly reported: boolean;
  readonly view: TableView;
}
const keptTables = new WeakMap<MatchState, KeptTable>();

/** The pairings of `round`, tables in order then byes; undefined when the round is not paired. */
export function pairingsView(t: Tournament, round: number): PairingsView | undefined {
  return atOnce(pairingsViewMaking(t, round));
}

/** Tables made between two pauses of `pairingsViewMaking`. */
const TABLES_PER_PIECE = 64;

/**
 * `pairingsView` made in pieces (app/in-turns.ts): a few tables at a time, each derived from the
 * match-result projection where it was not (a round just paired, or the first board made by a
 * process since it started) and its view kept by match (`tableView`). In one piece, a board of
 * 4,096 tables not made before held the loop for 156 ms on a quiet server, and made again after
 * a result 10–20 ms (docs/performance.md).
 */
export function* pairingsViewMaking(t: Tournament, round: number): Making<PairingsView | undefined> {
  const r = findRound(t, round);
  if (!r) return undefined;
  const { dropped } = departures(t);
  const tables: TableView[] = [];
  for (let from = 0; from < r.matches.length; from += TABLES_PER_PIECE) {
    const positions = Array.from({ length: Math.min(TABLES_PER_PIECE, r.matches.length - from) }, (_, i) => from + i);
    const derived = derivedMatchesAt(t, r, positions);
    positions.forEach((p, i) => {
      tables.push(tableView(t, round, r.matches[p] as MatchState, derived[i], dropped));
    });
    yield;
  }
  const byes: TableView[] = r.byes.map((id) => ({
    table: null,
    players: [
      {
        id,
        name: nameOf(t, id),
        ...readingOf(t, id),
        seatedAt: null,
        duelWins: winsNeeded(r.bestOf),
        dropped: dropped.has(id),
      },
    ],
    outcome: { kind: 'bye' },
    duels: [],
    extensionMinutes: 0,
    needsResultAgain: false,
    noSideDeckBeforeFirstPlayedDuel: false,
    penalties: [],
  }));
  return {
    round,
    stage: r.stage,
    bestOf: r.bestOf,
    winsNeeded: winsNeeded(r.bestOf),
    maxDuels: Number.isFinite(maxDuelsPlayed(r.bestOf)) ? maxDuelsPlayed(r.bestOf) : null,
    roundMinutes: r.roundMinutes,
    phase: r.stage === 'swiss' ? (phaseOf(t, round)?.name ?? null) : null,
    seatTime: r.seatTime,
    started: r.started,
    plannedSeatTime: r.started ? null : r.plannedSeatTime,
    ended: r.ended,
    bracket: r.bracket ?? null,
    tables: [...tables, ...byes],
  };
}

/** A player's name; the id for one not registered. Looked up by id once: a search per seat made a board of 8,192 players quadratic. */
const nameOf = (t: Tournament, id: string): string => findPlayer(t, id)?.name ?? id;
const readingOf = (t: Tournament, id: string): { reading?: string } => {
  const reading = findPlayer(t, id)?.reading;
  return reading === undefined ? {} : { reading };
};

/** One table's view: the one kept beside its match while nothing it read changed, else made and kept. */
function tableView(
  t: Tournament,
  round: number,
  m: MatchState,
  derived: DerivedMatch | undefined,
  dropped: ReadonlySet<string>,
): TableView {
  const [first, second] = m.players.map((id) => findPlayer(t, id));
  const out = m.players.map((id) => (dropped.has(id) ? '1' : '0')).join('');
  const reported = playersReported(t, round, m.table);
  const kept = keptTables.get(m);
  if (
    kept &&
    kept.derived === derived &&
    kept.first === first &&
    kept.second === second &&
    kept.dropped === out &&
    kept.reported === reported
  )
    return kept.view;
  const duelWins = derived?.record.duelWins ?? {};
  const effects = derived?.effects;
  const view: TableView = {
    table: m.table,
    players: m.players.map((id) => ({
      id,
      name: nameOf(t, id),
      ...readingOf(t, id),
      seatedAt: m.seated.get(id) ?? null,
      duelWins: duelWins[id] ?? 0,
      dropped: dropped.has(id),
    })),
    outcome: derived?.record.outcome ?? { kind: 'pending' },
    duels: derived?.duels ?? [],
    extensionMinutes: m.extensions.reduce((sum, e) => sum + e.minutes, 0),
    needsResultAgain: derived?.staleReport ?? false,
    noSideDeckBeforeFirstPlayedDuel: derived?.noSideDeckBeforeFirstPlayedDuel ?? false,
    penalties: [
      ...new Set([...(effects?.duelLosses ?? []), ...(effects?.matchLosses ?? [])].map((e) => e.penaltyId)),
    ].sort((a, b) => a - b),
    ...(reported ? { playerReports: true } : {}),
  };
  keptTables.set(m, { derived, first, second, dropped: out, reported, view });
  return view;
}
