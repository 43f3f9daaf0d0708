import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { penaltyLog } from '../../../app/penalty-log.js';
import { APPLIES_TO, PENALTY_IDS, PHASES } from '../../../core/policy/assess-types.js';
import { previewPenalty } from '../../../core/tournament/penalty-preview.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import {
  DUEL_NUMBER,
  REPEAT_COUNT,
  RULING_REASON,
  STATEMENT,
  MAX_STATEMENTS,
  NOTES,
} from '../../../core/tournament/limits.js';
import { intIn, boundedText } from '../request-schema.js';
import { requireStaff } from '../auth/principal.js';
import { invalidReport, notFound } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { eventData, playerId, sendWrite, tournamentParams, withVersion, writeAnswer } from './tournament-common.js';
import { M } from '../messages/tournaments.js';
import { LARGE_BODY_BYTES } from '../json-body.js';

const report = z.strictObject({
  infraction: z.string().min(1).max(64),
  facts: z.record(z.string(), z.union([z.number(), z.boolean()])).optional(),
  phase: z.enum(PHASES),
  matchAlreadyLost: z.boolean().optional(),
});

const choice = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('guideline') }),
  z.strictObject({
    kind: z.literal('other'),
    penalty: z.enum(PENALTY_IDS),
    reason: boundedText(RULING_REASON, 'optional-blank').optional(),
  }),
]);

const statements = z.array(boundedText(STATEMENT, 'optional-blank')).max(MAX_STATEMENTS);

/** A penalty as a judge issues it (also the body of a request to the head judge). */
export const penaltyBody = z.strictObject({
  player: playerId,
  report,
  choice,
  round: z.number().int().min(1).optional(),
  table: z.number().int().min(1).optional(),
  appliesTo: z.enum(APPLIES_TO).optional(),
  duel: intIn(DUEL_NUMBER).optional(),
  statements: statements.optional(),
  notes: boundedText(NOTES, 'optional-blank').optional(),
  /** Rules 7, 10: one further penalty because the infraction affected the match result. */
  additional: z.strictObject({ penalty: z.enum(PENALTY_IDS), reason: boundedText(RULING_REASON) }).optional(),
  /** Confirms recording a loss for the next match when the player has none left (no result effect). */
  withoutEffect: z.boolean().optional(),
  /** Decided offline on the phone: the guideline the judge saw; a different one now answers 409 guideline-changed. */
  expectedGuideline: z
    .strictObject({ penalty: z.enum(PENALTY_IDS), repeat: intIn(REPEAT_COUNT).nullable() })
    .optional(),
});

/** What POST …/penalties takes, for clients that import it type-only (the console). */
export type PenaltyBody = z.input<typeof penaltyBody>;

const appeal = z.discriminatedUnion('outcome', [
  z.strictObject({
    outcome: z.literal('changed'),
    penalty: z.enum(PENALTY_IDS),
    reason: boundedText(RULING_REASON),
    appliesTo: z.enum(APPLIES_TO).optional(),
    duel: intIn(DUEL_NUMBER).optional(),
    statements: statements.optional(),
    /** Confirms a change to a loss for the next match when the player has none left (no result effect). */
    withoutEffect: z.boolean().optional(),
  }),
  z.strictObject({ outcome: z.literal('rescinded'), reason: boundedText(RULING_REASON) }),
  /** Heard and denied: the penalty stands; the reason goes on the record. */
  z.strictObject({ outcome: z.literal('denied'), reason: boundedText(RULING_REASON) }),
]);

/** Penalties: assess (nothing written), issue, list, and the head judge's appeal decision. */
export function penaltiesRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/penalties/assess',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      "The guideline decision the core would issue for a report now (the player's repeats, the minutes from a seat mark, a match already lost), and for each penalty of the ladder what giving it takes: its landing options, whether a head judge must give it (`headJudge`, or only on `headJudgeLandings`), whether statements must go with it; writes nothing.",
    tags: ['penalties'],
    access: 'penalties:assess',
    params: tournamentParams,
    body: report.extend({ player: playerId }),
    async handler({ params, body, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      if (!findPlayer(t, body.player)) throw notFound(M.text('player-id', { player: body.player }));
      const { player, ...report } = body;
      const decided = previewPenalty(t, player, report);
      if (!decided.ok) throw invalidReport(decided.error);
      return withVersion(reply, version, decided.value);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/penalties',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Issues a penalty: the guideline, or another penalty with a written reason; with `additional`, one further penalty where the rules allow it (the result was affected). A deviation, a match loss moved to the next match and a disqualification need a head judge (403 role-required otherwise); a disqualification needs statements. A loss for the next match with no match left is refused (422 no-match-left) unless `withoutEffect` confirms it. With `expectedGuideline` (a console that decided offline), the server decides the guideline again and a different penalty or repeat count answers 409 guideline-changed, naming both; nothing is written.',
    tags: ['penalties'],
    access: { command: 'IssuePenalty' },
    params: tournamentParams,
    body: penaltyBody,
    response: writeAnswer.extend({ penalty: z.unknown(), added: z.unknown() }),
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'IssuePenalty', body, write);
      const issued = answer.events.filter((e) => e.type === 'PenaltyIssued').map((e) => e.data);
      return sendWrite(
        reply,
        answer,
        { penalty: eventData(answer, 'PenaltyIssued') ?? null, added: issued[1] ?? null },
        201,
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/penalties',
    summary:
      'The penalty log: every penalty, cautions and rescinded ones included, with its status after appeals and the duel or match it landed on.',
    tags: ['penalties'],
    access: 'staff:read',
    params: tournamentParams,
    query: z.object({ player: playerId.optional() }),
    async handler({ params, query, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const log = penaltyLog(t);
      const penalties = query.player === undefined ? log : log.filter((p) => p.player === query.player);
      return withVersion(reply, version, { penalties });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/penalties/:penaltyId/appeal',
    summary:
      "The head judge's decision on an appeal: change the penalty (it lands as the original would have), rescind it, or deny the appeal (`denied`: the penalty stands); the reason is kept. A change to a loss for the next match with no match left is refused (422 no-match-left) unless `withoutEffect` confirms it.",
    tags: ['penalties'],
    access: { command: 'ChangePenalty' },
    params: tournamentParams.extend({ penaltyId: z.coerce.number().int().min(1) }),
    body: appeal,
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      if (body.outcome === 'rescinded' || body.outcome === 'denied') {
        const data = { penaltyId: params.penaltyId, reason: body.reason };
        const command = body.outcome === 'rescinded' ? 'RescindPenalty' : 'DenyAppeal';
        return sendWrite(reply, await gateway.write(params.tournamentId, staff, command, data, write));
      }
      const { outcome: _outcome, ...change } = body;
      return sendWrite(
        reply,
        await gateway.write(
          params.tournamentId,
          staff,
          'ChangePenalty',
          { penaltyId: params.penaltyId, ...change },
          write,
        ),
      );
    },
  });
}
