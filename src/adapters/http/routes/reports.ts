import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventBundle, MANIFEST, manifestText } from '../../../app/reports/event-bundle.js';
import { REPORT_CSP, incidentReportHtml } from '../../../app/reports/incident-html.js';
import { incidentReport } from '../../../app/reports/incident-report.js';
import { tarArchive } from '../../../app/reports/tar.js';
import { HttpError, notFound } from '../errors.js';
import { roundReasons } from '../tournaments/round-reasons.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { M } from '../messages/reports.js';
import { roundParams, tournamentParams } from './tournament-common.js';

/*
 * The head judge's paperwork (incident reports, the event bundle) and the staff's "why this
 * pairing". Reasons are recomputed from the log on read (`pairing-reasons.ts`); the log up to a
 * round's pairing never changes, so each round's answer is kept once made.
 */
export function reportsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/penalties/:penaltyId/incident-report',
    summary:
      "One penalty's incident report (for every disqualification, and any penalty on request): `html` is one self-contained A4 page to print in `lang`, `json` the data (both languages of every rule text). Head judge only: it carries the judges' notes and statements.",
    tags: ['penalties'],
    access: 'reports:read',
    params: tournamentParams.extend({ penaltyId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    query: z.object({ format: z.enum(['html', 'json']).default('html'), lang: z.enum(['ja', 'en']).default('ja') }),
    async handler({ params, query, reply }) {
      const { tournament: t } = await gateway.read(params.tournamentId);
      // Judges by their display names: the log holds user names only.
      const names = new Map((await context.accounts.listAccounts()).map((a) => [a.username, a.displayName]));
      const report = incidentReport(t, params.penaltyId, names);
      if (report === undefined) throw notFound(M.text('penalty', { id: params.penaltyId }));
      if (query.format === 'json') return report;
      return reply
        .header('content-security-policy', REPORT_CSP)
        .type('text/html; charset=utf-8')
        .send(incidentReportHtml(report, query.lang));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/report-bundle',
    summary:
      "After the event: the report bundle as one tar file (the same files `shinpan report event` writes: the official record's penalties as CSV and JSON, every disqualification's incident report in ja, en and JSON, the standings, and manifest.json with the SHA-256 of every file and of the event log in its canonical form `shinpan-log/1`). Extract it and run `shinpan verify --bundle DIR [--db …]`. Head judge only.",
    tags: ['record'],
    access: 'reports:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      await gateway.read(params.tournamentId);
      const stored = await gateway.store.read(params.tournamentId);
      const bundle = eventBundle(stored);
      if (bundle === undefined) throw notFound(M.text('tournament', { id: params.tournamentId }));
      const folder = `shinpan-report-${params.tournamentId}`;
      const lastAt = bundle.manifest.log.lastAt;
      const tar = tarArchive(
        [
          ...bundle.files.map((f) => ({ path: `${folder}/${f.path}`, content: f.content })),
          { path: `${folder}/${MANIFEST}`, content: manifestText(bundle.manifest) },
        ],
        lastAt === null ? 0 : Date.parse(lastAt) / 1000,
      );
      return reply
        .header('content-disposition', `attachment; filename="${folder}.tar"`)
        .type('application/x-tar')
        .send(Buffer.from(tar));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/rounds/:round/reasons',
    summary:
      "Why each table of a Swiss round was paired so: per table the facts the matching worked with (points, bracket, pair-down and why, rematches it could not make) and one line in ja and en; the bye last. Recomputed from the log up to the round's pairing. Staff only (players see their pairing, not others' histories).",
    tags: ['rounds'],
    access: 'staff:read',
    params: roundParams,
    async handler({ params }) {
      await gateway.read(params.tournamentId);
      const reasons = await roundReasons(gateway, params.tournamentId, params.round);
      if (!reasons.ok) {
        if (reasons.error === 'not-paired') throw notFound(M.text('round', { round: params.round }));
        throw new HttpError(422, 'not-swiss', M.text('not-swiss', { round: params.round }));
      }
      return reasons.value;
    },
  });
}
