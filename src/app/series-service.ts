import { err, ok, type Result } from '../core/result.js';
import { eventFacts, type EventFacts } from '../core/series/event-facts.js';
import { leaderboard, type LeaderboardRow } from '../core/series/leaderboard.js';
import {
  decideLinks,
  evolveLinks,
  initialLinks,
  personOf,
  recordByPerson,
  type LinkCommand,
  type LinkEvent,
  type LinkState,
} from '../core/series/player-links.js';
import type { RecordEntry } from '../core/tournament/official-record.js';
import { seriesError, type SeriesError } from '../core/series/series-errors.js';
import {
  decideSeries,
  evolveSeries,
  initialSeries,
  type InvitationRule,
  type Series,
  type SeriesCommand,
  type SeriesEvent,
  type SeriesMeta,
  type SeriesState,
} from '../core/series/series.js';
import { VersionConflictError, type EventStore, type StoredEvent } from './event-store.js';
import { fingerprintOf } from './request-fingerprint.js';
import type { TournamentService } from './tournament-service.js';

/*
 * The write pipeline of series and player links, for every adapter (CLI, HTTP): load the
 * stream (cached, reading only newer events), decide the command on it, append on the version
 * decided on (a lost race is decided again; an idempotency key answers its first write), and
 * the reads (leaderboards) built from the series, the player links and the tournaments' states.
 *
 * Series and links are streams in the same event store as tournaments, under ids no tournament
 * can have (tournament ids have no colon): `series:<id>` and `people:links`. The store's
 * tournament lists leave them out.
 */

export const SERIES_STREAM = (id: string): string => `series:${id}`;
export const LINKS_STREAM = 'people:links';
const CONFLICT_RETRIES = 10;

interface Aggregate<S, C, E> {
  readonly initial: () => S;
  readonly decide: (command: C, state: S) => Result<E[], SeriesError>;
  readonly evolve: (state: S, event: E) => S;
}

interface Loaded<S> {
  readonly state: S;
  readonly version: number;
}

type Envelope = { readonly type: string; readonly data: unknown; readonly at: string; readonly actor: string };

/** One kind of stream: its state per stream id, cached, and its writes. */
class Streams<S, C, E extends Envelope> {
  readonly #cache = new Map<string, Loaded<S>>();
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly aggregate: Aggregate<S, C, E>,
  ) {}

  async load(stream: string): Promise<Loaded<S>> {
    const cached = this.#cache.get(stream) ?? { state: this.aggregate.initial(), version: 0 };
    const newer = await this.store.read(stream, cached.version);
    if (newer.length === 0) return cached;
    let state = cached.state;
    for (const e of newer) state = this.aggregate.evolve(state, fromStored(e) as E);
    const loaded = { state, version: (newer[newer.length - 1] as StoredEvent).seq };
    const now = this.#cache.get(stream);
    if (!now || now.version < loaded.version) this.#cache.set(stream, loaded);
    return loaded;
  }

  /** Decides and appends; one at a time per stream in this process, a race with another process decided again. */
  write(
    stream: string,
    command: C,
    options: { readonly expectedVersion?: number; readonly idempotencyKey?: string } = {},
  ): Promise<Result<Loaded<S>, SeriesError>> {
    const before = this.#queues.get(stream) ?? Promise.resolve();
    const run = before.then(
      () => this.#write(stream, command, options),
      () => this.#write(stream, command, options),
    );
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(stream, settled);
    void settled.then(() => {
      if (this.#queues.get(stream) === settled) this.#queues.delete(stream);
    });
    return run;
  }

  async #write(
    stream: string,
    command: C,
    options: { readonly expectedVersion?: number; readonly idempotencyKey?: string },
  ): Promise<Result<Loaded<S>, SeriesError>> {
    const { meta: _meta, ...request } = command as { meta?: SeriesMeta };
    const keyed =
      options.idempotencyKey === undefined
        ? {}
        : { idempotencyKey: options.idempotencyKey, fingerprint: fingerprintOf(request) };
    for (let attempt = 0; ; attempt++) {
      const base = await this.load(stream);
      if (options.expectedVersion !== undefined && options.expectedVersion !== base.version)
        return err(seriesError('version-conflict', { expected: options.expectedVersion, actual: base.version }));
      const decided = this.aggregate.decide(command, base.state);
      if (!decided.ok) {
        if (keyed.idempotencyKey !== undefined) {
          const replayed = await this.store.replay(stream, keyed.idempotencyKey, keyed.fingerprint);
          if (replayed) return ok(await this.load(stream));
        }
        return decided;
      }
      try {
        await this.store.append(
          stream,
          base.version,
          decided.value.map((e) => ({ type: e.type, data: e.data, actor: e.actor, at: e.at })),
          keyed,
        );
        return ok(await this.load(stream));
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
        if (options.expectedVersion !== undefined || attempt >= CONFLICT_RETRIES)
          return err(seriesError('version-conflict', { expected: error.expectedVersion, actual: error.actualVersion }));
      }
    }
  }
}

const fromStored = (e: StoredEvent): Envelope => ({ type: e.type, data: e.data, at: e.at, actor: e.actor });

export interface SeriesStandings {
  readonly series: Series;
  readonly asOf: string | null;
  readonly rows: readonly LeaderboardRow[];
  /** The series stream's version and the versions of the tournaments read: what the answer is of. */
  readonly version: string;
}

export class SeriesService {
  readonly #series: Streams<SeriesState, SeriesCommand, SeriesEvent>;
  readonly #links: Streams<LinkState, LinkCommand, LinkEvent>;
  /** Per tournament, the facts of the version last read: a new event costs one fold of that event only. */
  readonly #facts = new Map<string, { readonly version: number; readonly facts: EventFacts | null }>();
  /** Per series, the leaderboard last made and the versions (and date) it is of. */
  readonly #boards = new Map<string, SeriesStandings>();

  constructor(
    private readonly store: EventStore,
    private readonly tournaments: TournamentService,
  ) {
    this.#series = new Streams(store, { initial: initialSeries, decide: decideSeries, evolve: evolveSeries });
    this.#links = new Streams(store, { initial: initialLinks, decide: decideLinks, evolve: evolveLinks });
  }

  /** The series, or undefined when none has the id. */
  async get(id: string): Promise<Series | undefined> {
    const { state } = await this.#series.load(SERIES_STREAM(id));
    return state.status === 'none' ? undefined : state;
  }

  /** Every series, oldest first. */
  async list(): Promise<Series[]> {
    const created = await this.store.readByTypes(['SeriesCreated']);
    const found: Series[] = [];
    for (const e of created) {
      const s = await this.get(e.tournamentId.slice('series:'.length));
      if (s) found.push(s);
    }
    return found;
  }

  /** A series command through the pipeline. `AddSeriesTournament` brings the tournament's date, read here. */
  async write(
    id: string,
    command: SeriesCommand,
    options: { readonly expectedVersion?: number; readonly idempotencyKey?: string } = {},
  ): Promise<Result<Series, SeriesError>> {
    if (command.type !== 'CreateSeries' && (await this.get(id)) === undefined)
      return err(seriesError('series-not-found', { series: id }));
    const written = await this.#series.write(SERIES_STREAM(id), command, options);
    if (!written.ok) return written;
    return ok(written.value.state as Series);
  }

  /** Adds a tournament of this database: its date comes from its own log. */
  async addTournament(id: string, tournament: string, meta: SeriesMeta): Promise<Result<Series, SeriesError>> {
    const { state } = await this.tournaments.load(tournament);
    if (state.status === 'none') return err(seriesError('tournament-unknown', { tournament }));
    return this.write(id, { type: 'AddSeriesTournament', data: { tournament, date: state.settings.date }, meta });
  }

  /** Invites by the leaderboard as of `asOf`; the invited are recorded in the series' log. */
  async invite(id: string, by: InvitationRule, asOf: string, meta: SeriesMeta): Promise<Result<Series, SeriesError>> {
    const standings = await this.standings(id, asOf);
    if (!standings.ok) return standings;
    const rows = standings.value.rows.map(({ player, name, rank, points }) => ({ player, name, rank, points }));
    return this.write(id, { type: 'InviteSeriesPlayers', data: { by, asOf, standings: rows }, meta });
  }

  /** The official record per person: linked ids' entries under the person's id (see `recordByPerson`). */
  async officialRecord(): Promise<Map<string, RecordEntry[]>> {
    return recordByPerson(await this.tournaments.officialRecord(), await this.links());
  }

  /** The person an id belongs to, by the player links. */
  async personOf(id: string): Promise<string> {
    return personOf(await this.links(), id);
  }

  async links(): Promise<LinkState> {
    return (await this.#links.load(LINKS_STREAM)).state;
  }

  async writeLink(command: LinkCommand): Promise<Result<LinkState, SeriesError>> {
    const written = await this.#links.write(LINKS_STREAM, command);
    return written.ok ? ok(written.value.state) : written;
  }

  /** The leaderboard as of a date (YYYY-MM-DD), or of everything played. */
  async standings(id: string, asOf?: string): Promise<Result<SeriesStandings, SeriesError>> {
    const loaded = await this.#series.load(SERIES_STREAM(id));
    if (loaded.state.status === 'none') return err(seriesError('series-not-found', { series: id }));
    const series = loaded.state;
    const facts: EventFacts[] = [];
    const versions: string[] = [`${loaded.version}`];
    // One read of every stream's version: only a tournament written since its facts were made is loaded.
    const current = new Map((await this.store.streamVersions()).map((s) => [s.id, s.version]));
    for (const tournament of series.tournaments) {
      const f = await this.#factsOf(tournament, current.get(tournament) ?? 0);
      versions.push(`${tournament}@${f.version}`);
      if (f.facts) facts.push(f.facts);
    }
    const links = await this.#links.load(LINKS_STREAM);
    versions.push(`links@${links.version}`, asOf ?? '');
    const version = versions.join(',');
    // Nothing changed since the last leaderboard of this series and date: the same answer.
    const known = this.#boards.get(id);
    if (known?.version === version) return ok(known);
    const made: SeriesStandings = {
      series,
      asOf: asOf ?? null,
      rows: leaderboard(series, facts, links.state, asOf),
      version,
    };
    this.#boards.set(id, made);
    return ok(made);
  }

  async #factsOf(
    tournament: string,
    stored: number,
  ): Promise<{ readonly version: number; readonly facts: EventFacts | null }> {
    const known = this.#facts.get(tournament);
    if (known && known.version === stored) return known;
    const { state, version } = await this.tournaments.load(tournament);
    // Only a finished tournament's facts are ever read (an open one counts for nothing yet).
    const facts = state.status === 'finished' ? eventFacts(state) : null;
    const made = { version, facts };
    this.#facts.set(tournament, made);
    return made;
  }
}
