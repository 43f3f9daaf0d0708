import type { EventStore } from '../../../app/event-store.js';
import type { Tournament } from '../../../core/tournament/state.js';
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
 * The public list of tournaments (`GET /api/tournaments`), made again only when a tournament's
 * version moved. Each request reads the streams table (one row per tournament: id and version,
 * never the events); a tournament whose version moved is summarised from the gateway's state,
 * the others keep their summary; the answer, serialized and compressed once, is kept until a
 * version moves. The order (oldest first) is read once per tournament, when it is first seen.
 * Concurrent requests share one look.
 */
export class TournamentList {
  /** Position of each tournament's first event: the list's order. */
  readonly #order = new Map<string, number>();
  readonly #summaries = new Map<string, TournamentSummary>();
  #answer: PreparedAnswer | null = null;
  #looking: Promise<PreparedAnswer> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly gateway: TournamentGateway,
  ) {}

  answer(): Promise<PreparedAnswer> {
    this.#looking ??= this.#look().finally(() => {
      this.#looking = null;
    });
    return this.#looking;
  }

  async #look(): Promise<PreparedAnswer> {
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
      else this.#summaries.set(id, summaryOf(id, loaded.state, loaded.version));
    }
    for (const id of this.#summaries.keys()) if (!present.has(id)) this.#summaries.delete(id);
    if (!changed && this.#answer) return this.#answer;
    const order = (id: string) => this.#order.get(id) ?? Number.MAX_SAFE_INTEGER;
    const tournaments = [...this.#summaries.values()].sort((a, b) => order(a.id) - order(b.id));
    this.#answer = new PreparedAnswer({ tournaments });
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
    rounds: t.rounds.length,
    version,
  };
}
