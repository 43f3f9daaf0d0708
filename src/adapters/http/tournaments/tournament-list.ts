import type { EventStore } from '../../../app/event-store.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
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
 * The public list of tournaments (`GET /api/tournaments`), made again only after a write: the
 * answer, serialized and compressed once, is kept until this process writes or the store
 * announces another process's append (within about a second). Then the streams table is read
 * (one row per tournament: id and version, never the events), only the tournaments whose
 * version moved are summarised again from the gateway's state, and the answer is joined from
 * each tournament's kept JSON. The order (oldest first) is read once per tournament, when it is
 * first seen. Concurrent requests share one look.
 */
export class TournamentList {
  /** Position of each tournament's first event: the list's order. */
  readonly #order = new Map<string, number>();
  readonly #summaries = new Map<string, { readonly version: number; readonly json: string }>();
  #answer: PreparedAnswer | null = null;
  /** A write may have moved a version since the answer was made. */
  #stale = true;
  #looking: Promise<PreparedAnswer> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly gateway: TournamentGateway,
  ) {
    const changed = () => {
      this.#stale = true;
    };
    store.onAppended(changed);
    gateway.onWritten(changed);
  }

  answer(): Promise<PreparedAnswer> {
    if (!this.#stale && this.#answer) return Promise.resolve(this.#answer);
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

  async #look(): Promise<PreparedAnswer> {
    // Cleared before reading: a write during the look marks the answer stale again.
    this.#stale = false;
    const streams = await this.store.streamVersions();
    if (streams.some(({ id }) => !this.#order.has(id))) {
      // A tournament this process has not listed yet: its place in the order, read once.
      const ordered = await this.store.listTournaments();
      for (const [position, { id }] of ordered.entries()) this.#order.set(id, position);
    }
    let changed = this.#answer === null || streams.length !== this.#summaries.size;
    const present = new Set<string>();
    for (const { id, version } of streams) {
      present.add(id);
      if (this.#summaries.get(id)?.version === version) continue;
      const loaded = await this.gateway.load(id);
      changed = true;
      if (loaded.state.status === 'none') this.#summaries.delete(id);
      else
        this.#summaries.set(id, {
          version: loaded.version,
          json: JSON.stringify(summaryOf(id, loaded.state, loaded.version)),
        });
      // The gateway's state may lag the stream by up to its freshness: look again next time.
      if (loaded.version < version) this.#stale = true;
    }
    for (const id of this.#summaries.keys()) if (!present.has(id)) this.#summaries.delete(id);
    if (!changed && this.#answer) return this.#answer;
    const order = (id: string) => this.#order.get(id) ?? Number.MAX_SAFE_INTEGER;
    const ids = [...this.#summaries.keys()].sort((a, b) => order(a) - order(b) || (a < b ? -1 : 1));
    this.#answer = PreparedAnswer.fromJson(
      `{"tournaments":[${ids.map((id) => this.#summaries.get(id)!.json).join(',')}]}`,
    );
    return this.#answer;
  }
}

function summaryOf(id: string, t: Tournament, version: number): TournamentSummary {
  return {
    id,
    name: t.settings.name,
    date: t.settings.date,
    status: t.status,
    players: t.players.length,
    // A held round is the staff's: the public list counts the rounds players can see.
    rounds: playersView(t).rounds.length,
    version,
  };
}
