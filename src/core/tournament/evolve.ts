import { recordedPackContent } from '../policy/recorded-pack.js';
import type { PenaltyIssued, TournamentEvent } from './events.js';
import { evolveSelfService, noteConfirmation } from './evolve-self-service.js';
import { roundFormat } from './phases.js';
import type { MatchState, PenaltyState, RoundState, Tournament, TournamentState } from './state.js';

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
 * keeps where each player sits in the player list, since finding a dropped player by comparing
 * ids one by one made 872 drops of an 8,192-player event cost 7 million string comparisons.
 */
class Scratch {
  readonly #owned = new WeakSet<readonly unknown[]>();
  #positions: { readonly players: readonly unknown[]; readonly at: Map<string, number> } | null = null;

  /** `items` with `item` added at the end: a copy, or the fold's own array grown in place. */
  appended<T>(items: readonly T[], item: T): readonly T[] {
    if (this.#owned.has(items)) {
      (items as T[]).push(item);
      return items;
    }
    const copy = [...items, item];
    this.#owned.add(copy);
    return copy;
  }

  /** `items` with `item` at `at`: a copy, or the fold's own array changed in place. */
  replacedAt<T>(items: readonly T[], at: number, item: T): readonly T[] {
    const own = this.#owned.has(items) ? (items as T[]) : [...items];
    if (own !== items) this.#owned.add(own);
    own[at] = item;
    return own;
  }

  /** The index of player `id` in `players` (the first, as `findIndex` gives), or -1. */
  playerAt(players: Tournament['players'], id: string): number {
    if (this.#positions?.players !== players) {
      const at = new Map<string, number>();
      players.forEach((p, i) => {
        if (!at.has(p.id)) at.set(p.id, i);
      });
      this.#positions = { players, at };
    }
    return this.#positions.at.get(id) ?? -1;
  }

  /** The player list after `player` registered, its positions kept up to date. */
  registered(players: Tournament['players'], player: Tournament['players'][number]): Tournament['players'] {
    const grown = this.appended(players, player);
    const positions = this.#positions;
    if (positions && (positions.players === players || positions.players === grown)) {
      if (!positions.at.has(player.id)) positions.at.set(player.id, grown.length - 1);
      this.#positions = { players: grown, at: positions.at };
    }
    return grown;
  }
}

/** The state after every event in order; `from` is left as it was. */
export function fold(events: Iterable<TournamentEvent>, from: TournamentState = { status: 'none' }): TournamentState {
  const scratch = new Scratch();
  let state = from;
  for (const event of events) {
    if (event.type === 'TournamentCreated' || state.status === 'none') state = evolve(state, event);
    else state = evolveTournament(state, event, scratch);
  }
  return state;
}

/** `items` with `item` added at the end, a fresh array outside a fold. */
const appended = <T>(items: readonly T[], item: T, scratch: Scratch | undefined): readonly T[] =>
  scratch ? scratch.appended(items, item) : [...items, item];

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
      return { ...t, players: scratch ? scratch.registered(t.players, registered) : [...t.players, registered] };
    }
    case 'DecklistSubmitted':
    case 'DecklistCorrected':
      return updatePlayer(t, event.data.player, scratch, (p) => ({ ...p, decklist: event.data.decklist }));
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
        seated: {},
        extensions: [],
      }));
      const tableOf = new Map(d.matches.flatMap((m) => m.players.map((p) => [p, m.table] as const)));
      const format = roundFormat(t, d.stage, d.round);
      const round: RoundState = {
        number: d.round,
        stage: d.stage,
        seatTime: d.seatTime ?? event.at,
        started: d.startsLater !== true,
        seed: d.seed,
        matches,
        tableOf,
        byes: d.byes,
        bracket: d.bracket,
        bestOf: d.bestOf ?? format.bestOf,
        roundMinutes: d.roundMinutes ?? format.roundMinutes,
        ended: false,
      };
      return { ...t, rounds: [...t.rounds, round] };
    }
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
        seated: { ...m.seated, [event.data.player]: event.at },
      }));
    case 'TimeExtended': {
      const { minutes, reason } = event.data;
      return updateMatch(t, event.data.round, event.data.table, scratch, (m) => ({
        ...m,
        extensions: [...m.extensions, { minutes, reason }],
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
    case 'PenaltyChanged': {
      const d = event.data;
      return updatePenalty(t, d.penaltyId, (p) => ({
        ...p,
        penalty: d.penalty,
        landing: d.landing,
        noMatchLeft: d.noMatchLeft === true,
        statements: [...p.statements, ...d.statements],
        appeals: [
          ...p.appeals,
          { kind: 'changed', from: p.penalty, to: d.penalty, reason: d.reason, judge: d.judge, at: event.at },
        ],
      }));
    }
    case 'TardinessRaised': {
      const d = event.data;
      return updatePenalty(t, d.penaltyId, (p) => ({
        ...p,
        report: d.report,
        guideline: d.guideline,
        penalty: d.penalty,
        repeatUpgrade: d.repeatUpgrade,
        landing: d.landing,
        raised: [...(p.raised ?? []), { from: p.penalty, to: d.penalty, judge: d.judge, at: event.at }],
      }));
    }
    case 'PenaltyRescinded': {
      const d = event.data;
      return updatePenalty(t, d.penaltyId, (p) => ({
        ...p,
        rescinded: true,
        appeals: [
          ...p.appeals,
          { kind: 'rescinded', from: p.penalty, to: null, reason: d.reason, judge: d.judge, at: event.at },
        ],
      }));
    }
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
      return { ...t, requests: [...t.requests, request] };
    }
    case 'RequestDecided': {
      const d = event.data;
      const decision = { outcome: d.outcome, penaltyId: d.penaltyId, reason: d.reason, judge: d.judge, at: event.at };
      return { ...t, requests: t.requests.map((r) => (r.id === d.requestId ? { ...r, decision } : r)) };
    }
    case 'TournamentFinished':
      return { ...t, status: 'finished' };
    case 'PrizeListSet':
      return { ...t, prizes: event.data.prizes.map((p) => ({ ...p, awardedTo: null })) };
    case 'PrizeAwarded':
      return {
        ...t,
        prizes: t.prizes.map((p) => (p.id === event.data.prize ? { ...p, awardedTo: event.data.players } : p)),
      };
    case 'PlayerReportingSet':
    case 'PlayerResultReported':
    case 'PlayerCheckedIn':
      return evolveSelfService(t, event);
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function updatePlayer(
  t: Tournament,
  id: string,
  scratch: Scratch | undefined,
  change: (p: Tournament['players'][number]) => Tournament['players'][number],
): Tournament {
  const at = scratch ? scratch.playerAt(t.players, id) : t.players.findIndex((p) => p.id === id);
  const player = t.players[at];
  return player ? { ...t, players: replacedAt(t.players, at, change(player), scratch) } : t;
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

function updatePenalty(t: Tournament, id: number, change: (p: PenaltyState) => PenaltyState): Tournament {
  return { ...t, penalties: t.penalties.map((p) => (p.id === id ? change(p) : p)) };
}

/** A penalty as it stands when issued (no appeal yet); `decide` also folds its own draft with it, for a second penalty of the same command. */
export function issuedPenalty(d: PenaltyIssued['data'], at: string): PenaltyState {
  return {
    id: d.penaltyId,
    player: d.player,
    report: d.report,
    guideline: d.guideline,
    penalty: d.penalty,
    repeatUpgrade: d.repeatUpgrade,
    deviationReason: d.deviationReason,
    context: d.context,
    landing: d.landing,
    statements: d.statements,
    judge: d.judge,
    reason: d.reason ?? null,
    addedTo: d.addedTo ?? null,
    noMatchLeft: d.noMatchLeft === true,
    notes: d.notes ?? null,
    at,
    rescinded: false,
    appeals: [],
  };
}
