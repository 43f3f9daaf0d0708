import type { FastifyInstance } from 'fastify';
import type { EventStore } from '../../app/event-store.js';
import type { TournamentSummary } from './tournaments/tournament-list.js';

/**
 * A tournament this big is warmed before the port opens: at 8,192 players a restarted
 * process's first reads folded the whole log and made the standings and the board in one
 * piece each (40–100 ms on the loop apiece, with every phone of the venue waiting behind
 * them, docs/performance.md); below a thousand players they take a few milliseconds and are
 * made on their first read as before.
 */
export const WARM_PLAYERS = 1_000;
/** The most tournaments warmed, the biggest first: a venue runs a few big ones at once, never dozens. */
const WARM_MAX = 8;
/** No tournament is begun after this long: a start waits for the warm-up, and the venue waits for the start. */
const WARM_BUDGET_MS = 3_000;

/**
 * The address a warm-up read comes from. Never a real socket's (those are IP addresses), so the
 * request log and the request metrics leave these reads out: they are the server's own, not a visitor's.
 */
export const WARM_UP_ADDRESS = 'shinpan-warm-up';

/** True for a read the server sent itself while warming up. */
export function isWarmUp(request: { readonly socket: { readonly remoteAddress?: string | undefined } }): boolean {
  return request.socket.remoteAddress === WARM_UP_ADDRESS;
}

export interface WarmedUp {
  readonly tournaments: readonly { readonly id: string; readonly players: number }[];
  /** Warm-up reads not answered 200 (the first visitor's read makes that view instead). */
  readonly unanswered: readonly { readonly url: string; readonly status: number }[];
  readonly ms: number;
}

/**
 * Before the port opens: the open tournaments of WARM_PLAYERS or more (as their stored
 * summaries say), the biggest first, each read through the server's own public routes as the
 * venue's readers will read it (summary, standings, the newest round's board and clock), so
 * the log is folded and the views are made and kept before anyone waits for them. A read that
 * fails is the first visitor's to make again, as without a warm-up: a start never fails for it.
 */
export async function warmUp(
  app: FastifyInstance,
  store: Pick<EventStore, 'readSummaries'>,
  now: () => number = () => performance.now(),
): Promise<WarmedUp> {
  const started = now();
  const big = (await store.readSummaries())
    .map((row) => JSON.parse(row.summary) as TournamentSummary)
    .filter((s) => s.status === 'open' && s.players >= WARM_PLAYERS)
    .sort((a, b) => b.players - a.players || a.id.localeCompare(b.id))
    .slice(0, WARM_MAX);
  const warmed: { id: string; players: number }[] = [];
  const unanswered: { url: string; status: number }[] = [];
  for (const summary of big) {
    if (now() - started > WARM_BUDGET_MS) break;
    const base = `/api/tournaments/${encodeURIComponent(summary.id)}`;
    const round =
      summary.rounds > 0 ? [`${base}/rounds/${summary.rounds}/pairings`, `${base}/rounds/${summary.rounds}/clock`] : [];
    for (const url of [base, `${base}/standings`, ...round]) {
      const answer = await app.inject({
        method: 'GET',
        url,
        remoteAddress: WARM_UP_ADDRESS,
        // As a phone asks: the compressed answer is the one kept for the readers.
        headers: { 'accept-encoding': 'br, gzip' },
      });
      if (answer.statusCode !== 200) unanswered.push({ url, status: answer.statusCode });
    }
    warmed.push({ id: summary.id, players: summary.players });
  }
  return { tournaments: warmed, unanswered, ms: now() - started };
}
