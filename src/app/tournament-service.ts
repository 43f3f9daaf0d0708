import { randomInt } from 'node:crypto';
import { err, ok, type Result } from '../core/result.js';
import type { TournamentCommand } from '../core/tournament/commands.js';
import { decide } from '../core/tournament/decide.js';
import { domainError, type DomainError } from '../core/tournament/domain-errors.js';
import { evolve, fold } from '../core/tournament/evolve.js';
import { officialRecord, RECORD_EVENT_TYPES, type RecordEntry } from '../core/tournament/official-record.js';
import { initialState, type TournamentState } from '../core/tournament/state.js';
import { VersionConflictError, type EventStore, type StoredEvent } from './event-store.js';
import { toNewEvent, toTournamentEvent } from './stored-events.js';

/*
 * Load events → fold → decide → append with the version decided on. One instance per store
 * keeps each tournament's state and version and reads only the events appended since, so a
 * command costs one short read, not a replay. A write decided on a stale version is refused
 * with `version-conflict`, never merged.
 */

export interface Loaded {
  readonly state: TournamentState;
  /** The tournament's version: the seq of its last event, 0 before any. */
  readonly version: number;
}

export interface ExecuteOptions {
  /** The version the caller saw; a newer tournament refuses the write. */
  readonly expectedVersion?: number;
  /** A retry of the same write (same key) is answered with the first write's events. */
  readonly idempotencyKey?: string;
}

export interface Executed extends Loaded {
  readonly events: readonly StoredEvent[];
  /** The write was a retry already stored: nothing new was written. */
  readonly replayed: boolean;
}

export interface TournamentServiceOptions {
  /** Pairing seeds when a command brings none and has no idempotency key; by default a random 31-bit number. */
  readonly newSeed?: () => number;
}

export class TournamentService {
  readonly #store: EventStore;
  readonly #newSeed: () => number;
  readonly #cache = new Map<string, Loaded>();

  constructor(store: EventStore, options: TournamentServiceOptions = {}) {
    this.#store = store;
    this.#newSeed = options.newSeed ?? (() => randomInt(2 ** 31));
  }

  /** The tournament's current state and version, reading only events newer than the cached ones. */
  async load(tournamentId: string): Promise<Loaded> {
    const cached = this.#cache.get(tournamentId) ?? { state: initialState(), version: 0 };
    const newer = await this.#store.read(tournamentId, cached.version);
    if (newer.length === 0) return cached;
    let state = cached.state;
    for (const stored of newer) state = evolve(state, toTournamentEvent(stored));
    return this.#remember(tournamentId, { state, version: (newer[newer.length - 1] as StoredEvent).seq });
  }

  /**
   * Decides the command and appends its events. With `expectedVersion` behind the tournament,
   * only a retry (same idempotency key) goes on: it is decided again on the state it first
   * saw, so the store recognises the same write and returns what it stored.
   */
  async execute(tournamentId: string, command: TournamentCommand, options: ExecuteOptions = {}): Promise<Result<Executed, DomainError>> {
    const current = await this.load(tournamentId);
    const { expectedVersion, idempotencyKey } = options;
    let basis = current;
    if (expectedVersion !== undefined && expectedVersion !== current.version) {
      if (idempotencyKey === undefined || expectedVersion > current.version) return err(conflict(expectedVersion, current.version));
      basis = await this.#loadAt(tournamentId, expectedVersion);
    }
    const decided = decide(this.#withSeed(command, idempotencyKey), basis.state);
    if (!decided.ok) return decided;

    const newEvents = decided.value.map((event) => toNewEvent(event, command.meta.actor.id));
    try {
      const appended = await this.#store.append(tournamentId, basis.version, newEvents, idempotencyKey === undefined ? {} : { idempotencyKey });
      if (appended.replayed || basis !== current) {
        const now = await this.load(tournamentId);
        return ok({ ...now, events: appended.events, replayed: appended.replayed });
      }
      const loaded = this.#remember(tournamentId, { state: fold(decided.value, current.state), version: appended.version });
      return ok({ ...loaded, events: appended.events, replayed: false });
    } catch (error) {
      if (error instanceof VersionConflictError) return err(conflict(error.expectedVersion, error.actualVersion));
      throw error;
    }
  }

  /** Every player's official record across all tournaments in the store. */
  async officialRecord(): Promise<Map<string, RecordEntry[]>> {
    const stored = await this.#store.readByTypes(RECORD_EVENT_TYPES);
    return officialRecord(stored.map((s) => ({ ...toTournamentEvent(s), tournamentId: s.tournamentId })));
  }

  /** A pairing seed: the command's, else one derived from the idempotency key so a retry pairs the same way, else a new one. */
  #withSeed(command: TournamentCommand, idempotencyKey: string | undefined): TournamentCommand {
    if (command.type !== 'PairRound' || command.meta.seed !== undefined) return command;
    const seed = idempotencyKey === undefined ? this.#newSeed() : seedFromKey(idempotencyKey);
    return { ...command, meta: { ...command.meta, seed } };
  }

  async #loadAt(tournamentId: string, version: number): Promise<Loaded> {
    const events = (await this.#store.read(tournamentId)).filter((e) => e.seq <= version);
    return { state: fold(events.map(toTournamentEvent)), version };
  }

  /** Keeps the newer of the cached and the given state: concurrent loads may finish in any order. */
  #remember(tournamentId: string, loaded: Loaded): Loaded {
    const cached = this.#cache.get(tournamentId);
    if (cached && cached.version >= loaded.version) return cached;
    this.#cache.set(tournamentId, loaded);
    return loaded;
  }
}

const conflict = (expected: number, actual: number): DomainError => domainError('version-conflict', { expected, actual });

/** FNV-1a of the key: a stable 31-bit seed. */
function seedFromKey(key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}
