/**
 * The one contract both stores (SQLite, PostgreSQL) implement and one shared suite tests.
 * Events are JSON; the store never interprets them. Appends are optimistic: a write carries
 * the version it was decided on, and a stale version is refused, never merged.
 */
export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  /** Who did it: a user id, or `cli:<os user>` for the scorekeeper's CLI. */
  readonly actor: string;
  /** ISO-8601 time the command carried; the store never reads a clock for events. */
  readonly at: string;
}

export interface StoredEvent extends NewEvent {
  readonly tournamentId: string;
  /** 1-based position in the tournament's log; the tournament's version is the last seq. */
  readonly seq: number;
}

export interface AppendResult {
  /** The stream's version after the append. */
  readonly version: number;
  readonly events: readonly StoredEvent[];
  /** True when this append was a retry of an idempotency key already stored: nothing new was written. */
  readonly replayed: boolean;
}

export interface AppendOptions {
  /** A client's retry of the same write must not write twice. */
  readonly idempotencyKey?: string;
  /**
   * What the key's request was (see app/request-fingerprint.ts), kept with the key: a retry
   * with the same key and fingerprint answers the first write, another fingerprint is refused.
   * Without it the store fingerprints the events themselves.
   */
  readonly fingerprint?: string;
  /**
   * For stores that commit in order (`commitsInOrder`): names this append, so that a later
   * one decided on it before it was durable can say `after` it. Such a later append is refused
   * with a version conflict unless this one was written: an append never lands on a state
   * that did not come to be, even when another process's write gave the stream the same version.
   */
  readonly ticket?: object;
  readonly after?: object;
}

/** One write of a locked turn (see `EventStore.lockedTurn`), decided on the one before it in the turn. */
export interface TurnAppend {
  readonly expectedVersion: number;
  readonly events: readonly NewEvent[];
  readonly idempotencyKey?: string;
  readonly fingerprint?: string;
}

export interface AppendNotice {
  readonly tournamentId: string;
  readonly version: number;
}

/** How long a store keeps idempotency keys (see pruneIdempotencyKeys); by default 7 days. */
export interface KeyRetention {
  readonly idempotencyKeyRetentionMs?: number;
}

export interface EventStore {
  /**
   * True when appends commit in the order they were called (SQLite's one writer queue), so a
   * caller may issue the next append to a stream before the previous one is durable and both
   * share a commit; a refused earlier append makes the later one fail its version check.
   */
  readonly commitsInOrder: boolean;
  /** Appends atomically, or throws `VersionConflictError` when the stream is not at `expectedVersion` (0 = new stream). */
  append(
    tournamentId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * The first answer to an idempotency key, replayed, from whichever process wrote it; undefined
   * for a key not (or no longer) kept; throws `IdempotencyKeyReuseError` when the key was used
   * for a request with another fingerprint.
   */
  replay(tournamentId: string, idempotencyKey: string, fingerprint: string): Promise<AppendResult | undefined>;
  /** Forgets idempotency keys written before `before`; returns how many. Their events stay. */
  pruneIdempotencyKeys(before: Date): Promise<number>;
  /** The stream in order, from `afterSeq` (exclusive, default 0). */
  read(tournamentId: string, afterSeq?: number): Promise<readonly StoredEvent[]>;
  /**
   * Calls `listener` after appends by any process on this database (this one included), with
   * the tournament and its new version, within about a second; returns the function that stops.
   * Notices may be merged or repeated: a listener reads what it has not seen.
   */
  onAppended(listener: (notice: AppendNotice) => void): () => void;
  /**
   * The newest version of the tournament this store has heard of, while it hears every
   * process's appends (PostgreSQL LISTEN, once caught up); undefined when it cannot vouch for
   * that (not listening, reconnecting, or a store without notices): read. Another process's
   * append is heard when its notice is read, after it committed and perhaps after that process
   * answered it: a version here is a floor, never the newest committed.
   */
  newestKnown?(tournamentId: string): number | undefined;
  /**
   * For stores several processes write at once (PostgreSQL): takes the tournament's write lock,
   * reads the events appended after `afterSeq`, lets `decide` turn them (and the writes it has
   * waiting) into appends, and appends those in the same transaction, each decided on the one
   * before it: one that is not written (a replayed key, say) makes the ones after it fail with a
   * version conflict. Nobody can write to the tournament between the read and the append, so a
   * write decided in a turn never loses a race. Answers each append's result in order.
   */
  lockedTurn?(
    tournamentId: string,
    afterSeq: number,
    decide: (newer: readonly StoredEvent[]) => readonly TurnAppend[],
  ): Promise<readonly PromiseSettledResult<AppendResult>[]>;
  /**
   * When this store last heard another process append to the tournament (`performance.now()`
   * of this process), or undefined: the service takes locked turns while others write.
   */
  othersAppendedAt?(tournamentId: string): number | undefined;
  /** Every tournament with its current version, oldest first (a look-up per tournament, never a scan of the events). */
  listTournaments(): Promise<readonly { readonly id: string; readonly version: number }[]>;
  /** Where each of these tournaments begins in the log (its first event's position): their order, by key. */
  firstPositions(ids: readonly string[]): Promise<readonly { readonly id: string; readonly position: number }[]>;
  /** Every tournament with its current version, in no given order: the cheapest look at what changed. */
  streamVersions(): Promise<readonly { readonly id: string; readonly version: number }[]>;
  /**
   * The tournament list's summaries as stored (JSON text, each with the version it describes):
   * a cache beside the log that the list keeps, so that a start need not fold every tournament,
   * nor a process the tournaments another process writes. Those of `ids` only, when given.
   */
  readSummaries(
    ids?: readonly string[],
  ): Promise<readonly { readonly id: string; readonly version: number; readonly summary: string }[]>;
  /** Stores summaries; one for an older version than the stored one is ignored. */
  writeSummaries(
    rows: readonly { readonly id: string; readonly version: number; readonly summary: string }[],
  ): Promise<void>;
  /** Events of these types across all tournaments, in append order (the official record reads penalties this way). */
  readByTypes(types: readonly string[]): Promise<readonly StoredEvent[]>;
  close(): Promise<void>;
}

export class VersionConflictError extends Error {
  constructor(
    readonly tournamentId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(
      `tournament ${tournamentId} is at version ${actualVersion}, not ${expectedVersion}: someone else changed it; reload and try again`,
    );
    this.name = 'VersionConflictError';
  }
}

export class IdempotencyKeyReuseError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`idempotency key ${idempotencyKey} was already used for a different write`);
    this.name = 'IdempotencyKeyReuseError';
  }
}
