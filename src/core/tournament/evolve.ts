import { recordedPackContent } from '../policy/recorded-pack.js';
import type { TournamentEvent } from './events.js';
import { issuedPenalty, penaltyAfter } from './evolve-penalties.js';
import { evolveJudgeCalls } from './evolve-judge-calls.js';
import { evolveEntry, noteMovedUp, noteSubmission } from './evolve-entry.js';
import { evolveSelfService, noteConfirmation } from './evolve-self-service.js';
import { roundFormat } from './phases.js';
import { announced } from './announcements.js';
import { evolveFilming } from './feature-tables.js';
import type { MatchState, PenaltyState, RoundState, Tournament, TournamentState } from './state.js';
import { keepPlayerIndex, playerPosition } from './state-queries.js';
import { EMPTY_ROSTER, rosterChanged } from './roster-index.js';

/*
 * Applies one event to the state. Events are facts that were already decided, so evolve
 * never refuses one; an event that does not fit (a log written by a broken tool) leaves the
 * state unchanged rather than inventing data.
 */

/** The state after `event`. */
export function evolve(state: TournamentState, event: TournamentEvent): TournamentState {
  if (event.type === 'TournamentCreated') {
    if (state.status !== 'none') return state;
    const { tournamentId, settings, pack } = event.data;
    return {
      status: 'open',
      id: tournamentId,
      settings,
      // A pack recorded before it named the clock's and the deck checks' infractions reads as the code then did.
      pack: { ...pack, content: recordedPackContent(pack.content) },
      players: [],
      roster: EMPTY_ROSTER,
      rounds: [],
      penalties: [],
      prizes: [],
      requests: [],
      cuts: [],
      phases: [],
    };
  }
  return state.status === 'none' ? state : evolveTournament(state, event, undefined);
}

/*
 * Arrays made during one fold that no state outside it has seen yet. A replay writes every
 * result into a round's match array and every registration onto the player list; copying those
 * arrays for each event made a replay quadratic in the round size (a 2,048-match array copied
 * for each of its results). Within a fold the states in between are never handed out, so the
 * fold copies such an array once and then changes its own copy in place. Arrays of the state it
 * starts from, and every array once the fold has returned, are never changed again. It also
 * keeps where each item sits in a list found by id (prizes; players have their index in
 * state-queries.ts, which outlives the fold), since finding a dropped player by comparing ids one
 * by one made 872 drops of an 8,192-player event cost 7 million string comparisons. `test/tournament/fold-work.test.ts` counts the work of every event type.
 */
class Scratch {
  readonly #owned = new WeakSet<readonly unknown[]>();
  readonly #ownedMaps = new WeakSet<ReadonlyMap<unknown, unknown>>();
  /** Per list, id → the index of its first item with that id. */
  readonly #positions = new WeakMap<readonly unknown[], Map<string, number>>();

  /** `items` with `item` added at the end: a copy, or the fold's own array grown in place. */
  appended<T>(items: readonly T[], item: T): readonly T[] {
    if (this.#owned.has(items)) {
      (items as T[]).push(item);
      return items;
    }
    const grown = [...items, item];
    this.#owned.add(grown);
    return grown;
  }

  /** `items` with `item` at `at`: a copy, or the fold's own array changed in place. */
  replacedAt<T>(items: readonly T[], at: number, item: T): readonly T[] {
    if (this.#owned.has(items)) {
      (items as T[])[at] = item;
      return items;
    }
    const copy = [...items];
    copy[at] = item;
    this.#owned.add(copy);
    const positions = this.#positions.get(items);
    if (positions) this.#positions.set(copy, positions);
    return copy;
  }

  /** `map` as one the fold may change in place: a copy the first time, the fold's own map after. */
  ownMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
    if (this.#ownedMaps.has(map)) return map as Map<K, V>;
    const copy = new Map(map);
    this.#ownedMaps.add(copy);
    return copy;
  }

  /** The index of the first item of `items` whose id is `id`, or -1. */
  indexOf<T>(items: readonly T[], idOf: (item: T) => string, id: string): number {
    let positions = this.#positions.get(items);
    if (!positions) {
      const at = new Map<string, number>();
      items.forEach((item, i) => {
        if (!at.has(idOf(item))) at.set(idOf(item), i);
      });
      this.#positions.set(items, at);
      positions = at;
    }
    return positions.get(id) ?? -1;
  }
}

/** The state after every event in order; `from` is left as it was. */
export function fold(events: Iterable<TournamentEvent>, from: TournamentState = { status: 'none' }): TournamentState {
  return foldOnward(from)(events);
}

/**
 * One fold fed a batch at a time, for the commands of one write decided in order (a player list
 * import): each call answers the state after every event given so far. A fold per command
 * copied the player list once per registered player. A state it answers is good until the next
 * call, which may grow its arrays in place; `from` is left as it was.
 */
export function foldOnward(from: TournamentState): (events: Iterable<TournamentEvent>) => TournamentState {
  const scratch = new Scratch();
  let state = from;
  return (events) => {
    for (const event of events) {
      if (event.type === 'TournamentCreated' || state.status === 'none') state = evolve(state, event);
      else state = evolveTournament(state, event, scratch);
    }
    return state;
  };
}

/** `items` with `item` added at the end, a fresh array outside a fold. */
const appended = <T>(items: readonly T[], item: T, scratch: Scratch | undefined): readonly T[] =>
  scratch ? scratch.appended(items, item) : [...items, item];

/** The index of the first item whose id is `id`, or -1. */
const indexOf = <T>(
  items: readonly T[],
  idOf: (item: T) => string,
  id: string,
  scratch: Scratch | undefined,
): number => (scratch ? scratch.indexOf(items, idOf, id) : items.findIndex((item) => idOf(item) === id));

/** `items` with `item` at `at`, a fresh array outside a fold. */
function replacedAt<T>(items: readonly T[], at: number, item: T, scratch: Scratch | undefined): readonly T[] {
  if (scratch) return scratch.replacedAt(items, at, item);
  const copy = [...items];
  copy[at] = item;
  return copy;
}

function evolveTournament(
  t: Tournament,
  event: Exclude<TournamentEvent, { type: 'TournamentCreated' }>,
  scratch: Scratch | undefined,
): Tournament {
  switch (event.type) {
    case 'DeckRulesChanged':
      return { ...t, settings: { ...t.settings, deckRules: event.data.deckRules } };
    case 'PlayerRegistered': {
      const { player, entryRound, invitation } = event.data;
      const registered = { ...player, entryRound, invitation: invitation ?? null, drop: null };
      const players = appended(t.players, registered, scratch);
      keepPlayerIndex(t.players, players);
      return noteMovedUp({ ...t, players, roster: rosterChanged(t.roster, undefined, registered) }, event);
    }
    case 'DecklistSubmitted':
    case 'DecklistCorrected': {
      const updated = updatePlayer(t, event.data.player, scratch, (p) => ({ ...p, decklist: event.data.decklist }));
      return updated === t ? t : noteSubmission(updated, event);
    }
    case 'PlayerDetailsChanged': {
      const { name, reading } = event.data;
      return updatePlayer(t, event.data.player, scratch, ({ reading: before, ...p }) => {
        // The reading left as it was (absent), replaced, or taken away (null).
        const after = reading === undefined ? before : (reading ?? undefined);
        return { ...p, ...(name === undefined ? {} : { name }), ...(after === undefined ? {} : { reading: after }) };
      });
    }
    case 'PlayerDropped': {
      const { afterRound, reason } = event.data;
      return updatePlayer(t, event.data.player, scratch, (p) => ({ ...p, drop: { afterRound, reason } }));
    }
    case 'RoundPaired': {
      const d = event.data;
      const matches: MatchState[] = d.matches.map((m) => ({
        table: m.table,
        players: m.players,
        report: null,
        seated: new Map(),
        rollCall: new Set(),
        extensions: [],
      }));
      const tableOf = new Map(d.matches.flatMap((m) => m.players.map((p) => [p, m.table] as const)));
      const format = roundFormat(t, d.stage, d.round);
      const round: RoundState = {
        number: d.round,
        stage: d.stage,
        seatTime: d.seatTime ?? event.at,
        started: d.startsLater !== true,
        plannedSeatTime: d.startsLater === true ? d.seatTime : null,
        seed: d.seed,
        matches,
        tableOf,
        byes: d.byes,
        bracket: d.bracket,
        bestOf: d.bestOf ?? format.bestOf,
        roundMinutes: d.roundMinutes ?? format.roundMinutes,
        ended: false,
        // A held round is not started: its clock waits for the publish.
        ...(d.held === true
          ? { started: false, held: { startsLater: d.startsLater === true, seatTime: d.seatTime } }
          : {}),
      };
      return { ...t, rounds: [...t.rounds, round] };
    }
    case 'RoundPublished':
      return {
        ...t,
        rounds: t.rounds.map((r) => {
          if (r.number !== event.data.round) return r;
          const { held: _held, ...published } = r;
          return published;
        }),
      };
    case 'PairingFixed':
      return fixedPairing(t, event.data.round, event.data.swap, scratch);
    case 'Announced':
      return announced(t, event);
    case 'RoundStarted':
      return {
        ...t,
        rounds: t.rounds.map((r) =>
          r.number === event.data.round ? { ...r, seatTime: event.data.seatTime, started: true } : r,
        ),
      };
    case 'PlayerSeated':
      return updateMatch(t, event.data.round, event.data.table, scratch, (m) => ({
        ...m,
        seated: new Map(m.seated).set(event.data.player, event.at),
        ...(event.data.rollCall ? { rollCall: new Set(m.rollCall).add(event.data.player) } : {}),
      }));
    case 'TimeExtended': {
      const { minutes, reason } = event.data;
      return updateMatch(t, event.data.round, event.data.table, scratch, (m) => ({
        ...m,
        extensions: appended(m.extensions, { minutes, reason }, scratch),
      }));
    }
    case 'ResultReported': {
      const { duels, penaltyDuels } = event.data;
      const reported = updateMatch(t, event.data.round, event.data.table, scratch, (m) => ({
        ...m,
        report: { duels, penaltyDuels, correction: null },
      }));
      return noteConfirmation(reported, event);
    }
    case 'ResultCorrected': {
      const { duels, penaltyDuels, reason } = event.data;
      return updateMatch(t, event.data.round, event.data.table, scratch, (m) => ({
        ...m,
        report: { duels, penaltyDuels, correction: reason },
      }));
    }
    case 'DecklistIssuesAccepted':
      // A record of the organizer's decision; the state has nothing to change.
      return t;
    case 'RoundEnded':
      return { ...t, rounds: t.rounds.map((r) => (r.number === event.data.round ? { ...r, ended: true } : r)) };
    case 'SwissCut':
      return { ...t, cuts: [...t.cuts, event.data] };
    case 'PhaseStarted':
      return { ...t, phases: [...t.phases, event.data] };
    case 'PenaltyIssued':
      return { ...t, penalties: appended(t.penalties, issuedPenalty(event.data, event.at), scratch) };
    case 'PenaltyChanged':
    case 'TardinessRaised':
    case 'PenaltyRescinded':
    case 'AppealDenied':
      return updatePenalty(t, event.data.penaltyId, scratch, (p) =>
        penaltyAfter(p, event, (items, item) => appended(items, item, scratch)),
      );
    case 'RequestSubmitted': {
      const d = event.data;
      const request = {
        id: d.requestId,
        request: d.request,
        notes: d.notes,
        guideline: d.guideline,
        proposed: d.proposed,
        judge: d.judge,
        at: event.at,
        decision: null,
      };
      return { ...t, requests: appended(t.requests, request, scratch) };
    }
    case 'RequestDecided': {
      const d = event.data;
      const decision = { outcome: d.outcome, penaltyId: d.penaltyId, reason: d.reason, judge: d.judge, at: event.at };
      const at = numbered(t.requests, d.requestId);
      const request = t.requests[at];
      return request ? { ...t, requests: replacedAt(t.requests, at, { ...request, decision }, scratch) } : t;
    }
    case 'TournamentFinished':
      return { ...t, status: 'finished' };
    case 'PrizeListSet':
      return { ...t, prizes: event.data.prizes.map((p) => ({ ...p, awardedTo: null })) };
    case 'PrizeAwarded': {
      const at = indexOf(t.prizes, (p) => p.id, event.data.prize, scratch);
      const prize = t.prizes[at];
      return prize
        ? { ...t, prizes: replacedAt(t.prizes, at, { ...prize, awardedTo: event.data.players }, scratch) }
        : t;
    }
    case 'PlayerReportingSet':
    case 'PlayerPairingReasonsSet':
    case 'CheckInVenueCodeSet':
    case 'EntryFeeSet':
    case 'FeePaymentRecorded':
    case 'PlayerResultReported':
    case 'PlayerCheckedIn':
      return evolveSelfService(t, event);
    case 'CallOpened':
    case 'CallClaimed':
    case 'CallEscalated':
    case 'CallResolved':
    case 'CallRulesSet':
      return evolveJudgeCalls(t, event);
    case 'EntryOpened':
    case 'EntryClosed':
    case 'EntryReceived':
    case 'LotteryDrawn':
    case 'DecklistDeadlineSet':
    case 'DecklistPublicationSet':
      return evolveEntry(t, event);
    case 'FilmingConsentRecorded':
    case 'FeatureTablesMarked':
      return evolveFilming(t, event);
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Two players of a round swapped: their matches (or the bye) and the player → table lookup. */
function fixedPairing(
  t: Tournament,
  number: number,
  [a, b]: readonly [string, string],
  scratch: Scratch | undefined,
): Tournament {
  const at = t.rounds.findIndex((r) => r.number === number);
  const r = t.rounds[at];
  if (!r) return t;
  const [tableA, tableB] = [r.tableOf.get(a), r.tableOf.get(b)];
  let matches = r.matches;
  let byes = r.byes;
  const sit = (table: number | undefined, from: string, to: string) => {
    if (table === undefined) byes = byes.map((p) => (p === from ? to : p));
    else
      matches = replaceMatch(
        matches,
        table,
        (m) => ({
          ...m,
          players: [m.players[0] === from ? to : m.players[0], m.players[1] === from ? to : m.players[1]],
        }),
        scratch,
      );
  };
  sit(tableA, a, b);
  sit(tableB, b, a);
  const tableOf = scratch ? scratch.ownMap(r.tableOf) : new Map(r.tableOf);
  if (tableB === undefined) tableOf.delete(a);
  else tableOf.set(a, tableB);
  if (tableA === undefined) tableOf.delete(b);
  else tableOf.set(b, tableA);
  return { ...t, rounds: replacedAt(t.rounds, at, { ...r, matches, byes, tableOf }, scratch) };
}

/** The player changed, and the roster index with it (a name, a drop; a decklist leaves it as it was). */
function updatePlayer(
  t: Tournament,
  id: string,
  scratch: Scratch | undefined,
  change: (p: Tournament['players'][number]) => Tournament['players'][number],
): Tournament {
  const at = playerPosition(t.players, id);
  const player = t.players[at];
  if (!player) return t;
  const changed = change(player);
  const players = replacedAt(t.players, at, changed, scratch);
  keepPlayerIndex(t.players, players);
  return { ...t, players, roster: rosterChanged(t.roster, player, changed) };
}

function updateMatch(
  t: Tournament,
  round: number,
  table: number,
  scratch: Scratch | undefined,
  change: (m: MatchState) => MatchState,
): Tournament {
  return {
    ...t,
    rounds: t.rounds.map((r) =>
      r.number === round ? { ...r, matches: replaceMatch(r.matches, table, change, scratch) } : r,
    ),
  };
}

/** Tables are numbered from 1 in order, so the match is found by position; the scan is only a fallback. */
function replaceMatch(
  matches: readonly MatchState[],
  table: number,
  change: (m: MatchState) => MatchState,
  scratch: Scratch | undefined,
): readonly MatchState[] {
  const at = matches[table - 1]?.table === table ? table - 1 : matches.findIndex((m) => m.table === table);
  const match = matches[at];
  return match ? replacedAt(matches, at, change(match), scratch) : matches;
}

function updatePenalty(
  t: Tournament,
  id: number,
  scratch: Scratch | undefined,
  change: (p: PenaltyState) => PenaltyState,
): Tournament {
  const at = numbered(t.penalties, id);
  const penalty = t.penalties[at];
  return penalty ? { ...t, penalties: replacedAt(t.penalties, at, change(penalty), scratch) } : t;
}

/** Penalties and requests are numbered from 1 in order, so one is found by position; the scan is only a fallback. */
const numbered = (items: readonly { readonly id: number }[], id: number): number =>
  items[id - 1]?.id === id ? id - 1 : items.findIndex((item) => item.id === id);
