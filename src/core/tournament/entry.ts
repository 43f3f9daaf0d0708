import type { DecklistPublication, Entrant, EntryMode } from './events.js';
import { nameKey } from '../names/normal-form.js';
import { Ledger } from './ledger.js';
import { findPlayer } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Public entry (players enter from their phones before the day) and players' own decklists.
 * Entrants and submissions arrive one event each, thousands of them, so each list is a ledger
 * (`ledger.ts`): found by key, and adding costs the same for the first and the 8,192nd.
 */

export interface EntrySettings {
  readonly cap: number;
  readonly closesAt: string;
  readonly mode: EntryMode;
}

/** An entry as made: what the entrant gave, when, how it was taken, and the duplicates it was flagged with. */
export interface EntryRecord extends Entrant {
  readonly at: string;
  readonly status: 'registered' | 'waiting' | 'applied';
  readonly duplicateOf: readonly string[];
}

/** A place on the waiting list, 1 for the first. */
export interface WaitingPlace {
  readonly id: string;
  readonly place: number;
}

export interface EntryState {
  /** As last opened; `null` until the organizer opens entry. */
  readonly settings: EntrySettings | null;
  /** Closed by the organizer since it was last opened. */
  readonly closed: boolean;
  /** Every public entry by entrant id, and by Card Game ID and by name and reading (duplicates). */
  readonly entrants: Ledger<EntryRecord>;
  readonly byCardGameId: Ledger<EntryRecord>;
  readonly byName: Ledger<EntryRecord>;
  /** The waiting list in order, by place (`String(place)`) and by entrant id. */
  readonly waitingByPlace: Ledger<WaitingPlace>;
  readonly waitingById: Ledger<WaitingPlace>;
  /** How many moved up from the waiting list: the next to move up has place `movedUp + 1`. */
  readonly movedUp: number;
  readonly lottery: { readonly seed: number; readonly drawn: readonly string[]; readonly at: string } | null;
  /** The lottery's seed committed when entry opened (its commitment is public until the draw reveals it). */
  readonly committed: { readonly seed: number; readonly nonce: string; readonly commitment: string } | null;
}

/** A list a player or staff sent before round 1 (or a head judge's correction after), with its receipt. */
export interface Submission {
  readonly player: string;
  readonly at: string;
  readonly hash: string;
  readonly byPlayer: boolean;
  /** Findings the player confirmed sending the list with (0: none, or not known). */
  readonly findings: number;
  readonly corrected: boolean;
}

export interface DecklistSettingsState {
  /** Players' own lists are taken until then; `null`: until round 1 is paired. */
  readonly deadline: string | null;
  readonly publication: DecklistPublication | null;
  /** Every list sent, in order, by player. */
  readonly submissions: Ledger<Submission>;
}

export const NO_ENTRY: EntryState = {
  settings: null,
  closed: false,
  entrants: Ledger.empty((e) => e.id),
  // Stored in its form (decide-entry.ts); an older log's ten ASCII digits are that form already.
  byCardGameId: Ledger.empty((e) => e.cardGameId ?? ''),
  byName: Ledger.empty((e) => nameKey(e.name, e.reading)),
  waitingByPlace: Ledger.empty((w) => String(w.place)),
  waitingById: Ledger.empty((w) => w.id),
  movedUp: 0,
  lottery: null,
  committed: null,
};

export const NO_DECKLIST_SETTINGS: DecklistSettingsState = {
  deadline: null,
  publication: null,
  submissions: Ledger.empty((s) => s.player),
};

export const entryOf = (t: Tournament): EntryState => t.entry ?? NO_ENTRY;
export const decklistSettings = (t: Tournament): DecklistSettingsState => t.decklists ?? NO_DECKLIST_SETTINGS;

/** Whether the public can enter at `now`: opened, not closed by hand, before its closing time, round 1 not paired. */
export function entryOpenAt(t: Tournament, now: string): boolean {
  const e = entryOf(t);
  return (
    e.settings !== null &&
    !e.closed &&
    t.rounds.length === 0 &&
    t.status === 'open' &&
    Date.parse(now) < Date.parse(e.settings.closesAt) &&
    !(e.settings.mode === 'lottery' && e.lottery !== null)
  );
}

/** Players registered and not dropped: the seats public entry counts against its cap (kept, `roster-index.ts`). */
export const seatsTaken = (t: Tournament): number => t.roster.seated;

/** The place of an entrant on the waiting list still to move up (1: next), or null. */
export function waitingPlace(t: Tournament, id: string): number | null {
  const e = entryOf(t);
  const w = e.waitingById.latest(id);
  return w && w.place > e.movedUp ? w.place - e.movedUp : null;
}

/**
 * The waiting list still to move up, in order: the places past those moved up whose entrant is
 * not a player yet (staff may have registered one by hand: the list moves on past them). One
 * queue every path reads: entry, a freed seat, a larger cap.
 */
export function* waitingInOrder(t: Tournament): Generator<EntryRecord> {
  const e = entryOf(t);
  for (let place = e.movedUp + 1; place <= e.waitingByPlace.size; place++) {
    const w = e.waitingByPlace.latest(String(place));
    if (!w || findPlayer(t, w.id)) continue;
    const entrant = e.entrants.latest(w.id);
    if (entrant) yield entrant;
  }
}

/** Who moves up next from the waiting list, if anyone. */
export function nextWaiting(t: Tournament): EntryRecord | undefined {
  return waitingInOrder(t).next().value;
}

/** Whether the player's own list may still be sent at `now`: before the deadline, and before the player's first round is paired. */
export function decklistOpenAt(t: Tournament, entryRound: number, now: string): boolean {
  const { deadline } = decklistSettings(t);
  return t.rounds.length < entryRound && (deadline === null || Date.parse(now) < Date.parse(deadline));
}

/** The latest list's receipt for a player, if one was sent. */
export const receiptOf = (t: Tournament, player: string): Submission | undefined =>
  decklistSettings(t).submissions.latest(player);

/**
 * Both sides of every duplicate warning: an entry is flagged when made, against those before it
 * (`duplicateOf`, as recorded); staff see the warning on the earlier entry or player too. One
 * pass over the entries, for a staff view; the events stay as they were. A pair one side of
 * which was dropped is settled: the warning goes (the drop is how staff resolve a duplicate).
 */
export function duplicateWarnings(t: Tournament): ReadonlyMap<string, readonly string[]> {
  const settled = (id: string) => (findPlayer(t, id)?.drop ?? null) !== null;
  const both = new Map<string, string[]>();
  const add = (id: string, other: string) => {
    const list = both.get(id);
    if (!list) both.set(id, [other]);
    else if (!list.includes(other)) list.push(other);
  };
  for (const e of entryOf(t).entrants)
    for (const other of e.duplicateOf) {
      if (settled(e.id) || settled(other)) continue;
      add(e.id, other);
      add(other, e.id);
    }
  return both;
}
