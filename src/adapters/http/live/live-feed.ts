import type { EventStore, StoredEvent } from '../../../app/event-store.js';
import { swallowed } from '../../operational-notices.js';
import type { LiveHub } from './live-hub.js';
import { publishEvents } from './publish.js';

/*
 * Feeds each tournament's live channel in version order, whichever process wrote: this
 * process's writes are published from their answer at once; another process's (PostgreSQL
 * NOTIFY, or SQLite's poll of the streams table) are read from the log by sequence after the
 * last version published. A cursor per watched tournament keeps every version sent once and
 * in order, even when notices arrive late, merged or twice.
 */
export class LiveFeed {
  /** The last version sent to each watched tournament's channel. */
  readonly #cursors = new Map<string, number>();
  readonly #chains = new Map<string, Promise<void>>();
  readonly #stop: () => void;

  constructor(
    private readonly hub: LiveHub,
    private readonly store: EventStore,
    /** Told of every version another process wrote, so reads stop using older cached state. */
    private readonly onRemote: (tournamentId: string) => void = () => undefined,
    /**
     * Told when a watched tournament may have moved on from what was last looked at: a stream
     * starts following it (nothing is sent while nobody watches), or a write reached its channel.
     */
    private readonly onNews: (tournamentId: string) => void = () => undefined,
  ) {
    this.#stop = store.onAppended(({ tournamentId, version }) => this.#remote(tournamentId, version));
  }

  /** A stream starts listening at `version`: later versions are sent to it. */
  follow(tournamentId: string, version: number): void {
    if (!this.#cursors.has(tournamentId)) this.#cursors.set(tournamentId, version);
    this.onNews(tournamentId);
  }

  /** This process wrote `events`: published now, after any earlier version not yet sent. */
  local(tournamentId: string, events: readonly StoredEvent[]): void {
    const first = events[0];
    const last = events[events.length - 1];
    if (first === undefined || last === undefined) return;
    this.#inOrder(tournamentId, async () => {
      const cursor = this.#cursor(tournamentId);
      if (cursor === undefined || last.seq <= cursor) return;
      if (first.seq > cursor + 1) await this.#catchUp(tournamentId, cursor, first.seq - 1);
      const fresh = events.filter((e) => e.seq > (this.#cursors.get(tournamentId) ?? cursor));
      if (fresh.length > 0) this.#send(tournamentId, fresh);
    });
  }

  close(): void {
    this.#stop();
  }

  #remote(tournamentId: string, version: number): void {
    this.onRemote(tournamentId);
    this.#inOrder(tournamentId, async () => {
      const cursor = this.#cursor(tournamentId);
      if (cursor === undefined || version <= cursor) return;
      await this.#catchUp(tournamentId, cursor, version);
    });
  }

  /** The cursor of a tournament someone is watching; a tournament nobody watches any more is forgotten. */
  #cursor(tournamentId: string): number | undefined {
    if (!this.hub.listening(tournamentId)) {
      this.#cursors.delete(tournamentId);
      return undefined;
    }
    return this.#cursors.get(tournamentId);
  }

  async #catchUp(tournamentId: string, after: number, upTo: number): Promise<void> {
    const missed = (await this.store.read(tournamentId, after)).filter((e) => e.seq <= upTo);
    if (missed.length > 0) this.#send(tournamentId, missed);
  }

  #send(tournamentId: string, events: readonly StoredEvent[]): void {
    const version = (events[events.length - 1] as StoredEvent).seq;
    publishEvents(this.hub, tournamentId, version, events);
    this.#cursors.set(tournamentId, version);
    this.onNews(tournamentId);
  }

  /** Runs each tournament's publishing one step at a time; a failed read is retried by the next notice. */
  #inOrder(tournamentId: string, step: () => Promise<void>): void {
    const before = this.#chains.get(tournamentId) ?? Promise.resolve();
    const next = before.then(step).catch(swallowed('live-feed-read-failed', { tournamentId }));
    this.#chains.set(tournamentId, next);
    void next.then(() => {
      if (this.#chains.get(tournamentId) === next) this.#chains.delete(tournamentId);
    });
  }
}
