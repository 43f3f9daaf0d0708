import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parsePack } from '../../../core/policy/pack-schema.js';
import { TOP_CUT_SIZES, type RecordedPack } from '../../../core/tournament/events.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { loadDefaultPack } from '../../policy/pack-file.js';
import { requireStaff } from '../auth/principal.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { sendWrite, tournamentId, tournamentParams, withVersion, writeAnswer } from './tournament-common.js';

const structure = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('swiss'),
    rounds: z.number().int().min(1).max(30),
    topCut: z.literal([...TOP_CUT_SIZES]),
  }),
  z.strictObject({ kind: z.literal('single-elimination') }),
]);

const createBody = z.strictObject({
  id: tournamentId.optional(),
  name: z.string().trim().min(1).max(200),
  date: z.iso.date(),
  decklistsRequired: z.boolean().default(false),
  roundMinutes: z.number().int().min(1).max(600).default(40),
  structure,
  /** A whole policy pack (policy.schema.json); the shipped ocg-5ds pack when absent. */
  pack: z.record(z.string(), z.unknown()).optional(),
});

const prize = z.strictObject({
  id: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  rule: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('rank'), from: z.number().int().min(1), to: z.number().int().min(1) }),
    z.strictObject({ kind: z.literal('round'), round: z.number().int().min(1), who: z.enum(['played', 'won']) }),
  ]),
});

/** The tournament as a console lists it: settings, counts and rounds, no decklists or penalties. */
export function tournamentSummary(id: string, t: Tournament) {
  return {
    id,
    status: t.status,
    settings: t.settings,
    pack: { id: t.pack.id, version: t.pack.version },
    players: t.players.length,
    rounds: t.rounds.map((r) => ({
      round: r.number,
      stage: r.stage,
      seatTime: r.seatTime,
      ended: r.ended,
      tables: r.matches.length,
      reported: r.matches.filter((m) => m.report !== null).length,
      byes: r.byes.length,
    })),
    prizes: t.prizes,
  };
}

function recordedPack(input: Record<string, unknown> | undefined): RecordedPack {
  if (input === undefined) {
    const pack = loadDefaultPack();
    return { id: pack.id, version: pack.version, content: pack };
  }
  const parsed = parsePack(input);
  if (!parsed.ok) {
    const where = `body.pack.${parsed.error.path}`;
    throw new HttpError(400, 'invalid-request', { en: `${where}: ${parsed.error.message}`, ja: `${where}: ${parsed.error.message}` }, where);
  }
  return { id: parsed.value.id, version: parsed.value.version, content: parsed.value };
}

/** Tournaments: list, create, read, finish, prizes. */
export function tournamentsRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments',
    summary: 'Every tournament, oldest first.',
    tags: ['tournaments'],
    access: 'public',
    async handler() {
      const all = await gateway.list();
      return {
        tournaments: all.map(({ id, tournament, version }) => ({
          id,
          name: tournament.settings.name,
          date: tournament.settings.date,
          status: tournament.status,
          players: tournament.players.length,
          rounds: tournament.rounds.length,
          version,
        })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments',
    summary: 'Creates a tournament under a policy pack (the shipped seed rules by default); the pack is recorded with it.',
    tags: ['tournaments'],
    access: { command: 'CreateTournament' },
    body: createBody,
    response: writeAnswer.extend({ id: z.string() }),
    write: true,
    successStatus: 201,
    async handler({ body, principal, write, reply }) {
      const staff = requireStaff(principal);
      // Keys are kept per tournament: a keyed create without an id names the tournament after
      // the account and key, so its retry finds the same tournament and replays.
      const id = body.id ?? (write.idempotencyKey === undefined ? `t-${randomBytes(5).toString('hex')}` : keyedId(staff.account.username, write.idempotencyKey));
      const { id: _id, pack, ...settings } = body;
      const answer = await gateway.write(id, staff, 'CreateTournament', { tournamentId: id, settings, pack: recordedPack(pack) }, write);
      return sendWrite(reply, answer, { id }, 201);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId',
    summary: 'The tournament: settings, pack, rounds, prizes and version.',
    tags: ['tournaments'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament, version } = await gateway.read(params.tournamentId);
      return withVersion(reply, version, tournamentSummary(params.tournamentId, tournament));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/finish',
    summary: 'Finishes the tournament (every round played and ended).',
    tags: ['tournaments'],
    access: { command: 'FinishTournament' },
    params: tournamentParams,
    response: writeAnswer,
    write: true,
    async handler({ params, principal, write, reply }) {
      return sendWrite(reply, await gateway.write(params.tournamentId, requireStaff(principal), 'FinishTournament', {}, write));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/prizes',
    summary: 'Sets the prize list: by final rank, or for playing or winning a round.',
    tags: ['tournaments'],
    access: { command: 'SetPrizeList' },
    params: tournamentParams,
    body: z.strictObject({ prizes: z.array(prize).max(200) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(reply, await gateway.write(params.tournamentId, requireStaff(principal), 'SetPrizeList', { prizes: body.prizes }, write));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/prizes/:prizeId/award',
    summary: 'Awards a prize to the players its rule names.',
    tags: ['tournaments'],
    access: { command: 'AwardPrize' },
    params: tournamentParams.extend({ prizeId: z.string().min(1).max(64) }),
    response: writeAnswer,
    write: true,
    async handler({ params, principal, write, reply }) {
      return sendWrite(reply, await gateway.write(params.tournamentId, requireStaff(principal), 'AwardPrize', { prize: params.prizeId }, write));
    },
  });
}

/** A tournament id that the same account's same idempotency key always gives. */
function keyedId(username: string, key: string): string {
  return `t-${createHash('sha256').update(`${username}\u0000${key}`).digest('hex').slice(0, 10)}`;
}
