import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callView, callViews, floorView, playerCallView } from '../../../app/projections/judge-call-views.js';
import { findCall, judgeCalls, unresolvedCallAt } from '../../../core/tournament/judge-calls.js';
import {
  CALL_MINIMUM_MINUTES,
  CALL_NOTE_CHARS,
  CALL_RULING_CHARS,
  EXTENSION_MINUTES,
  MAX_CALL_PENALTIES,
  MAX_PLAYER_CALLS_PER_ROUND,
} from '../../../core/tournament/limits.js';
import { latestRound } from '../../../core/tournament/state-queries.js';
import { withoutHeldRounds } from '../../../core/tournament/held-rounds.js';
import { badPlayerCode, playerCodeGuard } from '../auth/player-code-guard.js';
import { requireStaff } from '../auth/principal.js';
import { notFound } from '../errors.js';
import { M } from '../messages/tournaments.js';
import { boundedText, intIn } from '../request-schema.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { playerId, sendWrite, tournamentParams, withVersion, writeAnswer } from './tournament-common.js';

/*
 * Judge calls: a player calls from their page (the code on their slip, counted and limited as
 * on every route that takes it) or staff call for a table; judges list, claim, pass to the
 * head judge and resolve them. Staff's live streams carry every call's events as they are
 * written (CallOpened, CallClaimed, CallEscalated, CallResolved); the public's carry none of
 * them, only the TimeExtended a resolution writes.
 */

const words = (max: number) => boundedText({ max }, 'optional-blank');
const callParams = tournamentParams.extend({ callId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const callAnswer = writeAnswer.extend({ call: z.unknown() });

export function callsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;
  const now = () => context.clock().toISOString();
  const guard = playerCodeGuard(context);

  /** The call as it stands after a write, for the answer. */
  async function answerCall(tournamentId: string, callId: number) {
    const { tournament: t } = await gateway.read(tournamentId);
    const call = findCall(t, callId);
    return call ? callView(t, call, now()) : null;
  }

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/calls',
    summary: `Calls a judge to a table: a player with the code from their slip (\`player\` and \`code\`: their own table only, at most ${MAX_PLAYER_CALLS_PER_ROUND} calls a round, then 429 \`too-many-calls\`), or staff without a code. \`round\` defaults to the latest round. While the table's call is not resolved, calling again answers that call (200, nothing written); a new call answers 201. A player receives the call as their page shows it (\`id\`, \`round\`, \`table\`, \`state\`, \`openedAt\`), staff the whole call.`,
    tags: ['calls'],
    access: 'public',
    params: tournamentParams,
    body: z.strictObject({
      round: z.number().int().min(1).optional(),
      table: z.number().int().min(1),
      player: playerId.optional(),
      code: z.string().max(32).optional(),
      note: words(CALL_NOTE_CHARS).optional(),
    }),
    // 201 for a new call, 200 for the table's call answered again (set in the handler).
    response: callAnswer,
    write: true,
    async handler({ params, body, write, request, reply, require }) {
      const { tournamentId } = params;
      // Who calls is settled before anything about the tournament is read.
      const player = body.code === undefined ? null : body.player;
      const staffCaller = player === null ? require({ command: 'OpenCall' }) : null;
      if (player === undefined) throw badPlayerCode('body.code');
      if (player !== null)
        await guard.prove(request, reply, { tournamentId, playerId: player }, body.code as string, 'body.code');
      const { tournament: t } = await gateway.read(tournamentId);
      // A player's default round is the latest they can see: a held round is not there for them.
      const round = body.round ?? latestRound(staffCaller ? t : withoutHeldRounds(t))?.number;
      if (round === undefined) throw notFound(M.text('round'));
      const data = {
        round,
        table: body.table,
        ...(body.player === undefined ? {} : { player: body.player }),
        ...(body.note ? { note: body.note } : {}),
      };
      const answer = staffCaller
        ? await gateway.write(tournamentId, staffCaller, 'OpenCall', data, write)
        : await gateway.writeAsPlayer(tournamentId, player as string, 'OpenCall', data, write);
      const opened = answer.events.find((e) => e.type === 'CallOpened')?.data as { callId: number } | undefined;
      const { tournament: after } = await gateway.read(tournamentId);
      const callId = opened?.callId ?? unresolvedCallAt(after, round, body.table)?.callId;
      if (callId === undefined) return sendWrite(reply, answer, { call: null }, opened ? 201 : 200);
      // A player receives the call as made for them; staff, the staff view.
      const found = findCall(after, callId);
      const call = !found ? null : staffCaller ? callView(after, found, now()) : playerCallView(found);
      return sendWrite(reply, answer, { call }, opened ? 201 : 200);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/calls',
    summary:
      "The organizer's `minimumMinutes` and every judge call, oldest first (the judges' queue), with its table, players, state (open, claimed, escalated, resolved), who holds it, and while held the extension resolving now would propose. `open=true`: only calls not resolved.",
    tags: ['calls'],
    access: 'staff:read',
    params: tournamentParams,
    query: z.object({ open: z.enum(['true', 'false']).optional() }),
    async handler({ params, query, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      return withVersion(reply, version, {
        minimumMinutes: judgeCalls(t).rules.minimumMinutes,
        calls: callViews(t, now(), { open: query.open === 'true' }),
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/calls/floor',
    summary:
      "The head judge's view of the floor in a round (default the latest): open calls (escalated first), calls per judge, median seconds to claim and to resolve, tables with an extension, and tables that called twice or more.",
    tags: ['calls'],
    access: 'staff:read',
    params: tournamentParams,
    query: z.object({ round: z.coerce.number().int().min(1).max(100_000).optional() }),
    async handler({ params, query, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      return withVersion(reply, version, floorView(t, now(), query.round));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/calls/rules',
    summary:
      "The organizer's rule for calls: `minimumMinutes`, the shortest call (claim to resolve) that earns the table a proposed extension (default 1).",
    tags: ['calls'],
    access: { command: 'SetCallRules' },
    params: tournamentParams,
    body: z.strictObject({ minimumMinutes: intIn(CALL_MINIMUM_MINUTES) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetCallRules', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/calls/:callId/claim',
    summary:
      'A judge takes the call: every staff phone sees who has it. A second judge is refused (409 `call-already-claimed`, naming who holds it); the same judge again changes nothing.',
    tags: ['calls'],
    access: { command: 'ClaimCall' },
    params: callParams,
    response: callAnswer,
    write: true,
    async handler({ params, principal, write, reply }) {
      const data = { callId: params.callId };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'ClaimCall', data, write);
      return sendWrite(reply, answer, { call: await answerCall(params.tournamentId, params.callId) });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/calls/:callId/escalate',
    summary:
      "The judge holding the call passes it to the head judge, with their words (`note`); it goes to the top of the head judge's queue.",
    tags: ['calls'],
    access: { command: 'EscalateCall' },
    params: callParams,
    body: z.strictObject({ note: words(CALL_NOTE_CHARS).optional() }),
    response: callAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { callId: params.callId, ...(body.note ? { note: body.note } : {}) };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'EscalateCall', data, write);
      return sendWrite(reply, answer, { call: await answerCall(params.tournamentId, params.callId) });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/calls/:callId/resolve',
    summary:
      "Resolves the call (the judge holding it, or the head judge; else 403 `call-not-yours`): the ruling in words, the penalties issued for it (`penaltyIds`, for the table's players), and the table's extension (`extensionMinutes`, written as the table's TimeExtended, so the round clock, results and the late list follow). The call's `proposedExtensionMinutes` is the claim-to-now time rounded up.",
    tags: ['calls'],
    access: { command: 'ResolveCall' },
    params: callParams,
    body: z.strictObject({
      ruling: words(CALL_RULING_CHARS).optional(),
      penaltyIds: z.array(z.number().int().min(1)).max(MAX_CALL_PENALTIES).optional(),
      extensionMinutes: intIn(EXTENSION_MINUTES).optional(),
    }),
    response: callAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        callId: params.callId,
        ...(body.ruling ? { ruling: body.ruling } : {}),
        ...(body.penaltyIds === undefined ? {} : { penaltyIds: body.penaltyIds }),
        ...(body.extensionMinutes === undefined ? {} : { extensionMinutes: body.extensionMinutes }),
      };
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'ResolveCall', data, write);
      return sendWrite(reply, answer, { call: await answerCall(params.tournamentId, params.callId) });
    },
  });
}
