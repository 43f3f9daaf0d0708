import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../auth/principal.js';
import { sseFrame } from '../live/live-hub.js';
import { eventMessages } from '../live/publish.js';
import { latePlayers } from '../../../app/projections/late-players.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { tournamentParams } from './tournament-common.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { playerCodeGuard } from '../auth/player-code-guard.js';

/**
 * The live stream of a tournament (Server-Sent Events): `hello` on connect, `events` for every
 * durable write (staff see every event; the public sees pairings, results, seat marks,
 * extensions and drops, and the new version, but nothing of a write that is staff's alone, as
 * a judge call: see publish.ts), `late` for staff when the late list changes, `unconfirmed` for
 * staff and the two players concerned (unconfirmed-ticker.ts).
 * A reconnect with Last-Event-ID (a version) first receives what it missed, up to
 * MAX_CATCH_UP events; one further behind gets only `hello` and reloads (the console reloads
 * on every reconnect anyway), so an old id never reads a whole log into memory.
 */
export const MAX_CATCH_UP = 500;

export function liveRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;
  const guard = playerCodeGuard(context);
  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/live',
    summary:
      "Server-Sent Events of a tournament: hello, events (after every write), late (staff), unconfirmed (a player's report went to the judges unconfirmed: to staff, and to the two players' phones, known by the cookie their page set when the slip's code was first given). Resumes after Last-Event-ID.",
    tags: ['live'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, principal, request, reply }) {
      const { version } = await gateway.read(params.tournamentId);
      const audience = isStaffOf(principal, params.tournamentId) ? 'staff' : 'public';
      // Counted and watched before anything is written: past the per-address cap this is a plain 429.
      context.streams.admit(request.ip, audience === 'staff' ? principal : PUBLIC, reply.raw, params.tournamentId);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      response.write('retry: 3000\n\n');
      // Subscribe first, then send what was missed: a change in between may arrive twice (consoles skip seqs they have), never not at all.
      // A player's phone (its known-device cookie) also hears what is for that player alone: an unconfirmed report.
      const players = audience === 'public' ? guard.knownPlayers(request, params.tournamentId) : [];
      context.hub.subscribe(params.tournamentId, audience, response, players);
      gateway.follow(params.tournamentId, version);
      response.write(sseFrame('hello', { version, audience, now: context.clock().toISOString() }));
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : -1;
      if (lastEventId >= 0 && lastEventId < version && version - lastEventId <= MAX_CATCH_UP) {
        const missed = await gateway.store.read(params.tournamentId, lastEventId);
        const last = missed[missed.length - 1];
        if (last) {
          const messages = eventMessages(last.seq, missed);
          const message = audience === 'staff' ? messages.staff : messages.public;
          if (message) response.write(sseFrame(message.event, message.data, message.id));
        }
      }
      if (audience === 'staff') {
        const { tournament: t } = await gateway.read(params.tournamentId);
        const round = t.rounds[t.rounds.length - 1];
        const now = context.clock();
        if (round && !round.ended)
          response.write(
            sseFrame('late', { round: round.number, now: now.toISOString(), late: latePlayers(t, round, now) }),
          );
      }
    },
  });
}
