import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pairingsView } from '../../../app/projections/pairings-view.js';
import { penaltiesCsv, standingsCsv, standingsExport } from '../../../app/exports.js';
import { tardinessCsv, tardinessLog } from '../../../app/tardiness-log.js';
import { resultsReport, resultsReportCsv } from '../../../app/reports/results-report.js';
import { penaltyLog } from '../../../app/penalty-log.js';
import { departures } from '../../../core/tournament/state-queries.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { playerId, tournamentParams, withVersion } from './tournament-common.js';

/** The official record across tournaments, and a tournament's exports. */
export function recordsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'GET',
    url: '/api/record',
    summary:
      'The official record: per player, across every tournament, the recorded penalties in force (a changed penalty shows what it became).',
    tags: ['record'],
    access: 'record:read',
    query: z.object({ player: playerId.optional() }),
    async handler({ query }) {
      // Linked ids are one person (series link): the record of either id is the person's.
      const record = await context.series.officialRecord();
      if (query.player !== undefined)
        return { players: { [query.player]: record.get(await context.series.personOf(query.player)) ?? [] } };
      return { players: Object.fromEntries(record) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/export',
    summary:
      'Exports the tournament: `json` (settings, pack, players with decklists, every round, standings, final places, penalty log), `standings.csv` / `penalties.csv` (UTF-8 with BOM for Excel, headers in `lang`), `standings.json` / `penalties.json` (the same rows as the CLI), `tardiness.csv` / `tardiness.json` (every player seated after the seat time, or with a tardiness penalty, one line per player and round), `results.csv` / `results.json` (the results report a sanctioned shop event sends: the event, participants, the top places, penalties in force counted and listed), or `events` (the whole event log as JSON lines, for archives).',
    tags: ['record'],
    access: 'record:read',
    params: tournamentParams,
    query: z.object({
      format: z
        .enum([
          'json',
          'events',
          'standings.csv',
          'standings.json',
          'penalties.csv',
          'penalties.json',
          'tardiness.csv',
          'tardiness.json',
          'results.csv',
          'results.json',
        ])
        .default('json'),
      lang: z.enum(['ja', 'en']).default('ja'),
    }),
    async handler({ params, query, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const attach = (suffix: string) =>
        reply.header('content-disposition', `attachment; filename="${params.tournamentId}-${suffix}"`);
      switch (query.format) {
        // The language in the name: the Japanese and English files of one export are two files.
        case 'standings.csv':
          attach(`standings.${query.lang}.csv`);
          return reply.type('text/csv; charset=utf-8').send(standingsCsv(standingsExport(t), query.lang));
        case 'penalties.csv':
          attach(`penalties.${query.lang}.csv`);
          return reply.type('text/csv; charset=utf-8').send(penaltiesCsv(t, penaltyLog(t), query.lang));
        case 'tardiness.csv':
          attach(`tardiness.${query.lang}.csv`);
          return reply.type('text/csv; charset=utf-8').send(tardinessCsv(t, tardinessLog(t), query.lang));
        case 'results.csv':
          attach(`results.${query.lang}.csv`);
          return reply
            .type('text/csv; charset=utf-8')
            .send(resultsReportCsv(resultsReport(params.tournamentId, t), query.lang));
        case 'results.json':
          return withVersion(reply, version, resultsReport(params.tournamentId, t));
        case 'tardiness.json':
          return withVersion(reply, version, { tardiness: tardinessLog(t) });
        case 'standings.json':
          return withVersion(reply, version, { standings: standingsExport(t) });
        case 'penalties.json':
          return withVersion(reply, version, { penalties: penaltyLog(t) });
        case 'events': {
          const events = await gateway.store.read(params.tournamentId);
          attach('events.jsonl');
          return reply
            .type('application/x-ndjson; charset=utf-8')
            .send(`${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
        }
        case 'json': {
          const { dropped } = departures(t);
          return withVersion(reply, version, {
            id: params.tournamentId,
            status: t.status,
            settings: t.settings,
            pack: { id: t.pack.id, version: t.pack.version },
            players: t.players.map((p) => ({
              id: p.id,
              name: p.name,
              ...(p.reading === undefined ? {} : { reading: p.reading }),
              entryRound: p.entryRound,
              dropped: dropped.has(p.id),
              decklist: p.decklist,
            })),
            rounds: t.rounds.map((r) => pairingsView(t, r.number)),
            standings: standingsExport(t),
            penalties: penaltyLog(t),
            prizes: t.prizes,
          });
        }
      }
    },
  });
}
