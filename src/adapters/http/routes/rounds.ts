import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pairingsViewMaking } from '../../../app/projections/pairings-view.js';
import type { Making } from '../../../core/making.js';
import {
  BEST_OF,
  CUT_MAX_LOSSES,
  CUT_TOP,
  ROUND_MINUTES,
  REASON,
  PHASE_NAME,
} from '../../../core/tournament/limits.js';
import { requireStaff } from '../auth/principal.js';
import { notFound } from '../errors.js';
import { intIn, boundedText } from '../request-schema.js';
import { PreparedAnswer, sendPrepared } from '../prepared-answer.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { deckStates } from '../tournaments/deck-state.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import { jsonWithItems, keptJson, separated } from '../tournaments/kept-json.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { EndedRoundViews } from '../tournaments/ended-round-views.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { seenBy } from '../tournaments/audience-view.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
import {
  eventData,
  playerId,
  roundOf,
  roundParams,
  sendWrite,
  tournamentParams,
  withVersion,
  writeAnswer,
} from './tournament-common.js';
import { M } from '../messages/tournaments.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';

const nameOf = (t: Tournament, id: string): string => findPlayer(t, id)?.name ?? id;

/** Table texts joined between two pauses of `boardMaking`. */
const TEXTS_PER_PIECE = 256;

/**
 * A round's board as its answer, made in pieces (app/in-turns.ts): the tables' views and their
 * texts kept by match (kept-json.ts), the rest serialized.
 */
function* boardMaking(t: Tournament, round: number, version: number): Making<PreparedAnswer> {
  const view = yield* pairingsViewMaking(t, round);
  if (!view) return new PreparedAnswer({ version });
  const texts: Buffer[] = [];
  for (const table of view.tables) {
    texts.push(keptJson(table));
    if (texts.length % TEXTS_PER_PIECE === 0) yield;
  }
  return PreparedAnswer.fromBytes(jsonWithItems({ ...view, version }, 'tables', separated(texts)));
}

/** Rounds: pairing, the pairings board, one player's table, ending a round. */
export function roundsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  views: ViewCache,
  ended: EndedRoundViews,
): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds',
    summary:
      'Pairs the next round (Swiss or the top cut). `round` is the number you expect to pair, so a double tap cannot pair twice. Round 1 is refused over missing decklists (when required, 422 decklists-missing) or lists the deck rules find problems in (422 decklists-illegal) unless the organizer sends `acceptDecklists: { reason }`, which the log keeps. `startLater`: post the pairings now, start the round (and the tardiness clock) with POST …/rounds/:r/start. `hold`: only staff see the pairings (and may swap players, POST …/rounds/:r/swap) until POST …/rounds/:r/publish.',
    tags: ['rounds'],
    access: { command: 'PairRound' },
    params: tournamentParams,
    body: z.strictObject({
      round: z.number().int().min(1),
      seatTime: z.iso.datetime({ offset: true }).optional(),
      startLater: z.boolean().optional(),
      hold: z.boolean().optional(),
      acceptDecklists: z.strictObject({ reason: boundedText(REASON) }).optional(),
    }),
    response: writeAnswer,
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      let decklistFindings: string[] | undefined;
      if (body.round === 1) {
        const { tournament: t } = await gateway.read(params.tournamentId);
        const states = await deckStates(t.players, t, context.accounts);
        decklistFindings = t.players.filter((_, i) => states[i]!.state === 'findings').map((p) => p.id);
      }
      const data = {
        round: body.round,
        ...(body.seatTime === undefined ? {} : { seatTime: new Date(body.seatTime).toISOString() }),
        ...(body.startLater === true ? { startLater: true } : {}),
        ...(body.hold === true ? { hold: true } : {}),
        ...(decklistFindings === undefined ? {} : { decklistFindings }),
        ...(body.acceptDecklists === undefined ? {} : { acceptDecklists: body.acceptDecklists }),
      };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'PairRound', data, write);
      return sendWrite(reply, answer, { pairing: eventData(answer, 'RoundPaired') ?? null }, 201);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/rounds/:round/pairings',
    summary: 'The pairings board of a round: tables with names, seat marks, extensions and current results, then byes.',
    tags: ['rounds'],
    access: 'public',
    params: roundParams,
    async handler({ params, principal, request, reply }) {
      const { tournament: all, version } = await gateway.read(params.tournamentId);
      // A held round's board is the staff's: anyone else is answered 404, as for a round not paired.
      const t = seenBy(principal, params.tournamentId, all);
      const round = roundOf(t, params.round);
      // An ended round's board, for the public: kept until an event reaches that round (ended-round-views.ts).
      if (round.ended && !isStaffOf(principal, params.tournamentId)) {
        const stamp = await ended.boardStamp(params.tournamentId, version, params.round);
        if (stamp !== undefined) {
          const kept = await ended.view(params.tournamentId, `pairings/${params.round}`, stamp, version, (at) =>
            boardMaking(t, params.round, at),
          );
          return sendPrepared(request, reply, kept.version, kept.value);
        }
      }
      // The current round's board, for the public: made at most once a second while results come in (view-cache.ts).
      if (!isStaffOf(principal, params.tournamentId)) {
        const recent = await views.recentInTurns(
          params.tournamentId,
          `pairings/${params.round}`,
          version,
          t,
          (state, at) => boardMaking(state, params.round, at),
        );
        return sendPrepared(request, reply, recent.version, recent.value);
      }
      // Every player's phone reads the board when a round is posted: made and compressed once per version.
      const answer = await views.viewInTurns(params.tournamentId, `pairings/${params.round}`, version, t, (state) =>
        boardMaking(state, params.round, version),
      );
      return sendPrepared(request, reply, version, answer);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/rounds/:round/pairings/:playerId',
    summary: "One player's table and opponent in a round (what a player looks up on their phone).",
    tags: ['rounds'],
    access: 'public',
    params: roundParams.extend({ playerId }),
    async handler({ params, reply }) {
      const { tournament: all, version } = await gateway.read(params.tournamentId);
      // What a player looks up: never a held round (its seats may still be swapped, and the seat index is kept for good).
      const t = playersView(all);
      const round = roundOf(t, params.round);
      const seat = views.seats(params.tournamentId, round).get(params.playerId);
      if (!seat) throw notFound(M.text('player-in-round', { player: params.playerId, round: params.round }));
      const match = seat.index === null ? undefined : round.matches[seat.index];
      return withVersion(reply, version, {
        round: round.number,
        stage: round.stage,
        seatTime: round.seatTime,
        // Names as they are now (a name staff corrected reaches the phones at once): one map read each.
        player: { id: params.playerId, name: nameOf(t, params.playerId) },
        table: seat.table,
        opponent: seat.opponent === null ? null : { id: seat.opponent, name: nameOf(t, seat.opponent) },
        bye: seat.table === null,
        reported: match ? match.report !== null : true,
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/end',
    summary: 'Ends the round once every table has its result.',
    tags: ['rounds'],
    access: { command: 'EndRound' },
    params: roundParams,
    response: writeAnswer,
    write: true,
    async handler({ params, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'EndRound', { round: params.round }, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/rounds/:round/cut',
    summary:
      'Cuts the Swiss field after this ended Swiss round: `maxLosses` (players with more losses leave) or `top` (only the top N stay). Answers who left.',
    tags: ['rounds'],
    access: { command: 'CutSwiss' },
    params: roundParams,
    body: z.union([z.strictObject({ maxLosses: intIn(CUT_MAX_LOSSES) }), z.strictObject({ top: intIn(CUT_TOP) })]),
    response: writeAnswer,
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const answer = await gateway.write(
        params.tournamentId,
        requireStaff(principal),
        'CutSwiss',
        { afterRound: params.round, ...body },
        write,
      );
      return sendWrite(reply, answer, { cut: eventData(answer, 'SwissCut') ?? null }, 201);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/phases',
    summary:
      'Starts a new Swiss phase (day two) after an ended Swiss round: its name, match format, round length and first seat time; standings carry over.',
    tags: ['rounds'],
    access: { command: 'StartPhase' },
    params: tournamentParams,
    body: z.strictObject({
      name: boundedText(PHASE_NAME),
      bestOf: z.literal([...BEST_OF]).optional(),
      roundMinutes: intIn(ROUND_MINUTES).optional(),
      seatTime: z.iso.datetime({ offset: true }).optional(),
    }),
    response: writeAnswer,
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        ...body,
        ...(body.seatTime === undefined ? {} : { seatTime: new Date(body.seatTime).toISOString() }),
      };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'StartPhase', data, write);
      return sendWrite(reply, answer, { phase: eventData(answer, 'PhaseStarted') ?? null }, 201);
    },
  });
}
