import { boundedText } from '../request-schema.js';
import { REASON, RULING_REASON, NOTES } from '../../../core/tournament/limits.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PENALTY_IDS } from '../../../core/policy/assess-types.js';
import { mayReplaceGuideline } from '../../../core/policy/house-rules.js';
import type { StaffRequest } from '../../../core/tournament/events.js';
import { findRound, matchOf } from '../../../core/tournament/state-queries.js';
import type { RequestState, Tournament } from '../../../core/tournament/state.js';
import { requireStaff } from '../auth/principal.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { penaltyBody } from './penalties.js';
import {
  duelWinners as duels,
  eventData,
  sendWrite,
  tournamentParams,
  withVersion,
  writeAnswer,
} from './tournament-common.js';
import { LARGE_BODY_BYTES } from '../json-body.js';

const notes = boundedText(NOTES, 'optional-blank').optional();

const requestBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('penalty'), penalty: penaltyBody, notes }),
  z.strictObject({
    kind: z.literal('correction'),
    correction: z.strictObject({
      round: z.number().int().min(1),
      table: z.number().int().min(1),
      duels,
      reason: boundedText(REASON),
    }),
    notes,
  }),
]);

const decisionBody = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('approved') }),
  z.strictObject({
    outcome: z.literal('changed'),
    penalty: z.enum(PENALTY_IDS),
    reason: boundedText(RULING_REASON),
  }),
  z.strictObject({ outcome: z.literal('refused'), reason: boundedText(RULING_REASON) }),
]);

/** A request as the head judge's queue and the requesting judge read it: who, where, what, and the decision. */
function requestView(t: Tournament, r: RequestState) {
  const names = (id: string) => t.players.find((p) => p.id === id)?.name ?? id;
  const guideline = r.guideline;
  const player = r.request.kind === 'penalty' ? r.request.penalty.player : null;
  const round =
    r.request.kind === 'correction'
      ? r.request.correction.round
      : (r.request.penalty.round ?? t.rounds[t.rounds.length - 1]?.number ?? null);
  const roundState = round === null ? undefined : findRound(t, round);
  const table =
    r.request.kind === 'correction'
      ? r.request.correction.table
      : (r.request.penalty.table ?? (player && roundState ? matchOf(roundState, player)?.table : undefined) ?? null);
  return {
    id: r.id,
    kind: r.request.kind,
    at: r.at,
    player: player === null ? null : { id: player, name: names(player) },
    round,
    table,
    request: r.request,
    guideline: r.guideline,
    proposed: r.proposed,
    // What the head judge may change a penalty request to: the pack's 2-A (reduce-or-add) keeps heavier ones out.
    changeTo:
      guideline === null
        ? []
        : PENALTY_IDS.filter((p) => p !== r.proposed && mayReplaceGuideline(t.pack.content, guideline, p)),
    notes: r.notes,
    judge: r.judge,
    // The penalty the decision wrote, as in force now (an appeal may have changed it since).
    decision: r.decision && {
      ...r.decision,
      penalty: t.penalties.find((p) => p.id === r.decision?.penaltyId)?.penalty ?? null,
    },
  };
}

/** Requests from floor judges to the head judge: send, list (pending first), decide. */
export function requestsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/requests',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'A floor judge asks the head judge to decide a penalty (a deviation, a disqualification with statements, a match loss moved to the next match) or a result correction; checked as if the head judge sent it, so one that could not be approved is refused now. Nothing goes on the record until the head judge decides.',
    tags: ['requests'],
    access: { command: 'SubmitRequest' },
    params: tournamentParams,
    body: requestBody,
    response: writeAnswer.extend({ request: z.unknown() }),
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const request: StaffRequest =
        body.kind === 'penalty'
          ? { kind: 'penalty', penalty: body.penalty }
          : { kind: 'correction', correction: body.correction };
      const data = { request, ...(body.notes ? { notes: body.notes } : {}) };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'SubmitRequest', data, write);
      return sendWrite(reply, answer, { request: eventData(answer, 'RequestSubmitted') ?? null }, 201);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/requests',
    summary: 'The requests to the head judge: pending ones first (oldest first), then the decided ones (newest first).',
    tags: ['requests'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const pending = t.requests.filter((r) => r.decision === null);
      const decided = t.requests.filter((r) => r.decision !== null).reverse();
      return withVersion(reply, version, { requests: [...pending, ...decided].map((r) => requestView(t, r)) });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/requests/:requestId/decision',
    summary:
      "The head judge's decision on a request, in one step: approved as sent, changed to another penalty (with a reason), or refused (with a reason). Approving writes the penalty or correction.",
    tags: ['requests'],
    access: { command: 'DecideRequest' },
    params: tournamentParams.extend({ requestId: z.coerce.number().int().min(1) }),
    body: decisionBody,
    response: writeAnswer.extend({ penalty: z.unknown() }),
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const answer = await gateway.write(
        params.tournamentId,
        requireStaff(principal),
        'DecideRequest',
        { requestId: params.requestId, ...body },
        write,
      );
      return sendWrite(reply, answer, { penalty: eventData(answer, 'PenaltyIssued') ?? null });
    },
  });
}

export type RequestView = ReturnType<typeof requestView>;
