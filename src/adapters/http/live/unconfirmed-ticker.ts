import { selfService, waitingReports, type WaitingReport } from '../../../core/tournament/self-service.js';
import { findRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { TournamentGateway } from '../tournaments/tournament-gateway.js';
import type { LiveHub } from './live-hub.js';

/** What the ticker knows of one watched tournament since it last looked at its reports. */
interface Watch {
  /** The unconfirmed matches last published (round:table, in order). */
  readonly signature: string;
  /** The same matches, to tell which are new. */
  readonly published: ReadonlySet<string>;
  /** When the earliest report still waiting goes to the judges (ms), or null when none waits. */
  readonly nextDue: number | null;
}

/**
 * Tells the pages concerned when a player's report goes to the judges because nobody confirmed
 * it in time: the judges' queue (staff streams, the whole list whenever it changes) and the two
 * players' own pages (their phones' streams, their own match once). No write happens then, so
 * without this the pages would learn it only at the next change; sent to every public stream, it
 * made every player's page of the round read again. The server's clock decides, as for the
 * queue itself.
 *
 * The reports are looked at only when they may have changed: when a stream starts following
 * the tournament (nothing is sent while nobody watches), after a write reaches its stream, and
 * when its earliest waiting report falls due.
 * Each second costs one comparison per watched tournament ("is the earliest due time past?"),
 * which also notices a clock moved by hand (tests, a corrected server clock) where a timer set
 * for the due time would not; a tournament where no report waits costs nothing more. Writes
 * are gathered until the next second, so a burst of results costs one look, not one each.
 */
export class UnconfirmedTicker {
  readonly #watches = new Map<string, Watch>();
  /** Tournaments written to since their last look. */
  readonly #changed = new Set<string>();
  readonly #timer: NodeJS.Timeout;
  #running = false;

  constructor(
    private readonly hub: LiveHub,
    private readonly gateway: TournamentGateway,
    private readonly clock: () => Date,
    intervalMs = 1_000,
  ) {
    this.#timer = setInterval(() => void this.#tick(), intervalMs);
    this.#timer.unref();
  }

  /** A stream started following the tournament or a write reached it: its reports are looked at again at the next tick. */
  changed(tournamentId: string): void {
    this.#changed.add(tournamentId);
  }

  /** One pass: every watched tournament that is new, was written to or has a report falling due is looked at. */
  async #tick(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      const watched = new Set(this.hub.watched());
      for (const id of this.#watches.keys()) if (!watched.has(id)) this.#watches.delete(id);
      const now = this.clock().getTime();
      for (const tournamentId of watched) {
        const watch = this.#watches.get(tournamentId);
        const fallsDue = watch === undefined || (watch.nextDue !== null && watch.nextDue <= now);
        if (!fallsDue && !this.#changed.has(tournamentId)) continue;
        this.#changed.delete(tournamentId);
        await this.#look(tournamentId, watch);
      }
      for (const id of this.#changed) if (!watched.has(id)) this.#changed.delete(id);
    } finally {
      this.#running = false;
    }
  }

  async #look(tournamentId: string, watch: Watch | undefined): Promise<void> {
    const loaded = await this.gateway.load(tournamentId).catch(() => null);
    if (loaded === null) {
      // The store did not answer: forgotten, so the next tick looks again.
      this.#watches.delete(tournamentId);
      return;
    }
    const { state } = loaded;
    if (state.status === 'none') {
      this.#watches.set(tournamentId, { signature: '', published: new Set(), nextDue: null });
      return;
    }
    const at = this.clock();
    const now = at.getTime();
    const waiting = selfService(state).reporting.enabled ? waitingReports(state) : [];
    const late = waiting.filter((w) => Date.parse(w.due) <= now);
    const nextDue = waiting.reduce<number | null>((next, w) => {
      const due = Date.parse(w.due);
      return due > now && (next === null || due < next) ? due : next;
    }, null);
    const keys = late.map((w) => `${w.round}:${w.table}`);
    const signature = keys.join(',');
    this.#watches.set(tournamentId, { signature, published: new Set(keys), nextDue });
    if (signature === (watch?.signature ?? '')) return;
    this.hub.publish(tournamentId, {
      event: 'unconfirmed',
      audience: 'staff',
      data: { now: at.toISOString(), matches: late.map((w) => ({ round: w.round, table: w.table })) },
    });
    const fresh = late.filter((_, i) => !watch?.published.has(keys[i] as string));
    for (const { round, table, players } of withPlayers(state, fresh))
      this.hub.publishToPlayers(tournamentId, players, 'unconfirmed', {
        now: at.toISOString(),
        matches: [{ round, table }],
      });
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

/** Each waiting report's match with its two players (one table index per round concerned). */
function withPlayers(t: Tournament, reports: readonly WaitingReport[]) {
  const tables = new Map<number, Map<number, readonly string[]>>();
  return reports.map(({ round, table }) => {
    let byTable = tables.get(round);
    if (!byTable) {
      byTable = new Map((findRound(t, round)?.matches ?? []).map((m) => [m.table, m.players]));
      tables.set(round, byTable);
    }
    return { round, table, players: byTable.get(table) ?? [] };
  });
}
