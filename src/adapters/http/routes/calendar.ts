import type { FastifyInstance } from 'fastify';
import { roundCalendar } from '../../../app/projections/round-calendar.js';
import { notModified } from '../prepared-answer.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { tournamentParams } from './tournament-common.js';

/** The rounds' seat times as an iCalendar file, for calendars and coverage sites. */
export function calendarRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/calendar.ics',
    summary:
      "The tournament as iCalendar (text/calendar): the day, and each round the public can see at its planned seat time for the round's length. ETag / If-None-Match like every public read.",
    tags: ['tournaments'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, request, reply }) {
      const { tournament, version } = await context.gateway.read(params.tournamentId);
      if (notModified(request, reply, version)) return undefined;
      reply.type('text/calendar; charset=utf-8');
      reply.header('content-disposition', `inline; filename="${params.tournamentId}.ics"`);
      return roundCalendar(params.tournamentId, tournament, context.clock().toISOString());
    },
  });
}
