import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { announcements } from '../../../core/tournament/announcements.js';
import { ANNOUNCEMENT_CHARS, ANNOUNCEMENTS_SHOWN } from '../../../core/tournament/limits.js';
import { pageAnnouncement } from '../../../app/projections/player-page.js';
import { requireStaff } from '../auth/principal.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { boundedText } from '../request-schema.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { eventData, sendWrite, tournamentParams, withVersion, writeAnswer } from './tournament-common.js';

const text = boundedText({ max: ANNOUNCEMENT_CHARS });

/** Staff notices to the players: posted by staff, read by the wall display and (with their table's) on players' pages. */
export function announcementsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/announcements',
    summary: `Posts a short notice (\`text.ja\` and/or \`text.en\`, up to ${ANNOUNCEMENT_CHARS} characters each) to everyone, or with \`table\` to that table of the round the players see (404 table-not-found for a table that round lacks). It stays in the log and reaches players' pages and the wall display on the live stream.`,
    tags: ['announcements'],
    access: { command: 'Announce' },
    params: tournamentParams,
    body: z.strictObject({
      text: z
        .strictObject({ ja: text.optional(), en: text.optional() })
        .refine((t) => t.ja !== undefined || t.en !== undefined, 'give ja, en or both'),
      table: z.number().int().min(1).max(100_000).optional(),
    }),
    response: writeAnswer,
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const answer = await gateway.write(params.tournamentId, requireStaff(principal), 'Announce', body, write);
      return sendWrite(reply, answer, { announcement: eventData(answer, 'Announced') ?? null }, 201);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/announcements',
    summary: `The newest notices (at most ${ANNOUNCEMENTS_SHOWN}), newest first: the public (the wall display) gets those to everyone; staff get every one, with the table and round it went to and who posted it.`,
    tags: ['announcements'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, principal, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const staff = isStaffOf(principal, params.tournamentId);
      const newest = [...announcements(t)]
        .filter((a) => staff || a.table === null)
        .reverse()
        .slice(0, ANNOUNCEMENTS_SHOWN);
      return withVersion(reply, version, {
        announcements: newest.map((a) =>
          staff ? { ...pageAnnouncement(a), round: a.round, by: a.by } : pageAnnouncement(a),
        ),
      });
    },
  });
}
