import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rolesIn } from '../../accounts/account-store.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { tournamentParams } from './tournament-common.js';

/**
 * The log names staff by user name (`kimura`); people know each other by their display names
 * (木村). The staff screens (calls, the floor, the queues, the log) look names up here, as the
 * incident report does on the server (issue 39). Outside the tournament's own paths, so the
 * console does not fetch it again at every event of the tournament: accounts change rarely.
 */
export function staffNamesRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/staff-names/:tournamentId',
    summary:
      "The display name of every account holding a role in this tournament, by user name (`names`): what staff screens show where the log names staff. For staff of the tournament only; a name missing here is shown as the log has it (a CLI user's `cli:…`, a removed account).",
    tags: ['accounts'],
    access: 'staff:read',
    params: tournamentParams,
    response: z.object({ names: z.record(z.string(), z.string()) }),
    async handler({ params }) {
      const accounts = await context.accounts.listAccounts();
      const names: Record<string, string> = {};
      for (const a of accounts) if (rolesIn(a, params.tournamentId).length > 0) names[a.username] = a.displayName;
      return { names };
    },
  });
}
