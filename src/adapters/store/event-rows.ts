import { createHash } from 'node:crypto';
import type { NewEvent, StoredEvent } from '../../app/event-store.js';
import { canonicalJson } from '../../app/request-fingerprint.js';

/** An events row as both stores read it back. */
export interface EventRow {
  readonly tournament_id: string;
  readonly seq: number;
  readonly type: string;
  readonly data: string;
  readonly actor: string;
  readonly at: string;
}

/** Rebuilds the stored event from its row; the only place event JSON is parsed. */
export function eventFromRow(row: EventRow): StoredEvent {
  return {
    tournamentId: row.tournament_id,
    seq: row.seq,
    type: row.type,
    data: JSON.parse(row.data),
    actor: row.actor,
    at: row.at,
  };
}

/** The JSON text stored for an event's data; refuses data JSON cannot carry (undefined, functions). */
export function serializeData(event: NewEvent): string {
  const text = JSON.stringify(event.data);
  if (text === undefined) throw new TypeError(`event ${event.type}: data must be JSON (got ${typeof event.data})`);
  return text;
}

/**
 * What makes two appends under one idempotency key "the same" when the caller brings no
 * request fingerprint of its own: type, actor and data of each event, in order. `at` is
 * left out on purpose: a retry is stamped when it is sent again, and a later stamp does not make it a different write (the first write's events are returned).
 */
export function eventsFingerprint(events: readonly NewEvent[]): string {
  const hash = createHash('sha256');
  for (const event of events) hash.update(canonicalJson([event.type, event.actor, event.data])).update('\n');
  return hash.digest('hex');
}
