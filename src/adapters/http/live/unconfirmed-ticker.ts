import { judgesQueue, selfService } from '../../../core/tournament/self-service.js';
import type { TournamentGateway } from '../tournaments/tournament-gateway.js';
import type { LiveHub } from './live-hub.js';

/**
 * Tells every page watching a tournament (both players' own pages, the judges' queue) when a
 * player's report goes to the judges because nobody confirmed it in time. No write happens
 * then, so without this the pages would learn it only at the next change. The server's clock
 * decides, as for the queue itself; checked once a second, only for watched tournaments.
 */
export class UnconfirmedTicker {
  readonly #last = new Map<string, string>();
  readonly #timer: NodeJS.Timeout;
  #running = false;

  constructor(
    private readonly hub: LiveHub,
    private readonly gateway: TournamentGateway,
    private readonly clock: () => Date,
    intervalMs = 1_000,
  ) {
    this.#timer = setInterval(() => void this.tick(), intervalMs);
    this.#timer.unref();
  }

  /** One check of every watched tournament; exposed so a test can run it on its own clock. */
  async tick(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      const watched = new Set(this.hub.watched());
      for (const id of this.#last.keys()) if (!watched.has(id)) this.#last.delete(id);
      for (const tournamentId of watched) {
        const { state } = await this.gateway.load(tournamentId);
        if (state.status === 'none' || !selfService(state).reporting.enabled) continue;
        const now = this.clock().toISOString();
        const late = judgesQueue(state, now).filter((q) => q.reason === 'unconfirmed');
        const signature = late.map((q) => `${q.round}:${q.table}`).join(',');
        if ((this.#last.get(tournamentId) ?? '') === signature) continue;
        this.#last.set(tournamentId, signature);
        this.hub.publish(tournamentId, {
          event: 'unconfirmed',
          audience: 'public',
          data: { now, matches: late.map((q) => ({ round: q.round, table: q.table })) },
        });
      }
    } finally {
      this.#running = false;
    }
  }

  close(): void {
    clearInterval(this.#timer);
  }
}
