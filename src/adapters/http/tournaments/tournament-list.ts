import { participantCount } from '../../../core/tournament/state-queries.js';
import type { EventStore } from '../../../app/event-store.js';
import { swallowed } from '../../operational-notices.js';
import type { Loaded } from '../../../app/tournament-service.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
import { COMPRESS_THRESHOLD_BYTES } from '../compression.js';
import { PreparedAnswer } from '../prepared-answer.js';
import type { TournamentGateway } from './tournament-gateway.js';

/** One tournament as the public list shows it. */
export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly date: string;
  readonly status: Tournament['status'];
  readonly players: number;
  readonly rounds: number;
  readonly version: number;
}

/**
 * While versions move, a new list is made behind the reads at most this often (each is a read
 * of the streams table and a compression): four clients reading back to back made one per read.
 */
const LOOK_GAP_MS = 250;
/** How often the summaries of the tournaments this process wrote are stored (one statement for all). */
const STORE_SUMMARIES_MS = 1_000;
/** Rows per statement when summaries are stored (PostgreSQL takes at most 65,535 parameters). */
const SUMMARY_ROWS_PER_STATEMENT = 1_000;
/**
 * How long a stored summary may stay behind its tournament's log before the list reads that
 * tournament itself: the writing process stores every STORE_SUMMARIES_MS, so longer means a
 * process that stores none (the CLI) or one that stopped.
 */
const STORED_BEHIND_MS = 3 * STORE_SUMMARIES_MS;
/** The longest the list reads tournaments' logs before letting the event loop turn. */
const YIELD_AFTER_MS = 10;

/**
 * The public list of tournaments (`GET /api/tournaments`). Its answer, serialized and compressed
 * once, is kept until this process writes or the store announces another process's append.
 * Then the streams table is read (one row per tournament: id and version, never the events),
 * only the tournaments whose version moved are summarised again (from the state this process
 * holds, else from the summaries the writing process stored, else from the gateway, which reads
 * only the events it has not seen), and the answer is joined from each tournament's kept JSON.
 * The order (oldest first) is read once per tournament.
 *
 * While versions move (the day: hundreds of results a second), a read is answered the newest
 * list made at once and the next one is made behind it (at most every LOOK_GAP_MS, compressed
 * as it is made), unless that list is older than `recentMs`. A tournament just created through
 * this process is listed to the next read at once, from the state this process holds, placed
 * after the others until a look reads its place. Each tournament's summary is also stored with its version
 * (`stream_summaries`), written at most once a second for the tournaments this process wrote
 * and on close, so that the first list after a start folds only the tournaments whose stored
 * summary is behind their log (written in the last second before a crash), not every tournament.
 */
export class TournamentList {
  /** Position of each tournament's first event: the list's order. */
  readonly #order = new Map<string, number>();
  readonly #summaries = new Map<string, { readonly version: number; readonly json: string }>();
  #answer: PreparedAnswer | null = null;
  /** When the look that made `#answer` began (`now()`); set when the answer is. */
  #madeAt = Number.NEGATIVE_INFINITY;
  /** A write may have moved a version since the answer was made. */
  #stale = true;
  /** Tournaments written through this process that the answer does not show: the next read adds them. */
  readonly #unlisted = new Set<string>();
  /** Tournaments listed before a look read their place: after every placed one, in the order written. */
  readonly #provisional = new Map<string, number>();
  #provisionalNext = 0;
  #looking: Promise<PreparedAnswer> | null = null;
  /** The stored summaries were read (once, on the first look). */
  #storedRead = false;
  /** Per tournament, the version whose summary is stored (as far as this process knows). */
  readonly #stored = new Map<string, number>();
  /** Tournaments this process wrote since their summaries were last stored. */
  readonly #written = new Set<string>();
  #storing: ReturnType<typeof setTimeout> | null = null;
  /** Per tournament moved by another process, since when its stored summary is behind (`now()`). */
  readonly #behindSince = new Map<string, number>();

  constructor(
    private readonly store: EventStore,
    private readonly gateway: TournamentGateway,
    private readonly recentMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    // Caches off (SHINPAN_NO_CACHES): each read makes the list anew (`#made`), nothing kept or stored.
    if (!gateway.caches) return;
    // Another process's append (or a CLI's): the list made behind the next read shows it. A
    // tournament created through this process is listed by the next read (its organizer goes
    // back to the list); one created elsewhere waits for the next list made, as on two
    // PostgreSQL processes a wait for each of the day's creations held the reads up.
    store.onAppended(() => {
      this.#stale = true;
    });
    gateway.onWritten((tournamentId) => {
      this.#stale = true;
      if (!this.#summaries.has(tournamentId)) this.#unlisted.add(tournamentId);
      this.#written.add(tournamentId);
      this.#storing ??= setTimeout(() => void this.storeSummaries(), STORE_SUMMARIES_MS);
      this.#storing.unref?.();
    });
  }

  answer(): Promise<PreparedAnswer> {
    if (!this.gateway.caches) return this.#made();
    if (this.#answer && this.#unlisted.size > 0) this.#listWritten();
    // Written since, or a newer list is on its way (being compressed): not the current one.
    if (this.#answer && !this.#stale && !this.#looking) return Promise.resolve(this.#answer);
    const age = this.now() - this.#madeAt;
    if (this.#answer && this.#unlisted.size === 0 && age < this.recentMs) {
      // Made behind this read, at most every LOOK_GAP_MS; a failure is the next read's to see.
      if (age >= Math.min(LOOK_GAP_MS, this.recentMs))
        this.#lookOnce().catch(swallowed('tournament-list-refresh-failed'));
      return Promise.resolve(this.#answer);
    }
    return this.#lookOnce();
  }

  /** The look under way, or a new one. */
  #lookOnce(): Promise<PreparedAnswer> {
    this.#looking ??= this.#look()
      .catch((error: unknown) => {
        // A failed look leaves the answer to be made again by the next request.
        this.#stale = true;
        throw error;
      })
      .finally(() => {
        this.#looking = null;
      });
    return this.#looking;
  }

  /**
   * Stores the summaries of the tournaments this process wrote, from the state it holds (no
   * query but the one write); the server calls it on close too. A failure is tried again later.
   */
  async storeSummaries(): Promise<void> {
    if (this.#storing) clearTimeout(this.#storing);
    this.#storing = null;
    const rows: { id: string; version: number; summary: string }[] = [];
    for (const id of this.#written) {
      const held = this.gateway.peek(id);
      if (!held || held.state.status === 'none' || (this.#stored.get(id) ?? 0) >= held.version) continue;
      rows.push({ id, version: held.version, summary: this.#summarise(id, held).json });
    }
    this.#written.clear();
    try {
      for (let i = 0; i < rows.length; i += SUMMARY_ROWS_PER_STATEMENT)
        await this.store.writeSummaries(rows.slice(i, i + SUMMARY_ROWS_PER_STATEMENT));
      for (const row of rows) this.#stored.set(row.id, Math.max(this.#stored.get(row.id) ?? 0, row.version));
    } catch (error) {
      // Only a cache: the next write's turn stores them again, and a list meanwhile reads the log.
      swallowed('stored-summaries-failed', { tournaments: rows.length })(error);
      for (const row of rows) this.#written.add(row.id);
    }
  }

  /**
   * Adds the tournaments written through this process that the answer does not show, from the
   * state it holds, with no query: during the day's creations a read waiting for a look (two
   * queries, each behind the loop's queue of writes) waited for each new tournament. One the
   * service no longer holds stays for a look to list.
   */
  #listWritten(): void {
    let changed = false;
    for (const id of this.#unlisted) {
      const held = this.gateway.peek(id);
      if (held === undefined) continue;
      this.#unlisted.delete(id);
      if (held.state.status === 'none' || this.#summaries.get(id)?.version === held.version) continue;
      this.#summaries.set(id, this.#summarise(id, held));
      if (!this.#order.has(id) && !this.#provisional.has(id)) this.#provisional.set(id, this.#provisionalNext++);
      changed = true;
    }
    // The other tournaments are as the last look found them: the answer is no newer than it.
    if (changed) this.#answer = this.#joined();
  }

  async #look(): Promise<PreparedAnswer> {
    // Cleared before reading: a write during the look marks the answer stale again.
    this.#stale = false;
    const startedAt = this.now();
    const streams = await this.store.streamVersions();
    const unplaced = streams.filter(({ id }) => !this.#order.has(id)).map(({ id }) => id);
    // A tournament this process has not listed yet: its place in the order, read once.
    if (unplaced.length > 0)
      for (const { id, position } of await this.store.firstPositions(unplaced)) {
        this.#order.set(id, position);
        this.#provisional.delete(id);
      }
    const first = !this.#storedRead;
    if (first) {
      // The first look after a start: the summaries stored for the versions the log is at.
      const current = new Map(streams.map(({ id, version }) => [id, version]));
      for (const row of await this.store.readSummaries()) {
        this.#stored.set(row.id, row.version);
        if (current.get(row.id) === row.version && !this.#summaries.has(row.id))
          this.#summaries.set(row.id, { version: row.version, json: row.summary });
      }
      this.#storedRead = true;
    }
    let changed = this.#answer === null || streams.length !== this.#summaries.size;
    const present = new Set<string>();
    /** Moved past what this process holds: written by another process. */
    const elsewhere: { readonly id: string; readonly version: number }[] = [];
    for (const stream of streams) {
      present.add(stream.id);
      if (this.#summaries.get(stream.id)?.version === stream.version) continue;
      const held = this.gateway.peek(stream.id);
      if (held !== undefined && held.version >= stream.version) {
        changed = true;
        this.#summaries.set(stream.id, this.#summarise(stream.id, held));
        this.#behindSince.delete(stream.id);
        // Folded or read here: stored, so the next start need not do it again.
        if ((this.#stored.get(stream.id) ?? 0) < held.version) this.#written.add(stream.id);
      } else elsewhere.push(stream);
    }
    if (elsewhere.length > 0 && (await this.#fromStored(elsewhere, first))) changed = true;
    // One listed from this process's state may be newer than the streams read here.
    for (const id of this.#summaries.keys())
      if (!present.has(id) && !this.#provisional.has(id)) this.#summaries.delete(id);
    if (this.#written.size > 0) this.#storing ??= setTimeout(() => void this.storeSummaries(), STORE_SUMMARIES_MS);
    this.#storing?.unref?.();
    if (!changed && this.#answer) {
      this.#madeAt = startedAt;
      return this.#answer;
    }
    this.#answer = this.#joined();
    this.#madeAt = startedAt;
    return this.#answer;
  }

  /** The list made for one read from the streams and each tournament's state as the gateway reads it, oldest first. */
  async #made(): Promise<PreparedAnswer> {
    const streams = await this.store.streamVersions();
    const positions = new Map(
      (await this.store.firstPositions(streams.map(({ id }) => id))).map(({ id, position }) => [id, position]),
    );
    const ids = streams.map(({ id }) => id).sort((a, b) => (positions.get(a) ?? 0) - (positions.get(b) ?? 0));
    const summaries: string[] = [];
    for (const id of ids) {
      const loaded = await this.gateway.load(id);
      if (loaded.state.status !== 'none')
        summaries.push(JSON.stringify(summaryOf(id, loaded.state as Tournament, loaded.version)));
    }
    return PreparedAnswer.fromJson(`{"tournaments":[${summaries.join(',')}]}`);
  }

  /** The answer joined from the kept summaries, oldest first, compressed. */
  #joined(): PreparedAnswer {
    const placed = (id: string) => this.#order.get(id) ?? Number.MAX_SAFE_INTEGER;
    const written = (id: string) => this.#provisional.get(id) ?? -1;
    const ids = [...this.#summaries.keys()].sort(
      (a, b) => placed(a) - placed(b) || written(a) - written(b) || (a < b ? -1 : 1),
    );
    const made = PreparedAnswer.fromJson(
      `{"tournaments":[${ids.map((id) => this.#summaries.get(id)!.json).join(',')}]}`,
    );
    // Compressed on the loop (cheap for a list), in the first read's encoding: a read then never
    // waits for a turn of zlib's pool behind a busy loop, which held it up during the day's
    // creations (docs/performance.md), and no form is made that no reader takes.
    if (made.json.length >= COMPRESS_THRESHOLD_BYTES) made.compressOnLoop();
    return made;
  }

  /**
   * Summaries of the tournaments moved past the state this process holds (another process
   * wrote them), from the summaries that process stores every second: one read of a table,
   * where reading each one's new events made a look on two PostgreSQL processes read half the
   * day's tournaments one by one. One whose stored summary is behind (or that has none yet:
   * just created there) keeps what is shown, possibly nothing,
   * and is looked at again; read through the gateway only on the first look after a start
   * (the list must be whole) or once it has been behind for longer than the storing process
   * could explain (a CLI wrote it). Reading each new tournament of the other process's in
   * every look held the reads waiting for it while the day's tournaments were created (figures
   * in docs/performance.md). Answers whether a summary changed.
   */
  async #fromStored(
    moved: readonly { readonly id: string; readonly version: number }[],
    first: boolean,
  ): Promise<boolean> {
    const stored = new Map((await this.store.readSummaries(moved.map((m) => m.id))).map((row) => [row.id, row]));
    const now = this.now();
    let changed = false;
    let turned = performance.now();
    for (const { id, version } of moved) {
      // Reading many (the first list after a crash: every tournament written in its last second)
      // is a fold each; the loop turns between them so health checks and other requests go on.
      if (performance.now() - turned > YIELD_AFTER_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = performance.now();
      }
      const row = stored.get(id);
      if (row !== undefined) {
        this.#stored.set(id, Math.max(this.#stored.get(id) ?? 0, row.version));
        if (row.version > (this.#summaries.get(id)?.version ?? 0)) {
          this.#summaries.set(id, { version: row.version, json: row.summary });
          changed = true;
        }
      }
      if ((this.#summaries.get(id)?.version ?? 0) >= version) {
        this.#behindSince.delete(id);
        continue;
      }
      const since = this.#behindSince.get(id) ?? now;
      this.#behindSince.set(id, since);
      if (!first && now - since < STORED_BEHIND_MS) {
        this.#stale = true;
        continue;
      }
      const loaded = await this.gateway.load(id);
      if (loaded.state.status === 'none') continue;
      this.#summaries.set(id, this.#summarise(id, loaded));
      changed = true;
      if ((this.#stored.get(id) ?? 0) < loaded.version) this.#written.add(id);
      // The gateway's state may lag the stream by up to its freshness: look again next time.
      if (loaded.version < version) this.#stale = true;
      else this.#behindSince.delete(id);
    }
    return changed;
  }

  /** The tournament's summary at the version held, reused when that version's is already kept. */
  #summarise(id: string, loaded: Loaded): { readonly version: number; readonly json: string } {
    const kept = this.#summaries.get(id);
    if (kept?.version === loaded.version) return kept;
    return { version: loaded.version, json: JSON.stringify(summaryOf(id, loaded.state as Tournament, loaded.version)) };
  }
}

function summaryOf(id: string, t: Tournament, version: number): TournamentSummary {
  return {
    id,
    name: t.settings.name,
    date: t.settings.date,
    status: t.status,
    players: participantCount(t),
    // A held round is the staff's: the public list counts the rounds players can see.
    rounds: playersView(t).rounds.length,
    version,
  };
}
