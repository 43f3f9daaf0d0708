import { createHash } from 'node:crypto';
import type { StoredEvent } from '../event-store.js';
import { canonicalJson } from '../request-fingerprint.js';

/*
 * The event log's fingerprint, the same from SQLite and PostgreSQL and from any program that
 * can read the log (docs/tournament-core.md, "The log's canonical form"): serialization
 * `shinpan-log/1` is, for each event of the tournament in seq order, the JSON object
 * {actor, at, data, seq, tournamentId, type} with every object's keys sorted by UTF-16 code
 * unit, no whitespace, strings and numbers as JSON.stringify writes them, followed by one
 * "\n"; the whole in UTF-8. The digest is the SHA-256 of that text, in lowercase hex.
 */

export const LOG_SERIALIZATION = 'shinpan-log/1';

/** One event's line of the canonical form (with its newline). */
export function canonicalEventLine(e: StoredEvent): string {
  return `${canonicalJson({ actor: e.actor, at: e.at, data: e.data, seq: e.seq, tournamentId: e.tournamentId, type: e.type })}\n`;
}

export interface LogDigest {
  readonly serialization: typeof LOG_SERIALIZATION;
  /** Events hashed: seq 1 to `events`. */
  readonly events: number;
  readonly sha256: string;
}

/** The digest of `events` (a tournament's log from seq 1, in order; an iterator streams a big log). */
export function logDigest(events: Iterable<StoredEvent>): LogDigest {
  const hash = createHash('sha256');
  let count = 0;
  for (const e of events) {
    hash.update(canonicalEventLine(e), 'utf8');
    count++;
  }
  return { serialization: LOG_SERIALIZATION, events: count, sha256: hash.digest('hex') };
}

/** The SHA-256 of bytes, in lowercase hex. */
export const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
