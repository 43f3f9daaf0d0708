import type { StoredEvent } from '../../../app/event-store.js';
import type { LiveHub, LiveMessage } from './live-hub.js';

/**
 * The fields of each event the public may read, by name: a whitelist, so a field added to an
 * event later stays with staff until it is named here. Staff's words (reasons, notes), who
 * acted, decklists and penalties are never named. An event type absent here is not shown.
 */
const PUBLIC_FIELDS: Readonly<Record<string, readonly string[]>> = {
  RoundPaired: ['round', 'stage', 'seatTime', 'matches', 'byes', 'bracket', 'bestOf', 'roundMinutes', 'startsLater'],
  RoundPublished: ['round'],
  ResultReported: ['round', 'table', 'duels', 'penaltyDuels'],
  ResultCorrected: ['round', 'table', 'duels', 'penaltyDuels'],
  RoundEnded: ['round'],
  PlayerSeated: ['round', 'table', 'player'],
  TournamentFinished: [],
  PrizeAwarded: ['prize', 'players'],
  PlayerDetailsChanged: ['player', 'name', 'reading'],
  TimeExtended: ['round', 'table', 'minutes'],
  // Enough for the two players' pages to refetch; what was reported stays with staff and the two players.
  PlayerResultReported: ['round', 'table'],
  PlayerDropped: ['player', 'afterRound'],
  // Which tables are on stream is public (the overlays follow it); a player's answer to filming is not.
  FeatureTablesMarked: ['round', 'tables'],
};

function picked(data: unknown, fields: readonly string[]): Record<string, unknown> {
  const source = (data ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}

/** What the public may see of an event, or null when it is staff-only (decklists, penalties, reasons). */
export function publicView(event: StoredEvent): { type: string; data: unknown } | null {
  // A held round reaches the public with its RoundPublished.
  if (event.type === 'RoundPaired' && (event.data as { held?: unknown }).held === true) return null;
  if (event.type === 'Announced') {
    // A notice to everyone is for everyone to read, one to a table only for its two players' pages (they refetch it);
    // which account posted it is staff's.
    const data = event.data as { table?: unknown };
    return {
      type: event.type,
      data: picked(event.data, data.table === null ? ['id', 'round', 'table', 'text'] : ['id', 'round', 'table']),
    };
  }
  const fields = PUBLIC_FIELDS[event.type];
  return fields ? { type: event.type, data: picked(event.data, fields) } : null;
}

/*
 * Events that change nothing any public view shows (pairings, clock, standings, records,
 * announcements, a player's page, the entry pages): a write of only these sends nothing to
 * public streams, so thousands of players' pages neither receive a frame nor refetch for a
 * judge call. Every other event the public cannot read still moves the version on public
 * streams (a penalty may change a match's result), as a frame with no events in it. A judge
 * call's progress shows on the two players' pages, which ask for it themselves while one is
 * open (web/src/calls/call-judge.tsx); a call's extension reaches them as its TimeExtended.
 */
const STAFF_ONLY: ReadonlySet<string> = new Set([
  'CallOpened',
  'CallClaimed',
  'CallEscalated',
  'CallResolved',
  'RequestSubmitted',
  'RequestDecided',
  // Only a held round has fixes; it reaches the public with its RoundPublished.
  'PairingFixed',
  // A player's answer to being filmed; a "no" that takes a feature table off writes a FeatureTablesMarked the public sees.
  'FilmingConsentRecorded',
]);

/** Whether the event is staff's alone, with no effect on anything the public may read. */
export function staffOnly(event: StoredEvent): boolean {
  if (event.type === 'RoundPaired') return (event.data as { held?: unknown }).held === true;
  return STAFF_ONLY.has(event.type);
}

const wire = (e: StoredEvent) => ({ seq: e.seq, type: e.type, data: e.data, actor: e.actor, at: e.at });

/**
 * The two messages for one durable write: every event for staff; for the public the version and
 * what it may see, or null when the write is staff's alone (no frame, so no page refetches).
 */
export function eventMessages(
  version: number,
  events: readonly StoredEvent[],
): { readonly staff: LiveMessage; readonly public: LiveMessage | null } {
  const visible = events.flatMap((e) => {
    const view = publicView(e);
    return view ? [{ seq: e.seq, ...view, at: e.at }] : [];
  });
  return {
    staff: { event: 'events', id: version, audience: 'staff', data: { version, events: events.map(wire) } },
    public: events.every(staffOnly)
      ? null
      : { event: 'events', id: version, audience: 'public', data: { version, events: visible } },
  };
}

/** Pushes a durable write to every console watching the tournament. */
export function publishEvents(
  hub: LiveHub,
  tournamentId: string,
  version: number,
  events: readonly StoredEvent[],
): void {
  if (events.length === 0) return;
  const messages = eventMessages(version, events);
  hub.publishSplit(tournamentId, messages.staff, messages.public);
}
