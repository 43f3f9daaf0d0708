import type { EventStore, StoredEvent } from '../../../app/event-store.js';
import type { Loaded, TournamentService, WriteRefusal, WriteRequest } from '../../../app/tournament-service.js';
import type { CommandMeta, TournamentCommand } from '../../../core/tournament/commands.js';
import { domainError } from '../../../core/tournament/domain-errors.js';
import { PLAYER_ROLE } from '../../../core/tournament/events.js';
import type { Tournament, TournamentState } from '../../../core/tournament/state.js';
import { rolesIn } from '../../accounts/account-store.js';
import type { StaffPrincipal } from '../auth/principal.js';
import { actingRole } from '../auth/roles.js';
import { forbidden, HttpError } from '../errors.js';
import type { LiveFeed } from '../live/live-feed.js';
import type { WriteOptions } from '../route.js';
import { domainHttpError } from './domain-status.js';
import { M } from '../messages/errors.js';

/** A durable write as the API answers it: the same answer again when the client retries with its idempotency key. */
export interface WriteAnswer {
  readonly version: number;
  readonly events: readonly {
    readonly seq: number;
    readonly type: string;
    readonly data: unknown;
    readonly actor: string;
    readonly at: string;
  }[];
  readonly replayed: boolean;
}

/** How long a read may use the cached state before asking the store for newer events (another process may have written). */
const FRESH_MS = 250;

type CommandFor<T extends TournamentCommand['type']> = Extract<TournamentCommand, { type: T }>;

/**
 * The HTTP side of the tournament service. Reads come from the service's in-memory state,
 * refreshed at most every 250 ms (at once when another process announces a write), so a
 * pairing lookup costs no database query. Writes go through the service's one write pipeline
 * (conflict retries, batches, idempotency keys answered from the database); this class only
 * builds the command's meta from the account and turns refusals into HTTP errors.
 */
export class TournamentGateway {
  readonly #fresh = new Map<string, { loaded: Loaded; at: number }>();
  readonly #written = new Set<(tournamentId: string) => void>();
  #feed: LiveFeed | undefined;

  constructor(
    readonly service: TournamentService,
    readonly store: EventStore,
    private readonly clock: () => Date,
    /** False (SHINPAN_NO_CACHES): every read asks the service, and round reasons are made anew. */
    readonly caches = true,
  ) {}

  /** Where durable writes are published (set once by the server, which owns the live channels). */
  publishTo(feed: LiveFeed): void {
    this.#feed = feed;
  }

  /** Calls `listener` after each durable write through this gateway (before its answer is sent). */
  onWritten(listener: (tournamentId: string) => void): void {
    this.#written.add(listener);
  }

  /** A live stream listens from `version` on: every later write, from any process, is sent to it. */
  follow(tournamentId: string, version: number): void {
    this.#feed?.follow(tournamentId, version);
  }

  /** Another process wrote: the next read asks the store. */
  forget(tournamentId: string): void {
    this.#fresh.delete(tournamentId);
  }

  /** The tournament and its version; 404 when it does not exist. */
  async read(tournamentId: string): Promise<{ readonly tournament: Tournament; readonly version: number }> {
    const loaded = await this.load(tournamentId);
    if (loaded.state.status === 'none') throw domainHttpError(domainError('tournament-not-found'));
    return { tournament: loaded.state, version: loaded.version };
  }

  /** The state the service holds for the tournament, with no query (undefined when it holds none). */
  peek(tournamentId: string): Loaded | undefined {
    return this.service.cached(tournamentId);
  }

  async load(tournamentId: string): Promise<Loaded> {
    const cached = this.#fresh.get(tournamentId);
    if (cached && performance.now() - cached.at < FRESH_MS) return cached.loaded;
    const loaded = await this.service.load(tournamentId);
    if (this.caches) this.#fresh.set(tournamentId, { loaded, at: performance.now() });
    return loaded;
  }

  /** The meta of a command sent by `staff` to a tournament: the server's time and the role the account acts in there. */
  meta(staff: StaffPrincipal, type: TournamentCommand['type'], tournamentId: string): CommandMeta {
    const role = actingRole(rolesIn(staff.account, tournamentId), type);
    if (role === undefined) throw forbidden(M.text('send-command', { type }));
    return { at: this.clock().toISOString(), actor: { id: staff.account.username, role } };
  }

  /** Decides and appends one command, then pushes the new events to the live channel. */
  write<T extends TournamentCommand['type']>(
    tournamentId: string,
    staff: StaffPrincipal,
    type: T,
    data: CommandFor<T>['data'],
    options: WriteOptions,
  ): Promise<WriteAnswer> {
    const command = { type, data, meta: this.meta(staff, type, tournamentId) } as TournamentCommand;
    return this.#write(tournamentId, { ...options, commands: [command] });
  }

  /** One command a player sends for themselves; the route has checked their record code. */
  writeAsPlayer<T extends TournamentCommand['type']>(
    tournamentId: string,
    playerId: string,
    type: T,
    data: CommandFor<T>['data'],
    options: WriteOptions,
  ): Promise<WriteAnswer> {
    const meta: CommandMeta = { at: this.clock().toISOString(), actor: { id: playerId, role: PLAYER_ROLE } };
    return this.#write(tournamentId, { ...options, commands: [{ type, data, meta } as TournamentCommand] });
  }

  /**
   * One command whose data is read off the current state (a tardiness confirmation's delay):
   * `request` is what the client sent, so a retry with the same key replays the first answer
   * even though the state (and the delay it would give) has moved on.
   */
  writeFromState<T extends TournamentCommand['type']>(
    tournamentId: string,
    staff: StaffPrincipal,
    type: T,
    data: (state: TournamentState) => CommandFor<T>['data'],
    request: unknown,
    options: WriteOptions,
  ): Promise<WriteAnswer> {
    const meta = this.meta(staff, type, tournamentId);
    const commands = (state: TournamentState) => [{ type, data: data(state), meta } as TournamentCommand];
    return this.#write(tournamentId, { ...options, commands, request: { type, actor: meta.actor, request } });
  }

  /**
   * Several commands as one write (a player list import): decided in order on the state each
   * leaves, appended in one transaction, so all are written or none. The refused command's
   * position is named in the error path.
   */
  writeAll(
    tournamentId: string,
    commands: readonly TournamentCommand[],
    options: WriteOptions,
    path: (index: number) => string,
  ): Promise<WriteAnswer> {
    return this.#write(tournamentId, { ...options, commands }, path);
  }

  async #write(tournamentId: string, request: WriteRequest, path?: (index: number) => string): Promise<WriteAnswer> {
    const result = await this.service.write(tournamentId, request);
    if (!result.ok) throw refusal(result.error, path);
    const written = result.value;
    if (this.caches) this.#fresh.set(tournamentId, { loaded: written, at: performance.now() });
    if (!written.replayed) {
      this.#feed?.local(tournamentId, written.events);
      for (const listener of this.#written) listener(tournamentId);
    }
    return answerOf(written.events, written.replayed, written.version);
  }
}

/** A refused write as its HTTP error; a refused command of several is named by its position. */
function refusal({ index, error }: WriteRefusal, path: ((index: number) => string) | undefined): HttpError {
  const http = domainHttpError(error);
  return index === null || path === undefined
    ? http
    : new HttpError(http.statusCode, http.code, http.text, path(index));
}

/**
 * The answer of a write, from its events only: a retry answers the same bytes even if the
 * tournament moved on since. A write that changed nothing (a player's report sent again)
 * answers the version it was decided on.
 */
export function answerOf(events: readonly StoredEvent[], replayed: boolean, unchanged: number): WriteAnswer {
  const last = events[events.length - 1];
  return {
    version: last?.seq ?? unchanged,
    events: events.map((e) => ({ seq: e.seq, type: e.type, data: e.data, actor: e.actor, at: e.at })),
    replayed,
  };
}
