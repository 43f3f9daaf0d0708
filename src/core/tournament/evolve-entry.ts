import type {
  DecklistCorrected,
  DecklistDeadlineSet,
  DecklistPublicationSet,
  DecklistSubmitted,
  EntryClosed,
  EntryOpened,
  EntryReceived,
  LotteryDrawn,
  PlayerRegistered,
} from './events.js';
import { receiptHash } from './decklist-receipt.js';
import { decklistSettings, entryOf, type EntryState } from './entry.js';
import type { Tournament } from './state.js';

/** The state after an entry event; each entrant or place adds one item to a ledger. */
export function evolveEntry(
  t: Tournament,
  event: EntryOpened | EntryClosed | EntryReceived | LotteryDrawn | DecklistDeadlineSet | DecklistPublicationSet,
): Tournament {
  const e = entryOf(t);
  switch (event.type) {
    case 'EntryOpened': {
      // The committed seed is kept apart from the settings, which the public page shows.
      const { lottery, ...settings } = event.data;
      return { ...t, entry: { ...e, settings, closed: false, committed: lottery ?? e.committed } };
    }
    case 'EntryClosed':
      return { ...t, entry: { ...e, closed: true } };
    case 'EntryReceived': {
      const record = {
        ...event.data.entrant,
        at: event.at,
        status: event.data.status,
        duplicateOf: event.data.duplicateOf,
      };
      const entry: EntryState = {
        ...e,
        entrants: e.entrants.with(record),
        byCardGameId: record.cardGameId === undefined ? e.byCardGameId : e.byCardGameId.with(record),
        byName: e.byName.with(record),
      };
      return { ...t, entry: record.status === 'waiting' ? addWaiting(entry, record.id) : entry };
    }
    case 'LotteryDrawn': {
      let entry: EntryState = { ...e, lottery: { seed: event.data.seed, drawn: event.data.drawn, at: event.at } };
      for (const id of event.data.waiting) entry = addWaiting(entry, id);
      return { ...t, entry };
    }
    case 'DecklistDeadlineSet':
      return { ...t, decklists: { ...decklistSettings(t), deadline: event.data.until } };
    case 'DecklistPublicationSet':
      return { ...t, decklists: { ...decklistSettings(t), publication: event.data.scope } };
  }
}

/** The last place of the waiting list, for `id`. */
function addWaiting(e: EntryState, id: string): EntryState {
  const place = { id, place: e.waitingByPlace.size + 1 };
  return { ...e, waitingByPlace: e.waitingByPlace.with(place), waitingById: e.waitingById.with(place) };
}

/**
 * A registration moved up from the waiting list advances its head to the entrant's place: the
 * places before it moved up or were registered by hand (older logs moved one place at a time,
 * the same thing).
 */
export function noteMovedUp(t: Tournament, event: PlayerRegistered): Tournament {
  if (event.data.fromWaitingList !== true) return t;
  const e = entryOf(t);
  const place = e.waitingById.latest(event.data.player.id)?.place ?? e.movedUp + 1;
  return { ...t, entry: { ...e, movedUp: Math.max(e.movedUp + 1, place) } };
}

/** A list sent or corrected: its receipt joins the player's submissions. */
export function noteSubmission(t: Tournament, event: DecklistSubmitted | DecklistCorrected): Tournament {
  const s = decklistSettings(t);
  const submitted = event.type === 'DecklistSubmitted' ? event.data : null;
  const submission = {
    player: event.data.player,
    at: event.at,
    hash: submitted?.receipt ?? receiptHash(event.data.decklist),
    byPlayer: submitted?.byPlayer === true,
    findings: submitted?.findings ?? 0,
    corrected: event.type === 'DecklistCorrected',
  };
  return { ...t, decklists: { ...s, submissions: s.submissions.with(submission) } };
}
