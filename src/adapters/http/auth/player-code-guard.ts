import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '../fastify-types.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { HttpError } from '../errors.js';
import { M } from '../messages/tournaments.js';
import type { ServerContext } from '../server-context.js';
import { AttemptLimiter } from './attempt-limiter.js';
import { knownDeviceMark, playerCodeMatches, sameSecret } from './tokens.js';
import { VENUE_CODE_MINUTES, venueCodeMatches } from './venue-code.js';

/*
 * The one home of "is this the player?" for every route that takes the code printed on a
 * player's slip (their page, record, check-in, result report, judge call, decklist, receipt,
 * sheet), and of the bounds on guessing it.
 *
 * A venue is often one NAT address, so a bound per address alone lets anyone at the venue lock
 * a player (say, their opponent) out of their page by typing wrong codes. Refusing the guesser
 * while answering the owner's right code from the same address would tell the guesser which
 * guess was right; so the owner is told apart by something a guesser lacks: the first time a
 * phone gives the right code, the answer sets a "known device" cookie (HttpOnly, an HMAC under
 * the server's secret naming the tournament and player, never the code). A request carrying it
 * is never refused for anyone's wrong codes and counts nothing. Everyone else's wrong codes are
 * counted per address and player, per player (from any address) and per address (any player);
 * once a count is spent, every request it covers is refused with 429 and Retry-After before its
 * code is looked at, a right code included, so a refusal says nothing about the code.
 *
 * What is left: a phone that never used the code, behind an address (or for a player) whose
 * count a guesser spent, waits for the window to end, as the refusal says; staff can act for
 * the player meanwhile. Counts are per process: behind a balancer spreading one address over N
 * processes, each bound is N times larger (a count in the database would put a write on every
 * guess). Entropy against these rates: docs/server.md › Limits.
 */

/** Wrong codes a minute for one player from one address. */
export const WRONG_CODES_PER_ADDRESS_PLAYER = 10;
/** Wrong codes a minute for one player from all addresses together (bounds a guess spread over many). */
export const WRONG_CODES_PER_PLAYER = 30;
/** Wrong codes a minute from one address over all players (bounds guessing "anyone's" code). */
export const WRONG_CODES_PER_ADDRESS = 120;
/** Wrong venue codes (4 digits) a player may give at check-in per VENUE_CODE_MINUTES. */
export const WRONG_VENUE_CODES_PER_PLAYER = 5;

/** The known-device cookie's name is this and the player's id (one per player; its path is the tournament's). */
export const KNOWN_DEVICE_COOKIE = 'shinpan_player_';
/** How long a phone stays known: past the day, for the record page and the next tournament's decklist. */
const KNOWN_DEVICE_SECONDS = 180 * 24 * 60 * 60;
/** Known-device cookies read from one request for the live stream (a family's phone holds a few). */
const KNOWN_DEVICES_READ = 16;
/** Counts kept at once by each bound in one process; past it a new one waits for a window to end. */
const COUNTS_KEPT = 100_000;
const MINUTE = 60_000;

export const badPlayerCode = (path: string): HttpError =>
  new HttpError(403, 'bad-player-code', M.text('bad-player-code'), path);

export interface PlayerCodeGuard {
  /**
   * The request is `playerId` of `tournamentId` if `code` is theirs: answers nothing, else 403
   * `bad-player-code` (at `path`) or, past a bound and without the known-device cookie, 429
   * `too-many-code-attempts`. The first right code from a phone sets the cookie on `reply`.
   */
  prove(
    request: FastifyRequest,
    reply: FastifyReply,
    named: { readonly tournamentId: string; readonly playerId: string },
    code: string,
    path: string,
  ): Promise<void>;
  /** The players of `tournamentId` whose known-device cookie the request carries (a player's live stream). */
  knownPlayers(request: FastifyRequest, tournamentId: string): string[];
  /**
   * The venue code a player typed at check-in (after `prove`): answers nothing when right, else
   * 403 `venue-code-wrong`; past the player's wrong venue codes, 429 `too-many-venue-codes`
   * whatever was typed. Counted per player, not per address: only someone with the player's
   * code gets this far, and a known device is no reason to let 4 digits be tried freely.
   */
  proveVenueCode(tournamentId: string, playerId: string, typed: string): void;
}

/** One guard per server, whichever route file asks for it. */
const guards = new WeakMap<ServerContext, PlayerCodeGuard>();

export function playerCodeGuard(context: ServerContext): PlayerCodeGuard {
  const found = guards.get(context);
  if (found) return found;
  const limit = (
    max: number,
    message: 'too-many-code-attempts' | 'too-many-code-attempts-player' | 'too-many-code-attempts-address',
  ) =>
    new AttemptLimiter(
      max,
      MINUTE,
      'too-many-code-attempts',
      (seconds) => M.text(message, { seconds, max }),
      undefined,
      COUNTS_KEPT,
    );
  // In this order: the narrowest bound names itself first.
  const bounds = [
    {
      limiter: limit(WRONG_CODES_PER_ADDRESS_PLAYER, 'too-many-code-attempts'),
      key: (ip: string, player: string) => `${ip}\u0000${player}`,
    },
    {
      limiter: limit(WRONG_CODES_PER_PLAYER, 'too-many-code-attempts-player'),
      key: (_ip: string, player: string) => player,
    },
    { limiter: limit(WRONG_CODES_PER_ADDRESS, 'too-many-code-attempts-address'), key: (ip: string) => ip },
  ];
  const venueGuesses = new AttemptLimiter(
    WRONG_VENUE_CODES_PER_PLAYER,
    VENUE_CODE_MINUTES * MINUTE,
    'too-many-venue-codes',
    (seconds) =>
      M.text('too-many-venue-codes', { seconds, max: WRONG_VENUE_CODES_PER_PLAYER, minutes: VENUE_CODE_MINUTES }),
    undefined,
    COUNTS_KEPT,
  );

  const known = (request: FastifyRequest, tournamentId: string, playerId: string): boolean => {
    const value = request.cookies[`${KNOWN_DEVICE_COOKIE}${playerId}`];
    return value !== undefined && sameSecret(value, knownDeviceMark(context.secret, tournamentId, playerId));
  };

  const guard: PlayerCodeGuard = {
    async prove(request, reply, { tournamentId, playerId }, code, path) {
      if (known(request, tournamentId, playerId)) {
        // The phone has given this player's right code before: nobody's wrong codes touch it, and its own count nothing.
        if (!playerCodeMatches(context.secret, tournamentId, playerId, code)) throw badPlayerCode(path);
        return;
      }
      const player = `${tournamentId}\u0000${playerId}`;
      // Only players who exist are counted: a code for nobody guesses nothing, and cannot fill the counts.
      const { tournament } = await context.gateway.read(tournamentId);
      const counted = findPlayer(tournament, playerId) !== undefined;
      // From here to the end, one turn of the loop: no request slips between the check and the count.
      if (counted) for (const b of bounds) b.limiter.refuseSpent(b.key(request.ip, player));
      if (!playerCodeMatches(context.secret, tournamentId, playerId, code)) {
        if (counted) for (const b of bounds) b.limiter.count(b.key(request.ip, player));
        throw badPlayerCode(path);
      }
      reply.setCookie(`${KNOWN_DEVICE_COOKIE}${playerId}`, knownDeviceMark(context.secret, tournamentId, playerId), {
        path: `/api/tournaments/${tournamentId}/`,
        httpOnly: true,
        sameSite: 'strict',
        secure: context.secureCookies,
        maxAge: KNOWN_DEVICE_SECONDS,
      });
    },

    knownPlayers(request, tournamentId) {
      const players: string[] = [];
      let read = 0;
      for (const name of Object.keys(request.cookies)) {
        if (!name.startsWith(KNOWN_DEVICE_COOKIE)) continue;
        if (++read > KNOWN_DEVICES_READ) break;
        const playerId = name.slice(KNOWN_DEVICE_COOKIE.length);
        if (known(request, tournamentId, playerId)) players.push(playerId);
      }
      return players;
    },

    proveVenueCode(tournamentId, playerId, typed) {
      const key = `${tournamentId}\u0000${playerId}`;
      venueGuesses.refuseSpent(key);
      if (venueCodeMatches(context.secret, tournamentId, context.clock(), typed)) return;
      venueGuesses.count(key);
      throw new HttpError(403, 'venue-code-wrong', M.text('venue-code-wrong'), 'body.venueCode');
    },
  };
  guards.set(context, guard);
  return guard;
}
