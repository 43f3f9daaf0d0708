import type { TournamentGateway } from '../tournaments/tournament-gateway.js';
import { latePlayers } from '../../../app/projections/late-players.js';
import type { LiveHub } from './live-hub.js';

/**
 * Pushes the late list to staff consoles whenever it changes: at the seat time (+0), when a
 * delay crosses the pack's thresholds (+5, +10 by default), and when a judge marks a player
 * seated or confirms a penalty. Checked once a second, only for watched tournaments.
 */
export class LateTicker {
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
      for (const tournamentId of this.hub.watchedByStaff()) {
        const { state } = await this.gateway.load(tournamentId);
        if (state.status === 'none') continue;
        const round = state.rounds[state.rounds.length - 1];
        if (!round || round.ended) continue;
        const now = this.clock();
        const late = latePlayers(state, round, now);
        const signature = `${round.number}|${late.map((l) => `${l.player}:${l.penalty}:${l.issued?.penalty ?? ''}`).join(',')}`;
        if (this.#last.get(tournamentId) === signature) continue;
        this.#last.set(tournamentId, signature);
        this.hub.publish(tournamentId, {
          event: 'late',
          audience: 'staff',
          data: { round: round.number, now: now.toISOString(), late },
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
