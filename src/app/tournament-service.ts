import { randomBytes, randomInt } from 'node:crypto';
import { err, ok, type Result } from '../core/result.js';
import type { TournamentCommand } from '../core/tournament/commands.js';
import { decide } from '../core/tournament/decide.js';
import { domainError, type DomainError } from '../core/tournament/domain-errors.js';
import { fold, foldOnward } from '../core/tournament/evolve.js';
import { officialRecord, RECORD_EVENT_TYPES, type RecordEntry } from '../core/tournament/official-record.js';
import { initialState, type TournamentState } from '../core/tournament/state.js';
import { seedFromText } from './pairing-seed.js';
import {
  VersionConflictError,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type TurnAppend,
} from './event-store.js';
import { commandsFingerprint, fingerprintOf } from './request-fingerprint.js';
import { toNewEvent, toTournamentEvent } from './stored-events.js';

/*
 * The one write pipeline, used by the CLI, the HTTP API and any other adapter:
 * command(s) + expected version (optional) + idempotency key (optional) → answer a known key
 * from the database → decide on the current state → append on the version decided on →
 * answer. Conflict retries, batches, pairing seeds and the answer to a retried key live here
 * once; adapters never call decide, evolve or fold.
 *
 * One instance per store keeps each tournament's state and version and reads only the events
 * appended since, so a command costs one short read, not a replay.
 */

export interface Loaded {
  readonly state: TournamentState;
  /** The tournament's version: the seq of its last event, 0 before any. */
  readonly version: number;
}

export interface WriteOptions {
  /** The version the caller saw; a tournament at another version refuses the write (no retry). */
  readonly expectedVersion?: number;
  /** A retry of the same request under this key answers the first write's events, from any process, after any restart. */
  readonly idempotencyKey?: string;
}

/** The state after a write decided but not yet durable, and the ticket the store knows its append by. */
interface Tip extends Loaded {
  readonly ticket: object;
}

/** A write decided: its events, and the state and version they leave. */
interface Decision extends Loaded {
  readonly events: NewEvent[];
}

type Keyed = { readonly idempotencyKey?: string; readonly fingerprint?: string };

/** A batch decided: the state and events it leaves, or the refused command. */
type Decided = Result<{ state: TournamentState; events: NewEvent[] }, WriteRefusal>;

/** A write decided and its append on its way: `base` is what it was decided on. */
interface Step {
  readonly base: Loaded;
  readonly tip: Tip;
  readonly appending: Promise<AppendResult>;
}

/** A write waiting for the tournament's next locked turn. */
interface TurnWaiter {
  readonly decideOn: (base: Loaded) => Result<Decision, WriteRefusal>;
  readonly keyed: Keyed;
  resolve(step: Result<Step, WriteRefusal>): void;
  reject(error: unknown): void;
}

export interface WriteRequest extends WriteOptions {
  /**
   * The commands, decided in order on the state each leaves and appended together (all or
   * none); or a function building them from the current state (facts read from the state
   * and the adapter's clock, such as a confirmed delay), which may throw the adapter's error.
   */
  readonly commands: readonly TournamentCommand[] | ((state: TournamentState) => readonly TournamentCommand[]);
  /**
   * What the request was, for its idempotency key: needed when `commands` is a function (the
   * commands of a retry may differ from the first ones); by default the commands themselves
   * without their time and seed.
   */
  readonly request?: unknown;
}

export interface Written extends Loaded {
  readonly events: readonly StoredEvent[];
  /** The write was a retry already stored: nothing new was written. */
  readonly replayed: boolean;
}

export interface WriteRefusal {
  /** The position of the refused command, or null for a version conflict. */
  readonly index: number | null;
  readonly error: DomainError;
}

export interface TournamentServiceOptions {
  /** Pairing seeds when a command brings none and has no idempotency key; by default a random 31-bit number. */
  readonly newSeed?: () => number;
  /**
   * false (SHINPAN_NO_CACHES, for bisecting a defect): nothing is decided or answered on anything
   * but the durable log. Every load reads the whole log (no state is kept between calls), each
   * write is decided after the one before it is durable (no pipelining), a race lost is decided
   * again rather than in a locked turn, and no batch is decided early. docs/concurrency.md.
   */
  readonly caches?: boolean;
  /**
   * How long the store's word that nothing newer was written stands in for a read (HEARD_MS);
   * a test of what one process has heard of another's writes gives a longer one, so that no
   * timing decides it.
   */
  readonly heardMs?: number;
}

/**
 * Times a write without an expected version is decided again after losing a race to another
 * process, each after a short random pause that grows, so that processes hammering one
 * tournament stop colliding in lockstep.
 */
const CONFLICT_RETRIES = 20;
const backoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));

/**
 * How long a store's word that nothing newer was written (`newestKnown`) stands in for a read:
 * past it the log is read anyway, so a notice connection that hangs without failing cannot keep
 * a tournament stale for longer.
 */
const HEARD_MS = 1_000;

/**
 * Commands of a batch decided between two turns of the event loop: a 10,000-player import held
 * the loop while it was decided, and a health check or a judge's result waited for all of it
 * (docs/performance.md). A batch longer than this is decided beforehand in chunks on the state
 * it will most likely be decided on; the write takes that decision when the state is still the
 * same.
 */
export const DECIDE_CHUNK = 256;

/**
 * Events folded between two turns of the event loop when a process reads a long log at once
 * (its first read after a restart: some 25,000 events for a YCSJ's round 1): folded in one
 * go, the loop stopped for a hundred milliseconds or more and every request waited for it,
 * the health check too. A chunk of 2,000 costs a few milliseconds.
 */
export const FOLD_CHUNK = 2_000;

/** How long after another process's write to a tournament (or a race lost for it) its writes take locked turns. */
const TURNS_MS = 2_000;

export class TournamentService {
  readonly #store: EventStore;
  readonly #newSeed: () => number;
  readonly #caches: boolean;
  readonly #heardMs: number;
  readonly #cache = new Map<string, Loaded>();
  readonly #queues = new Map<string, Promise<unknown>>();
  /** Per tournament, the state after writes decided but not yet durable (see `write`). */
  readonly #tips = new Map<string, Tip>();
  /** When each tournament's log was last read. */
  readonly #readAt = new Map<string, number>();
  /** When a race for each tournament was last lost. */
  readonly #lostAt = new Map<string, number>();
  /** Per tournament, the writes waiting for its next locked turn (see `#turn`). */
  readonly #waiting = new Map<string, TurnWaiter[]>();
  /** Per tournament, a long log being folded in chunks (see FOLD_CHUNK): other loads wait for it rather than fold it too. */
  readonly #folding = new Map<string, Promise<unknown>>();

  constructor(store: EventStore, options: TournamentServiceOptions = {}) {
    this.#store = store;
    this.#newSeed = options.newSeed ?? (() => randomInt(2 ** 31));
    this.#caches = options.caches ?? true;
    this.#heardMs = options.heardMs ?? HEARD_MS;
  }

  get store(): EventStore {
    return this.#store;
  }

  /** The state this process holds for the tournament, without asking the store (undefined before its first load). */
  cached(tournamentId: string): Loaded | undefined {
    return this.#cache.get(tournamentId);
  }

  /**
   * The tournament's state and version as this process knows them, reading only events newer
   * than the cached ones: every write this process made, and another process's once its notice
   * has arrived (docs/concurrency.md).
   */
  load(tournamentId: string): Promise<Loaded> {
    return this.#load(tournamentId, false);
  }

  /**
   * `load`, without a query when the store has heard of no write past the cached version
   * (PostgreSQL LISTEN) and the log was read within HEARD_MS. Another process's write is heard
   * when its notice is read, which may come after that process has answered it: until then this
   * answers the state before it, a state the log really had (never one past that write without
   * it), and a write decided on it fails its version check. `mustRead` after a lost race, whose
   * winner may not have been heard of yet.
   */
  async #load(tournamentId: string, mustRead: boolean): Promise<Loaded> {
    const cached = this.#cache.get(tournamentId) ?? { state: initialState(), version: 0 };
    const known = mustRead || !this.#caches ? undefined : this.#store.newestKnown?.(tournamentId);
    const readAt = this.#readAt.get(tournamentId);
    if (
      known !== undefined &&
      known <= cached.version &&
      readAt !== undefined &&
      performance.now() - readAt < this.#heardMs
    )
      return cached;
    const asked = performance.now();
    const newer = await this.#store.read(tournamentId, cached.version);
    this.#readAt.set(tournamentId, Math.max(this.#readAt.get(tournamentId) ?? 0, asked));
    return this.#folded(tournamentId, newer);
  }

  /** The state held with the events read folded on, the ones it holds already passed over. */
  async #folded(tournamentId: string, read: readonly StoredEvent[]): Promise<Loaded> {
    // Another read's long fold first: most of these events are then folded already.
    const folding = this.#folding.get(tournamentId);
    if (folding !== undefined) await folding.catch(() => undefined);
    const cached = this.#cache.get(tournamentId) ?? { state: initialState(), version: 0 };
    const newer = read.filter((event) => event.seq > cached.version);
    if (newer.length === 0) return cached;
    const version = (newer[newer.length - 1] as StoredEvent).seq;
    if (newer.length <= FOLD_CHUNK)
      // fold, not evolve event by event: a replay then copies each round's match array once, not once per result.
      return this.#remember(tournamentId, {
        state: fold(
          newer.map((stored) => toTournamentEvent(stored)),
          cached.state,
        ),
        version,
      });
    const folded = foldInTurns(newer, cached.state).then((state) => this.#remember(tournamentId, { state, version }));
    this.#folding.set(tournamentId, folded);
    try {
      return await folded;
    } finally {
      if (this.#folding.get(tournamentId) === folded) this.#folding.delete(tournamentId);
    }
  }

  /**
   * The write pipeline. A known idempotency key answers its first write, whatever the current
   * state would say (with or without an expected version: the retry may come after others
   * wrote). Otherwise the commands are decided on the current state and appended on its version;
   * without an expected version, a race lost to another process is decided again.
   * Writes to one tournament from this process are decided one at a time, so they rarely race
   * at all; the database's version check (and on PostgreSQL its lock) keeps the order across
   * processes. While another process writes to the same tournament, a store that offers locked
   * turns decides under the tournament's lock instead, so neither process wastes its decisions.
   */
  async write(tournamentId: string, request: WriteRequest): Promise<Result<Written, WriteRefusal>> {
    const { expectedVersion, idempotencyKey } = request;
    if (typeof request.commands === 'function' && idempotencyKey !== undefined && request.request === undefined) {
      throw new TypeError('a keyed write whose commands are built from the state needs its request to fingerprint');
    }
    const fingerprint =
      idempotencyKey === undefined
        ? undefined
        : request.request !== undefined
          ? fingerprintOf(request.request)
          : commandsFingerprint(request.commands as readonly TournamentCommand[]);
    const keyed = idempotencyKey === undefined || fingerprint === undefined ? {} : { idempotencyKey, fingerprint };
    // A retry of given commands is not looked up first: the append answers a known key itself
    // (in the same round trip on PostgreSQL), and one the current state refuses is looked up
    // then, so only a refusal costs the extra read. Commands built from the state are looked up
    // first: the builder may throw the adapter's error on the state the first attempt left.
    const earlier = async (): Promise<Written | undefined> => {
      if (idempotencyKey === undefined || fingerprint === undefined) return undefined;
      const replayed = await this.#store.replay(tournamentId, idempotencyKey, fingerprint);
      return replayed && this.#written(tournamentId, replayed.events, true);
    };
    if (typeof request.commands === 'function') {
      const replayed = await earlier();
      if (replayed) return ok(replayed);
    }
    // A long batch decided beforehand, in chunks, on the newest state this process holds.
    const early =
      this.#caches && typeof request.commands !== 'function' && request.commands.length > DECIDE_CHUNK
        ? await this.#decideEarly(tournamentId, request.commands, idempotencyKey)
        : undefined;
    // The decision, on the state the write is decided on: pipelined or in a locked turn.
    const decideOn = (base: Loaded): Result<Decision, WriteRefusal> => {
      if (expectedVersion !== undefined && expectedVersion !== base.version) {
        return err<WriteRefusal>({ index: null, error: conflict(expectedVersion, base.version) });
      }
      const commands = typeof request.commands === 'function' ? request.commands(base.state) : request.commands;
      const decided = early?.base === base ? early.decided : this.#decideAll(base.state, commands, idempotencyKey);
      if (!decided.ok) return decided;
      return ok({ ...decided.value, version: base.version + decided.value.events.length });
    };
    let lost = false;
    for (let attempt = 0; ; attempt++) {
      const step = this.#takesTurns(tournamentId)
        ? await this.#inTurn(tournamentId, decideOn, keyed)
        : await this.#pipelined(
            tournamentId,
            decideOn,
            keyed,
            // A version asked for beyond the cached one was written elsewhere, perhaps not yet heard of.
            () =>
              lost ||
              (expectedVersion !== undefined && expectedVersion > (this.#cache.get(tournamentId)?.version ?? 0)),
          );
      if (!step.ok) {
        const replayed = await earlier();
        return replayed ? ok(replayed) : step;
      }
      const { base, tip, appending } = step.value;
      try {
        const appended = await appending;
        if (this.#tips.get(tournamentId) === tip) this.#tips.delete(tournamentId);
        if (appended.replayed) {
          this.#tips.delete(tournamentId);
          return ok(await this.#written(tournamentId, appended.events, true));
        }
        const loaded =
          appended.events.length === 0
            ? base
            : this.#remember(tournamentId, { state: tip.state, version: tip.version });
        return ok({ ...loaded, events: appended.events, replayed: false });
      } catch (error) {
        // Writes decided on this one will fail their version check too; new ones start from the store.
        this.#tips.delete(tournamentId);
        if (!(error instanceof VersionConflictError)) throw error;
        lost = true;
        this.#lostAt.set(tournamentId, performance.now());
        if (expectedVersion !== undefined || attempt >= CONFLICT_RETRIES) {
          const replayed = await earlier();
          return replayed
            ? ok(replayed)
            : err({ index: null, error: conflict(error.expectedVersion, error.actualVersion) });
        }
        await backoff(attempt);
      }
    }
  }

  /**
   * The write decided on the newest state this process knows, durable or still being committed,
   * and its append issued: a store that commits appends in the order they were issued lets the
   * next write be decided on this one before it is durable, so both can share one commit (the
   * store refuses it should this one not be written); otherwise the next write waits for this one.
   */
  #pipelined(
    tournamentId: string,
    decideOn: (base: Loaded) => Result<Decision, WriteRefusal>,
    keyed: Keyed,
    mustRead: () => boolean,
  ): Promise<Result<Step, WriteRefusal>> {
    return this.#serially(tournamentId, async () => {
      const pending = this.#tips.get(tournamentId);
      const base = pending ?? (await this.#load(tournamentId, mustRead()));
      const decided = decideOn(base);
      if (!decided.ok) return decided;
      const tip: Tip = { state: decided.value.state, version: decided.value.version, ticket: {} };
      const pipelined = this.#store.commitsInOrder && this.#caches;
      if (pipelined && decided.value.events.length > 0) this.#tips.set(tournamentId, tip);
      const order = pipelined ? { ticket: tip.ticket, ...(pending ? { after: pending.ticket } : {}) } : {};
      const appending = this.#store.append(tournamentId, base.version, decided.value.events, { ...keyed, ...order });
      if (!pipelined) await appending.catch(() => undefined);
      return ok({ base, tip, appending });
    });
  }

  /**
   * Whether writes to the tournament take locked turns: while another process writes to it
   * (heard within TURNS_MS) or a race for it was lost lately. Deciding on a state that may be
   * stale by the time it is appended would then waste a pipelined chain per lost race.
   */
  #takesTurns(tournamentId: string): boolean {
    if (this.#store.lockedTurn === undefined || !this.#caches) return false;
    const now = performance.now();
    const lately = (at: number | undefined) => at !== undefined && now - at < TURNS_MS;
    return lately(this.#store.othersAppendedAt?.(tournamentId)) || lately(this.#lostAt.get(tournamentId));
  }

  /** The write decided in the tournament's next locked turn, with every other write waiting for it. */
  #inTurn(
    tournamentId: string,
    decideOn: (base: Loaded) => Result<Decision, WriteRefusal>,
    keyed: Keyed,
  ): Promise<Result<Step, WriteRefusal>> {
    return new Promise((resolve, reject) => {
      let waiting = this.#waiting.get(tournamentId);
      if (waiting === undefined) {
        waiting = [];
        this.#waiting.set(tournamentId, waiting);
        void this.#serially(tournamentId, () => this.#turn(tournamentId));
      }
      waiting.push({ decideOn, keyed, resolve, reject });
    });
  }

  /**
   * One locked turn: under the tournament's lock, the events others wrote are read, every write
   * waiting is decided in order (each on the state the one before left), and all are appended in
   * one transaction. Writes arriving meanwhile wait for the next turn.
   */
  async #turn(tournamentId: string): Promise<void> {
    // Others' events are folded under the lock, in one piece: a long run of them (another
    // process took a whole field's registrations) is read and folded in turns first. Should that
    // read fail, the turn reads them itself, as before.
    const known = this.#caches ? this.#store.newestKnown?.(tournamentId) : undefined;
    if (known !== undefined && known - (this.#cache.get(tournamentId)?.version ?? 0) > FOLD_CHUNK)
      await this.#load(tournamentId, true).catch(() => undefined);
    const cached = this.#cache.get(tournamentId) ?? { state: initialState(), version: 0 };
    let taken: TurnWaiter[] | undefined;
    const answers: { resolve(result: AppendResult): void; reject(error: unknown): void }[] = [];
    try {
      const asked = performance.now();
      const results = await (this.#store.lockedTurn as NonNullable<EventStore['lockedTurn']>).call(
        this.#store,
        tournamentId,
        cached.version,
        (newer) => {
          taken = this.#waiting.get(tournamentId) ?? [];
          this.#waiting.delete(tournamentId);
          // Writes pipelined before the turn were decided on a state this turn may move past.
          this.#tips.delete(tournamentId);
          this.#readAt.set(tournamentId, asked);
          let base: Loaded =
            newer.length === 0
              ? cached
              : this.#remember(tournamentId, {
                  state: fold(
                    newer.map((stored) => toTournamentEvent(stored)),
                    cached.state,
                  ),
                  version: (newer[newer.length - 1] as StoredEvent).seq,
                });
          const appends: TurnAppend[] = [];
          for (const write of taken) {
            let decided: Result<Decision, WriteRefusal>;
            try {
              decided = write.decideOn(base);
            } catch (error) {
              write.reject(error);
              continue;
            }
            if (!decided.ok) {
              write.resolve(decided);
              continue;
            }
            const tip: Tip = { state: decided.value.state, version: decided.value.version, ticket: {} };
            const appending = new Promise<AppendResult>((resolve, reject) => answers.push({ resolve, reject }));
            write.resolve(ok({ base, tip, appending }));
            appends.push({ expectedVersion: base.version, events: decided.value.events, ...write.keyed });
            base = tip;
          }
          return appends;
        },
      );
      results.forEach((result, i) => {
        const answer = answers[i] as (typeof answers)[number];
        if (result.status === 'fulfilled') answer.resolve(result.value);
        else answer.reject(result.reason);
      });
    } catch (error) {
      // Failed before the writes were decided: all still waiting fail with it; after: the decided ones.
      if (taken === undefined) {
        taken = this.#waiting.get(tournamentId) ?? [];
        this.#waiting.delete(tournamentId);
        for (const write of taken) write.reject(error);
      }
      for (const answer of answers) answer.reject(error);
    }
  }

  /** One command through the pipeline; a refusal is the domain's error. */
  async execute(
    tournamentId: string,
    command: TournamentCommand,
    options: WriteOptions = {},
  ): Promise<Result<Written, DomainError>> {
    const result = await this.write(tournamentId, { ...options, commands: [command] });
    return result.ok ? result : err(result.error.error);
  }

  /** Every player's official record across all tournaments in the store. */
  async officialRecord(): Promise<Map<string, RecordEntry[]>> {
    const stored = await this.#store.readByTypes(RECORD_EVENT_TYPES);
    return officialRecord(stored.map((s) => ({ ...toTournamentEvent(s), tournamentId: s.tournamentId })));
  }

  /**
   * The batch decided on the state the write will most likely be decided on (the write
   * pending, else the state held, read up to date), yielding to the event loop every
   * DECIDE_CHUNK commands. The write uses it only if it is decided on that very state.
   */
  async #decideEarly(
    tournamentId: string,
    commands: readonly TournamentCommand[],
    idempotencyKey: string | undefined,
  ): Promise<{ readonly base: Loaded; readonly decided: Decided }> {
    const base = this.#tips.get(tournamentId) ?? (await this.load(tournamentId));
    const steps = this.#deciding(base.state, commands, idempotencyKey);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return { base, decided: step.value };
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Every command decided in order, each on the state the one before left, in one go. */
  #decideAll(
    initial: TournamentState,
    commands: readonly TournamentCommand[],
    idempotencyKey: string | undefined,
  ): Decided {
    const steps = this.#deciding(initial, commands, idempotencyKey);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** The decision of a batch, pausing (yield) after every DECIDE_CHUNK commands. */
  *#deciding(
    initial: TournamentState,
    commands: readonly TournamentCommand[],
    idempotencyKey: string | undefined,
  ): Generator<void, Decided> {
    // One fold for the whole batch: the state each command leaves is only read by the next.
    const onward = foldOnward(initial);
    let state = initial;
    const events: NewEvent[] = [];
    for (const [index, command] of commands.entries()) {
      if (index > 0 && index % DECIDE_CHUNK === 0) yield;
      const decided = decide(this.#withSeed(command, idempotencyKey), state);
      if (!decided.ok) return err({ index, error: decided.error });
      state = onward(decided.value);
      events.push(...decided.value.map((event) => toNewEvent(event, command.meta.actor.id)));
    }
    return ok({ state, events });
  }

  /** A replayed answer: the first write's events, with the tournament as it stands now. */
  async #written(tournamentId: string, events: readonly StoredEvent[], replayed: boolean): Promise<Written> {
    return { ...(await this.load(tournamentId)), events, replayed };
  }

  /** A pairing seed: the command's, else one derived from the idempotency key so a retry pairs the same way, else a new one. */
  #withSeed(command: TournamentCommand, idempotencyKey: string | undefined): TournamentCommand {
    // A lottery's seed comes from the CSPRNG, never from a key the caller chose (a retry answers the first write anyway).
    if ((command.type === 'OpenEntry' || command.type === 'CloseEntry') && command.meta.seed === undefined)
      return { ...command, meta: { ...command.meta, seed: this.#newSeed(), nonce: randomBytes(16).toString('hex') } };
    if (command.type !== 'PairRound' || command.meta.seed !== undefined) return command;
    const seed = idempotencyKey === undefined ? this.#newSeed() : seedFromText(idempotencyKey);
    return { ...command, meta: { ...command.meta, seed } };
  }

  /** Keeps the newer of the cached and the given state: concurrent loads may finish in any order. */
  #remember(tournamentId: string, loaded: Loaded): Loaded {
    if (!this.#caches) return loaded;
    const cached = this.#cache.get(tournamentId);
    if (cached && cached.version >= loaded.version) return cached;
    this.#cache.set(tournamentId, loaded);
    return loaded;
  }

  /** Runs `work` after every earlier write to the same tournament in this process has finished. */
  async #serially<R>(tournamentId: string, work: () => Promise<R>): Promise<R> {
    const before = this.#queues.get(tournamentId) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(tournamentId, settled);
    try {
      return await run;
    } finally {
      if (this.#queues.get(tournamentId) === settled) this.#queues.delete(tournamentId);
    }
  }
}

/** Whether a command would be accepted on a new tournament, writing nothing: lets an adapter refuse bad input before it creates a database. */
export function checkOnNewTournament(command: TournamentCommand): Result<void, DomainError> {
  const decided = decide(command, initialState());
  return decided.ok ? ok(undefined) : decided;
}

/** The events folded onto `from` FOLD_CHUNK at a time, the event loop free between chunks: one fold, as `fold` makes it. */
async function foldInTurns(stored: readonly StoredEvent[], from: TournamentState): Promise<TournamentState> {
  const onward = foldOnward(from);
  let state = from;
  for (let i = 0; i < stored.length; i += FOLD_CHUNK) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    state = onward(stored.slice(i, i + FOLD_CHUNK).map((event) => toTournamentEvent(event)));
  }
  return state;
}

const conflict = (expected: number, actual: number): DomainError =>
  domainError('version-conflict', { expected, actual });
