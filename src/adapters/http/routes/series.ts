import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicSeries, seriesStandingsCsv } from '../../../app/projections/series-standings.js';
import type { Result } from '../../../core/result.js';
import { identityOf } from '../../../core/series/event-facts.js';
import type { SeriesError, SeriesErrorCode } from '../../../core/series/series-errors.js';
import {
  MAX_ADJUSTMENT,
  MAX_BEST,
  MAX_INVITE_TOP,
  MAX_NAME,
  MAX_REASON,
  type SeriesMeta,
} from '../../../core/series/series.js';
import { loadPointsRule } from '../../policy/points-rule-file.js';
import { requireStaff, type Principal } from '../auth/principal.js';
import { HttpError } from '../errors.js';
import { M } from '../messages/series.js';
import { withoutControlCharacters } from '../request-schema.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { playerId } from './tournament-common.js';

/*
 * Series and seasons over HTTP: the public leaderboard (JSON or CSV, as of a date), and the
 * organizer's writes (create, tournaments, adjustments, invitations, player links), each through
 * the series pipeline (app/series-service.ts) with the server's clock.
 */

const seriesId = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, . _ -, up to 64');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const reason = withoutControlCharacters(z.string().trim().min(1).max(MAX_REASON));
const params = z.object({ seriesId });

const STATUS: Readonly<Partial<Record<SeriesErrorCode, number>>> = {
  'series-not-found': 404,
  'tournament-unknown': 404,
  'series-exists': 409,
  'tournament-in-series': 409,
  'already-linked': 409,
  'link-cycle': 409,
  'version-conflict': 409,
};

function answer<T>(result: Result<T, SeriesError>): T {
  if (result.ok) return result.value;
  throw new HttpError(STATUS[result.error.code] ?? 400, result.error.code, result.error.message);
}

export function seriesRoutes(app: FastifyInstance, context: ServerContext): void {
  const series = context.series;
  const meta = (principal: Principal): SeriesMeta => ({
    at: context.clock().toISOString(),
    actor: requireStaff(principal).account.username,
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/series',
    summary:
      "Every series: id, name, season window, points rule, best-N and how many tournaments it holds; `tournament` keeps those holding it, and with `player` (that tournament's player id) each answers the id the player's row has on its leaderboard (`player`: the Card Game ID where given, a linked id's person).",
    tags: ['series'],
    access: 'public',
    query: z.object({ tournament: z.string().min(1).max(64).optional(), player: playerId.optional() }),
    async handler({ query }) {
      let person: string | undefined;
      if (query.tournament !== undefined && query.player !== undefined) {
        const { state } = await context.gateway.service.load(query.tournament);
        const p = state.status === 'none' ? undefined : state.players.find((x) => x.id === query.player);
        if (p) person = await series.personOf(identityOf(p));
      }
      return {
        series: (await series.list())
          .filter((s) => query.tournament === undefined || s.tournaments.includes(query.tournament))
          .map((s) => ({
            id: s.id,
            name: s.name,
            from: s.from,
            to: s.to,
            rule: { id: s.rule.id, name: s.rule.name },
            best: s.best,
            tournaments: s.tournaments.length,
            ...(person === undefined ? {} : { player: person }),
          })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/series',
    summary:
      'Creates a series: `points` is `ranking-duel`, `placement` (the shipped rules) or a whole points rule (policy/series/points-rule.schema.json).',
    tags: ['series'],
    access: 'series:manage',
    successStatus: 201,
    body: z.object({
      id: seriesId,
      name: withoutControlCharacters(z.string().trim().min(1).max(MAX_NAME)),
      from: date,
      to: date,
      points: z.union([z.enum(['ranking-duel', 'placement']), z.record(z.string(), z.unknown())]),
      best: z.number().int().min(1).max(MAX_BEST).nullable().optional(),
    }),
    async handler({ body, principal }) {
      let rule: unknown = body.points;
      if (typeof body.points === 'string') {
        const loaded = loadPointsRule(body.points);
        if (!loaded.ok) throw new HttpError(400, 'invalid-points', M.text('points-rule'));
        rule = loaded.value;
      }
      return answer(
        await series.write(body.id, {
          type: 'CreateSeries',
          data: { id: body.id, name: body.name, from: body.from, to: body.to, rule, best: body.best ?? null },
          meta: meta(principal),
        }),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/series/:seriesId',
    summary:
      'The series as its organizer keeps it: tournaments, the rule, adjustments with their reasons, invitations.',
    tags: ['series'],
    access: 'series:manage',
    params,
    async handler({ params: p }) {
      const s = await series.get(p.seriesId);
      if (!s) throw new HttpError(404, 'series-not-found', M.text('series'));
      return s;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/series/:seriesId/standings',
    summary:
      'The public leaderboard: rank, player, name, points, and each event’s points (`counted`: among the best N); `asOf` a date; `format=csv` for a spreadsheet (UTF-8 with BOM, headers in `lang`).',
    tags: ['series'],
    access: 'public',
    params,
    query: z.object({
      asOf: date.optional(),
      format: z.enum(['json', 'csv']).default('json'),
      lang: z.enum(['ja', 'en']).default('ja'),
    }),
    async handler({ params: p, query, reply }) {
      const standings = publicSeries(answer(await series.standings(p.seriesId, query.asOf)));
      if (query.format === 'csv') {
        reply.header(
          'content-disposition',
          `attachment; filename="${p.seriesId}-standings${query.asOf ? `-${query.asOf}` : ''}.${query.lang}.csv"`,
        );
        return reply.type('text/csv; charset=utf-8').send(seriesStandingsCsv(standings, query.lang));
      }
      return standings;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/series/:seriesId/tournaments',
    summary: 'Adds a tournament of this database to the series (refused when dated outside the season).',
    tags: ['series'],
    access: 'series:manage',
    params,
    body: z.object({ tournament: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a tournament id') }),
    async handler({ params: p, body, principal }) {
      return answer(await series.addTournament(p.seriesId, body.tournament, meta(principal)));
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/series/:seriesId/tournaments/:tournament',
    summary: 'Removes a tournament from the series.',
    tags: ['series'],
    access: 'series:manage',
    params: z.object({ seriesId, tournament: z.string().min(1).max(64) }),
    async handler({ params: p, principal }) {
      return answer(
        await series.write(p.seriesId, {
          type: 'RemoveSeriesTournament',
          data: { tournament: p.tournament },
          meta: meta(principal),
        }),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/series/:seriesId/adjustments',
    summary: 'Adds (or, negative, takes) points from a player, with a reason kept in the series’ log.',
    tags: ['series'],
    access: 'series:manage',
    params,
    body: z.object({
      player: playerId,
      points: z.number().int().min(-MAX_ADJUSTMENT).max(MAX_ADJUSTMENT),
      reason,
    }),
    async handler({ params: p, body, principal }) {
      return answer(await series.write(p.seriesId, { type: 'AdjustSeriesPoints', data: body, meta: meta(principal) }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/series/:seriesId/invitations',
    summary:
      'Invites the top N (players sharing rank N included) or everyone with at least `atLeast` points, by the standings as of `asOf` (default today); the invited are kept in the log.',
    tags: ['series'],
    access: 'series:manage',
    params,
    body: z.object({
      top: z.number().int().min(1).max(MAX_INVITE_TOP).optional(),
      atLeast: z.number().int().min(0).optional(),
      asOf: date.optional(),
    }),
    async handler({ params: p, body, principal }) {
      if ((body.top === undefined) === (body.atLeast === undefined))
        throw new HttpError(400, 'invalid-invitation', M.text('top-or-at-least'));
      const by = body.top !== undefined ? { top: body.top } : { atLeast: body.atLeast as number };
      const asOf = body.asOf ?? context.clock().toISOString().slice(0, 10);
      const after = answer(await series.invite(p.seriesId, by, asOf, meta(principal)));
      return after.invitations.at(-1);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/player-links',
    summary: 'Every link of a second player id to a person’s id, and the history of links and unlinks with reasons.',
    tags: ['series'],
    access: 'series:manage',
    async handler() {
      const links = await series.links();
      return {
        links: [...links.to].map(([player, to]) => ({ player, to })),
        history: links.history.map((e) => ({ type: e.type, ...e.data, at: e.at, actor: e.actor })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/player-links',
    summary:
      'Links `player` (a second id, e.g. mistyped at the desk) to `to` (the person’s id), with a reason: every leaderboard and the official record follow.',
    tags: ['series'],
    access: 'series:manage',
    successStatus: 201,
    body: z.object({ player: playerId, to: playerId, reason }),
    async handler({ body, principal }) {
      answer(await series.writeLink({ type: 'LinkPlayers', data: body, meta: meta(principal) }));
      return { player: body.player, to: body.to };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/player-links/:player/unlink',
    summary: 'Undoes the link of `player`, with a reason.',
    tags: ['series'],
    access: 'series:manage',
    params: z.object({ player: playerId }),
    body: z.object({ reason }),
    async handler({ params: p, body, principal }) {
      answer(
        await series.writeLink({
          type: 'UnlinkPlayers',
          data: { player: p.player, reason: body.reason },
          meta: meta(principal),
        }),
      );
      return { player: p.player };
    },
  });
}
