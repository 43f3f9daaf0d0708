import type { FastifyRequest } from 'fastify';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { M } from '../messages/tournaments.js';
import type { ServerContext } from '../server-context.js';
import { AttemptLimiter } from './attempt-limiter.js';

/** Code guesses a minute per client address and player (the record page, the player's page, check-in, report, a judge call). */
export const RECORD_CODE_ATTEMPTS_PER_MINUTE = 60;

/** Addresses × players counted at once in one process; past it a new one waits for a window to end. */
export const RECORD_CODE_COUNTS = 100_000;

/** One limiter per server, whichever route file asks for it. */
const limiters = new WeakMap<ServerContext, AttemptLimiter>();

/**
 * One count per address, tournament and player, on the decoded route parameters ("%30001"
 * and "0001" are one player, one count), shared by the routes that take a player's code.
 * The in-memory LRU used before forgot a player's count after 5,000 requests naming others;
 * now a running count is never dropped, only players who exist are counted (a code for a
 * player who does not exist guesses nothing), and the counts are bounded (RECORD_CODE_COUNTS).
 * Counts are per process: behind a balancer spreading one address over N processes, a player's
 * code may be tried N × 60 times a minute, still hopeless against a 40-bit code. (Counting in
 * the database as sign-in does would put a write on every player's page read.)
 */
export function recordCodeAttempts(
  context: ServerContext,
): (request: FastifyRequest, named?: { readonly tournamentId: string; readonly playerId: string }) => Promise<void> {
  const limiter =
    limiters.get(context) ??
    new AttemptLimiter(
      RECORD_CODE_ATTEMPTS_PER_MINUTE,
      60_000,
      'too-many-code-attempts',
      (seconds) => M.text('too-many-code-attempts', { seconds, max: RECORD_CODE_ATTEMPTS_PER_MINUTE }),
      undefined,
      RECORD_CODE_COUNTS,
    );
  limiters.set(context, limiter);
  // A route whose path names no player (a judge call) names the player from its body.
  return async (request, named) => {
    const params = named ?? (request.params as { tournamentId: string; playerId: string });
    const player = params.playerId.trim();
    const { tournament } = await context.gateway.read(params.tournamentId);
    if (!findPlayer(tournament, player)) return;
    await limiter.hit(`${request.ip}\u0000${params.tournamentId}\u0000${player}`);
  };
}
