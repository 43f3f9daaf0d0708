import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../../../core/tournament/entry-fee.js';
import { ENTRY_FEE } from '../../../core/tournament/limits.js';
import { requireStaff } from '../auth/principal.js';
import { intIn } from '../request-schema.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { playerParams, sendWrite, tournamentParams, writeAnswer } from './tournament-common.js';

/*
 * The entry fee (参加費): the organizer sets it, the check-in desk marks players paid. What is
 * paid and unpaid is read with the check-ins (GET …/check-ins), the desk's one screen.
 */
export function entryFeeRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/entry-fee',
    summary: `Sets the entry fee (参加費): \`amount\` in whole units of \`currency\` (${ENTRY_FEE.min}–${ENTRY_FEE.max}; 0 takes the fee away), \`currency\` 3 capital letters (default ${DEFAULT_CURRENCY}). Unpaid players are listed at check-in; they are not kept out of round 1. The same fee again writes nothing.`,
    tags: ['players'],
    access: { command: 'SetEntryFee' },
    params: tournamentParams,
    body: z.strictObject({ amount: intIn(ENTRY_FEE), currency: z.string().max(3).optional() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetEntryFee', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/fee-payment',
    summary:
      "Marks the player's entry fee paid (`paid: true`) or takes a mark made in error back (`paid: false`). 422 `no-entry-fee` without a fee; the mark that already stands writes nothing.",
    tags: ['players'],
    access: { command: 'RecordFeePayment' },
    params: playerParams,
    body: z.strictObject({ paid: z.boolean() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { player: params.playerId, paid: body.paid };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'RecordFeePayment', data, write),
      );
    },
  });
}
