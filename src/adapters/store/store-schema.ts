import type { Generated } from 'kysely';

/**
 * The event log's tables, the same on SQLite and PostgreSQL.
 * `data` is JSON kept as text in both: it reads back byte for byte as written (jsonb would
 * reorder keys and make the server re-serialise every row), and the client parses it once.
 */
export interface StoreSchema {
  /** One row per tournament: its current version, the row concurrent writers serialize on. */
  streams: {
    id: string;
    version: number;
  };
  events: {
    /** Global append order across tournaments (what readByTypes orders by). */
    position: Generated<number>;
    tournament_id: string;
    seq: number;
    type: string;
    data: string;
    actor: string;
    at: string;
  };
  /** The tournament list's summary of a stream at `version` (JSON text): a cache, rebuilt from the log when behind. */
  stream_summaries: {
    id: string;
    version: number;
    summary: string;
  };
  /** What each idempotency key wrote, so a retry returns the same result without writing. */
  idempotency_keys: {
    tournament_id: string;
    key: string;
    /** Fingerprint of the request (app/request-fingerprint.ts), or of its events (eventsFingerprint). */
    fingerprint: string;
    first_seq: number;
    last_seq: number;
    /** ISO time the key was written: keys older than the retention are pruned. */
    created_at: string;
  };
}
