import { cardGameIdForm, nameKey } from '../names/normal-form.js';
import { Ledger } from './ledger.js';
import type { PlayerState } from './state.js';

/*
 * What public entry asks of the player list at every entry: how many seats are taken, and who
 * already has this name and reading or this Card Game ID. Counting and normalising all 8,192
 * players for each entry cost 30–41 ms an entry; the fold keeps the answers instead, changed
 * by the one player each event touches (a registration, a drop, a new name), so an entry costs
 * the same with 8,000 registered as with none. A key's players are kept as marks (joined,
 * left) in a ledger, since a renamed player leaves its old key; a key has a handful at most.
 */

/** A player joining or leaving a key. */
interface Mark {
  readonly key: string;
  readonly id: string;
  readonly joined: boolean;
}

export interface RosterIndex {
  /** Players not dropped: the seats public entry counts against its cap. */
  readonly seated: number;
  /** Players by `nameKey` of their name and reading (a player without a reading has none). */
  readonly byName: Ledger<Mark>;
  /** Players by their Card Game ID's form: the one they entered with, else their id when it is one. */
  readonly byCardGameId: Ledger<Mark>;
}

export const EMPTY_ROSTER: RosterIndex = {
  seated: 0,
  byName: Ledger.empty((m) => m.key),
  byCardGameId: Ledger.empty((m) => m.key),
};

type Listed = Pick<PlayerState, 'id' | 'name' | 'reading' | 'cardGameId' | 'drop'>;

const nameKeyOf = (p: Listed): string | null => (p.reading === undefined ? null : nameKey(p.name, p.reading));
const idKeyOf = (p: Listed): string | null => cardGameIdForm(p.cardGameId ?? p.id);

/** The index after player `after` was registered (`before` undefined) or changed from `before`. */
export function rosterChanged(index: RosterIndex, before: Listed | undefined, after: Listed): RosterIndex {
  const seated = index.seated + (after.drop === null ? 1 : 0) - (before !== undefined && before.drop === null ? 1 : 0);
  // A drop or a decklist changes no key: the names are not normalised again.
  const sameKeys =
    before !== undefined &&
    before.name === after.name &&
    before.reading === after.reading &&
    before.cardGameId === after.cardGameId;
  if (sameKeys) return seated === index.seated ? index : { ...index, seated };
  return {
    seated,
    byName: moved(index.byName, after.id, before && nameKeyOf(before), nameKeyOf(after)),
    byCardGameId: moved(index.byCardGameId, after.id, before && idKeyOf(before), idKeyOf(after)),
  };
}

function moved(marks: Ledger<Mark>, id: string, from: string | null | undefined, to: string | null): Ledger<Mark> {
  if (from === to) return marks;
  const left = from == null ? marks : marks.with({ key: from, id, joined: false });
  return to === null ? left : left.with({ key: to, id, joined: true });
}

/** The players under `key`, in the order they first joined it. */
export function playersUnder(marks: Ledger<Mark>, key: string): string[] {
  const now = new Map<string, boolean>();
  for (const m of marks.of(key)) now.set(m.id, m.joined);
  return [...now].filter(([, joined]) => joined).map(([id]) => id);
}

/** The index made from the players as they are now: what the kept one must always equal. */
export const rosterAfresh = (players: readonly Listed[]): RosterIndex =>
  players.reduce((index, p) => rosterChanged(index, undefined, p), EMPTY_ROSTER);
