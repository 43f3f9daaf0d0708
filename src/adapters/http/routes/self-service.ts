import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { filmingConsent } from '../../../core/tournament/feature-tables.js';
import { z } from 'zod';
import { CONFIRM_MINUTES, MAX_REPORTED_DUELS, PLAYER_ID } from '../../../core/tournament/limits.js';
import { intIn } from '../request-schema.js';
import { playerPage } from '../../../app/projections/player-page.js';
import {
  confirmationOf,
  judgesQueue,
  latestReports,
  notCheckedIn,
  reportsOn,
  selfService,
  type PlayerReport,
} from '../../../core/tournament/self-service.js';
import { departures, findPlayer, findRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { requireStaff, type Principal } from '../auth/principal.js';
import { playerCode } from '../auth/tokens.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { VENUE_CODE_MINUTES, venueCode } from '../auth/venue-code.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
import { HttpError, notFound } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { badPlayerCode, playerCodeGuard, type PlayerCodeGuard } from '../auth/player-code-guard.js';
import {
  playerParams,
  sendWrite,
  tableParams,
  tournamentParams,
  withVersion,
  writeAnswer,
} from './tournament-common.js';
import { M } from '../messages/tournaments.js';
import { roundReasons } from '../tournaments/round-reasons.js';
import { playerClock } from './clock.js';
import { feeSummary, hasPaid } from '../../../core/tournament/entry-fee.js';

/*
 * What players do from their own page (the QR code on their slip: the record code is their
 * credential, checked and its guessing bounded by player-code-guard.ts), and what staff
 * see of it: check-ins, no-shows, the judges' queue of players' reports.
 */

const code = z.string().max(32);
const duels = z.array(z.string().trim().min(1).max(PLAYER_ID.max)).max(MAX_REPORTED_DUELS);

/** A player with a right code acts as themselves; without a code, staff of the tournament act as staff. */
async function caller(
  guard: PlayerCodeGuard,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  named: { readonly tournamentId: string; readonly playerId: string },
  given: string | undefined,
  path: string,
): Promise<'player' | 'staff'> {
  if (given !== undefined) {
    await guard.prove(request, reply, named, given, path);
    return 'player';
  }
  if (isStaffOf(principal, named.tournamentId)) return 'staff';
  throw badPlayerCode(path);
}

const names = (t: Tournament) => (id: string) => findPlayer(t, id)?.name ?? id;
const reportView = (r: PlayerReport | null | undefined) => (r ? { player: r.player, duels: r.duels, at: r.at } : null);

export function selfServiceRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;
  const now = () => context.clock().toISOString();
  const guard = playerCodeGuard(context);

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/player-reporting',
    summary:
      'Lets players report their own results from their page (off by default); `confirmMinutes`: how long a report waits for the opponent before it goes to the judges (default 10, or the time set before).',
    tags: ['players'],
    access: { command: 'SetPlayerReporting' },
    params: tournamentParams,
    body: z.strictObject({
      enabled: z.boolean(),
      confirmMinutes: intIn(CONFIRM_MINUTES).optional(),
    }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        enabled: body.enabled,
        ...(body.confirmMinutes === undefined ? {} : { confirmMinutes: body.confirmMinutes }),
      };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetPlayerReporting', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/player-pairing-reasons',
    summary:
      'Shows each player, on their own page, the one-line reason their Swiss pairing was made (the staff\'s "why this pairing", their own table only), or stops (off by default). The same setting again writes nothing.',
    tags: ['players', 'rounds'],
    access: { command: 'SetPlayerPairingReasons' },
    params: tournamentParams,
    body: z.strictObject({ shown: z.boolean() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetPlayerPairingReasons', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/check-in-venue-code',
    summary: `Requires (or stops requiring) the venue code for a player's own check-in: 4 digits shown on the staff's check-in screen at the venue, changing every ${VENUE_CODE_MINUTES} minutes (GET …/venue-code), so a check-in from home is refused (403 \`venue-code-wrong\`, 400 \`venue-code-needed\`). Staff check players in without it. Off by default; the same setting again writes nothing.`,
    tags: ['players'],
    access: { command: 'SetCheckInVenueCode' },
    params: tournamentParams,
    body: z.strictObject({ required: z.boolean() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetCheckInVenueCode', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/venue-code',
    summary: `The venue code to show at the venue now (\`code\`, 4 digits), when it changes (\`changesAt\`; the code before it is still taken for one more window of ${VENUE_CODE_MINUTES} minutes) and whether check-in needs it (\`required\`). Staff only: it is what proves a player is at the venue.`,
    tags: ['players'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params }) {
      const { tournament: t } = await gateway.read(params.tournamentId);
      return { required: selfService(t).venueCode, ...venueCode(context.secret, params.tournamentId, context.clock()) };
    },
  });

  /** The player's own line of "why this pairing", where the organizer shows it and the round is Swiss; else null. */
  async function ownReason(t: Tournament, tournamentId: string, player: string, round: number | undefined) {
    if (!selfService(t).pairingReasons || round === undefined) return null;
    const reasons = await roundReasons(gateway, tournamentId, round);
    if (!reasons.ok) return null;
    return reasons.value.tables.find((r) => r.players.includes(player))?.reason ?? null;
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players/:playerId/page',
    summary:
      "The player's own page: check-in before round 1, then their table, opponent, both players' reports and whether they may report; `pairingReason` (ja/en), where the organizer shows players why they were paired, the reason for their own Swiss pairing, else null. The public gives the slip's code; staff need none.",
    tags: ['players'],
    access: 'public',
    params: playerParams,
    query: z.object({ code: code.optional() }),
    async handler({ params, query, principal, request, reply }) {
      await caller(guard, request, reply, principal, params, query.code, 'query.code');
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      // The player's page never shows a held round, whoever opens it; check-in closes at pairing all the same (as the core decides).
      const shown = playerPage(playersView(t), params.playerId, now());
      if (!shown) throw notFound(M.text('player'));
      const page = { ...shown, checkIn: { ...shown.checkIn, open: t.rounds.length === 0 } };
      const pairingReason = await ownReason(t, params.tournamentId, params.playerId, page.match?.round);
      const round = page.match?.round;
      return withVersion(reply, version, {
        tournament: {
          id: params.tournamentId,
          name: t.settings.name,
          date: t.settings.date,
          status: t.status,
          timeZone: t.settings.timeZone ?? null,
        },
        ...page,
        pairingReason,
        // What the page draws comes in this one answer: the round's clock too (issue 44).
        clock: round === undefined ? null : playerClock(t, round, context.clock()),
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/withdraw',
    summary:
      "The player withdraws themselves (辞退) before round 1, with the code from their slip: a drop marked `withdrawn`, and the first on the waiting list moves up into the seat (a webhook's `entry.moved-up`). 422 `withdrawal-closed` once round 1 is paired (staff drop a player then). Staff use …/drop.",
    tags: ['players'],
    access: 'public',
    params: playerParams,
    body: z.strictObject({ code }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, write, request, reply }) {
      await guard.prove(request, reply, params, body.code, 'body.code');
      return sendWrite(
        reply,
        await gateway.writeAsPlayer(
          params.tournamentId,
          params.playerId,
          'WithdrawEntry',
          { player: params.playerId },
          write,
        ),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/check-in',
    summary:
      'Checks the player in before round 1: the player with the code from their slip, or staff without one (organizer, head judge, judge, scorekeeper).',
    tags: ['players'],
    access: 'public',
    params: playerParams,
    body: z.strictObject({ code: code.optional(), venueCode: z.string().max(16).optional() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, request, reply, require }) {
      const data = { player: params.playerId };
      const who = await caller(guard, request, reply, principal, params, body.code, 'body.code');
      if (who === 'player' && selfService((await gateway.read(params.tournamentId)).tournament).venueCode) {
        if (body.venueCode === undefined || body.venueCode.trim() === '')
          throw new HttpError(400, 'venue-code-needed', M.text('venue-code-needed'), 'body.venueCode');
        guard.proveVenueCode(params.tournamentId, params.playerId, body.venueCode);
      }
      const answer =
        who === 'player'
          ? await gateway.writeAsPlayer(params.tournamentId, params.playerId, 'CheckInPlayer', data, write)
          : await gateway.write(
              params.tournamentId,
              require({ command: 'CheckInPlayer' }),
              'CheckInPlayer',
              data,
              write,
            );
      return sendWrite(reply, answer);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/result',
    summary:
      'The player\'s report of their own match (the code from their slip): the winner of each duel played, in order ("draw" for a drawn duel). Equal to the opponent\'s report, it records the result as reported by the players (`ResultReported.byPlayers`); otherwise it waits for the opponent, or goes to the judges.',
    tags: ['players', 'results'],
    access: 'public',
    params: playerParams,
    body: z.strictObject({ code, round: z.number().int().min(1), table: z.number().int().min(1), duels }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, write, request, reply }) {
      await guard.prove(request, reply, params, body.code, 'body.code');
      const data = { round: body.round, table: body.table, player: params.playerId, duels: body.duels };
      return sendWrite(
        reply,
        await gateway.writeAsPlayer(params.tournamentId, params.playerId, 'PlayerReportResult', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/check-ins',
    summary:
      "Before round 1: every player with their check-in (when, by whom) and how many still in have not checked in. With an entry fee: `fee` (amount, currency, how many paid and unpaid, both totals) and each player's `paid` (`null`: owes nothing — an entry dropped before it played, docs/standings.md).",
    tags: ['players'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const { checkedIn } = selfService(t);
      const { dropped } = departures(t);
      const fees = feeSummary(t);
      const owing = new Set(fees?.owing.map((p) => p.id));
      return withVersion(reply, version, {
        open: t.rounds.length === 0,
        notCheckedIn: notCheckedIn(t).length,
        fee: fees && {
          amount: fees.fee.amount,
          currency: fees.fee.currency,
          paid: fees.paidCount,
          unpaid: fees.unpaid.length,
          paidTotal: fees.paidTotal,
          unpaidTotal: fees.unpaidTotal,
        },
        players: t.players.map((p) => {
          const checkIn = checkedIn.latest(p.id);
          return {
            id: p.id,
            name: p.name,
            dropped: dropped.has(p.id),
            checkedIn: checkIn ? { at: checkIn.at, by: checkIn.by.id } : null,
            paid: owing.has(p.id) ? hasPaid(t, p.id) : null,
            filming: filmingConsent(t, p.id),
          };
        }),
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/no-shows/drop',
    summary:
      'Before round 1: drops every player still in who has not checked in, each with its own PlayerDropped (`noShow`). `count` is the number the organizer confirmed; 422 `no-show-count-changed` if it is not the number now.',
    tags: ['players'],
    access: { command: 'DropNoShows' },
    params: tournamentParams,
    body: z.strictObject({ count: z.number().int().min(0) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'DropNoShows', body, write);
      return sendWrite(reply, answer, { dropped: answer.events.filter((e) => e.type === 'PlayerDropped').length });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/player-reports',
    summary:
      "The judges' queue of players' reports: matches without a result whose players disagree (`disputed`) or whose report went unconfirmed past the organizer's time (`unconfirmed`), each with both players' latest reports side by side. Staff settle one by entering the result.",
    tags: ['players', 'results'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const name = names(t);
      return withVersion(reply, version, {
        reporting: selfService(t).reporting,
        pairingReasons: selfService(t).pairingReasons,
        queue: judgesQueue(t, now()).map((q) => ({
          round: q.round,
          table: q.table,
          reason: q.reason,
          since: q.since,
          players: q.players.map((id) => ({ id, name: name(id) })),
          reports: q.reports.map(reportView),
          history: q.history.map(reportView),
        })),
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/rounds/:round/tables/:table/player-reports',
    summary:
      "Every report the two players made on this match, oldest first, each player's latest side by side, and who reported and confirmed a result the players agreed on: what a judge looks into when a report may be false.",
    tags: ['players', 'results'],
    access: 'staff:read',
    params: tableParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const match = findRound(t, params.round)?.matches.find((m) => m.table === params.table);
      if (!match) throw notFound(M.text('table'));
      const latest = latestReports(t, params.round, params.table);
      const name = names(t);
      const confirmation = confirmationOf(t, params.round, params.table) ?? null;
      // The confirming player's report is the reporter's, made by confirming it: shown in its own column and in order.
      const reported = confirmation ? latest.get(confirmation.reportedBy) : undefined;
      const confirmed =
        confirmation && reported
          ? {
              round: params.round,
              table: params.table,
              player: confirmation.confirmedBy,
              duels: reported.duels,
              at: confirmation.at,
            }
          : undefined;
      return withVersion(reply, version, {
        round: params.round,
        table: params.table,
        players: match.players.map((id) => ({ id, name: name(id) })),
        reports: match.players.map((id) => reportView(latest.get(id) ?? (confirmed?.player === id ? confirmed : null))),
        history: [...reportsOn(t, params.round, params.table), ...(confirmed ? [confirmed] : [])].map(reportView),
        confirmation,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/slips',
    summary:
      "Every registration slip at once (players still in, in registration order): name, id and the record code, for printing slips with the QR code to each player's page.",
    tags: ['players'],
    access: { command: 'RegisterPlayer' },
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const { dropped } = departures(t);
      return withVersion(reply, version, {
        reporting: selfService(t).reporting,
        players: t.players
          .filter((p) => !dropped.has(p.id))
          .map((p) => ({ id: p.id, name: p.name, code: playerCode(context.secret, params.tournamentId, p.id) })),
      });
    },
  });
}
