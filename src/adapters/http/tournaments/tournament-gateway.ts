import type { EventStore, NewEvent, StoredEvent } from '../../../app/event-store.js';
import { toNewEvent } from '../../../app/stored-events.js';
import type { Executed, Loaded, TournamentService } from '../../../app/tournament-service.js';
import type { CommandMeta, TournamentCommand } from '../../../core/tournament/commands.js';
import { decide } from '../../../core/tournament/decide.js';
import { domainError } from '../../../core/tournament/domain-errors.js';
import { fold } from '../../../core/tournament/evolve.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { StaffPrincipal } from '../auth/principal.js';
import { actingRole } from '../auth/roles.js';
import { forbidden, HttpError } from '../errors.js';
import type { LiveHub } from '../live/live-hub.js';
import { publishEvents } from '../live/publish.js';
import type { WriteOptions } from '../route.js';
import { domainHttpError } from './domain-status.js';

/** A durable write as the API answers it: the same answer again when the client retries with its idempotency key. */
export interface WriteAnswer {
  readonly version: number;
  readonly events: readonly { readonly seq: number; readonly type: string; readonly data: unknown; readonly actor: string; readonly at: string }[];
  readonly replayed: boolean;
}

/** How long a read may use the cached state before asking the store for newer events (a CLI in another process may have written). */
const FRESH_MS = 250;
/** Retries of a write without If-Match that lost a race with another process. */
const CONFLICT_RETRIES = 3;
/** Idempotency keys remembered with the version their write was decided on (see `write`). */
const REMEMBERED_KEYS = 100_000;
/** Answers of keyed batch writes (imports), kept for their retries. */
const REMEMBERED_BATCHES = 1_000;

type CommandFor<T extends TournamentCommand['type']> = Extract<TournamentCommand, { type: T }>;

/**
 * The HTTP side of the tournament service. Reads come from the service's in-memory state,
 * refreshed at most every 250 ms, so a pairing lookup costs no database query. Writes to one
 * tournament run one at a time in this process: two scorekeepers entering results at once are
 * both decided on the latest state instead of one losing a version race.
 */
export class TournamentGateway {
  readonly #fresh = new Map<string, { loaded: Loaded; at: number }>();
  readonly #queues = new Map<string, Promise<unknown>>();
  /**
   * `tournament\0key` → the version a keyed write was decided on and the time it carried: its
   * retry is decided again on the same state at the same time (a pairing's default seat time is
   * the command's time), so the store recognises the same events and replays the first answer.
   */
  readonly #keyBasis = new Map<string, { readonly version: number; readonly at: string }>();
  readonly #batchAnswers = new Map<string, WriteAnswer>();

  constructor(
    readonly service: TournamentService,
    readonly store: EventStore,
    private readonly hub: LiveHub,
    private readonly clock: () => Date,
  ) {}

  /** The tournament and its version; 404 when it does not exist. */
  async read(tournamentId: string): Promise<{ readonly tournament: Tournament; readonly version: number }> {
    const loaded = await this.load(tournamentId);
    if (loaded.state.status === 'none') throw domainHttpError(domainError('tournament-not-found'));
    return { tournament: loaded.state, version: loaded.version };
  }

  async load(tournamentId: string): Promise<Loaded> {
    const cached = this.#fresh.get(tournamentId);
    if (cached && performance.now() - cached.at < FRESH_MS) return cached.loaded;
    const loaded = await this.service.load(tournamentId);
    this.#fresh.set(tournamentId, { loaded, at: performance.now() });
    return loaded;
  }

  /** Every tournament in the store with its state, oldest first. */
  async list(): Promise<{ readonly id: string; readonly tournament: Tournament; readonly version: number }[]> {
    const ids = await this.store.listTournaments();
    const loaded = await Promise.all(ids.map(async ({ id }) => ({ id, ...(await this.load(id)) })));
    return loaded.flatMap((l) => (l.state.status === 'none' ? [] : [{ id: l.id, tournament: l.state, version: l.version }]));
  }

  /** The meta of a command sent by `staff`: the server's time and the role the account acts in. */
  meta(staff: StaffPrincipal, type: TournamentCommand['type']): CommandMeta {
    const role = actingRole(staff.account.roles, type);
    if (role === undefined) throw forbidden({ en: `send ${type}`, ja: `${type} を送る` });
    return { at: this.clock().toISOString(), actor: { id: staff.account.username, role } };
  }

  /** Decides and appends one command, then pushes the new events to the live channel. */
  async write<T extends TournamentCommand['type']>(
    tournamentId: string,
    staff: StaffPrincipal,
    type: T,
    data: CommandFor<T>['data'],
    options: WriteOptions,
  ): Promise<WriteAnswer> {
    const remembered = options.idempotencyKey === undefined ? undefined : this.#keyBasis.get(`${tournamentId}\u0000${options.idempotencyKey}`);
    const meta = this.meta(staff, type);
    const command = { type, data, meta: remembered ? { ...meta, at: remembered.at } : meta } as TournamentCommand;
    const executed = await this.#serially(tournamentId, () => this.#execute(tournamentId, command, options));
    this.#fresh.set(tournamentId, { loaded: executed, at: performance.now() });
    if (!executed.replayed) publishEvents(this.hub, tournamentId, executed.version, executed.events);
    return answerOf(executed.events, executed.replayed);
  }

  /**
   * Several commands as one write (a player list import): decided in order on the state each
   * leaves, appended in one transaction, so all are written or none. The refused command's
   * position is named in the error path.
   */
  async writeAll(tournamentId: string, commands: readonly TournamentCommand[], options: WriteOptions, path: (index: number) => string): Promise<WriteAnswer> {
    // A retried import would be refused as duplicate players before the store could replay it: answer it from memory.
    const keyed = options.idempotencyKey === undefined ? undefined : `${tournamentId}\u0000${options.idempotencyKey}`;
    const earlier = keyed === undefined ? undefined : this.#batchAnswers.get(keyed);
    if (earlier) return { ...earlier, replayed: true };
    const appended = await this.#serially(tournamentId, async () => {
      const current = await this.service.load(tournamentId);
      if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
        throw domainHttpError(domainError('version-conflict', { expected: options.expectedVersion, actual: current.version }));
      }
      let state = current.state;
      const events: NewEvent[] = [];
      for (const [index, command] of commands.entries()) {
        const decided = decide(command, state);
        if (!decided.ok) {
          const error = domainHttpError(decided.error);
          throw new HttpError(error.statusCode, error.code, error.text, path(index));
        }
        state = fold(decided.value, state);
        events.push(...decided.value.map((event) => toNewEvent(event, command.meta.actor.id)));
      }
      return this.store.append(tournamentId, current.version, events, options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey });
    });
    this.#fresh.delete(tournamentId);
    if (!appended.replayed) publishEvents(this.hub, tournamentId, appended.version, appended.events);
    const answer = answerOf(appended.events, appended.replayed);
    if (keyed !== undefined) {
      if (this.#batchAnswers.size >= REMEMBERED_BATCHES) this.#batchAnswers.delete(this.#batchAnswers.keys().next().value as string);
      this.#batchAnswers.set(keyed, answer);
    }
    return answer;
  }

  async #execute(tournamentId: string, command: TournamentCommand, options: WriteOptions): Promise<Executed> {
    const keyed = options.idempotencyKey === undefined ? undefined : `${tournamentId}\u0000${options.idempotencyKey}`;
    const expectedVersion = options.expectedVersion ?? (keyed === undefined ? undefined : this.#keyBasis.get(keyed)?.version);
    for (let attempt = 0; ; attempt++) {
      const result = await this.service.execute(tournamentId, command, {
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
        ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
      });
      if (result.ok) {
        const first = result.value.events[0];
        if (keyed !== undefined && first !== undefined) this.#rememberKey(keyed, { version: first.seq - 1, at: command.meta.at });
        return result.value;
      }
      // Without If-Match the client asked for "the latest state": a race lost to another process is decided again.
      const retry = result.error.code === 'version-conflict' && expectedVersion === undefined && attempt < CONFLICT_RETRIES;
      if (!retry) throw domainHttpError(result.error);
    }
  }

  #rememberKey(key: string, basis: { readonly version: number; readonly at: string }): void {
    if (this.#keyBasis.has(key)) return;
    if (this.#keyBasis.size >= REMEMBERED_KEYS) {
      const oldest = this.#keyBasis.keys().next();
      if (!oldest.done) this.#keyBasis.delete(oldest.value);
    }
    this.#keyBasis.set(key, basis);
  }

  /** Runs `work` after every earlier write to the same tournament has finished. */
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

/** The answer of a write, from its events only: a retry answers the same bytes even if the tournament moved on since. */
export function answerOf(events: readonly StoredEvent[], replayed: boolean): WriteAnswer {
  const last = events[events.length - 1];
  return {
    version: last?.seq ?? 0,
    events: events.map((e) => ({ seq: e.seq, type: e.type, data: e.data, actor: e.actor, at: e.at })),
    replayed,
  };
}
