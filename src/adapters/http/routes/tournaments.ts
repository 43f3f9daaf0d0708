import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parsePack } from '../../../core/policy/pack-schema.js';
import { TOP_CUT_SIZES, type RecordedPack } from '../../../core/tournament/events.js';
import { BEST_OF } from '../../../core/tournament/match-format.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { loadDefaultPack } from '../../policy/pack-file.js';
import { requireStaff } from '../auth/principal.js';
import { HttpError } from '../errors.js';
import { withoutControlCharacters } from '../request-schema.js';
import type { DeckRules } from '../../../core/deck/deck-rules.js';
import type { Text } from '../../../core/text.js';
import { shippedCards } from '../../deck/ocg-data.js';
import { chooseList, chooseUploadedList } from '../../deck/tournament-deck-rules.js';
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

/** How a request names the F/L list: a list of the shipped history ("2011.3.1"), "none", or an uploaded file. */
const deckRulesFields = {
  banlist: z.string().trim().min(1).max(100).optional(),
  banlistFile: z
    .strictObject({ format: z.enum(['lflist', 'json']), text: z.string().min(1).max(512 * 1024), listName: z.string().trim().min(1).max(100).optional() })
    .optional(),
};
const deckRulesBody = z.strictObject(deckRulesFields);

/** A stage's match format; its round length defaults to the body's `roundMinutes`. */
const stageFormatBody = z.strictObject({ bestOf: z.literal([...BEST_OF]), roundMinutes: z.number().int().min(1).max(240).optional() });

const createBody = z.strictObject({
  id: tournamentId.optional(),
  name: withoutControlCharacters(z.string().trim().min(1).max(200)),
  date: z.iso.date(),
  decklistsRequired: z.boolean().default(false),
  roundMinutes: z.number().int().min(1).max(600).default(40),
  structure,
  /** Per stage: `{"swiss": {"bestOf": 1, "roundMinutes": 25}, "top-cut": {"bestOf": 3}}`; best of 3 where absent. */
  stages: z.strictObject({ swiss: stageFormatBody.optional(), 'top-cut': stageFormatBody.optional() }).optional(),
  /** A whole policy pack (policy.schema.json); the shipped ocg-5ds pack when absent. */
  pack: z.record(z.string(), z.unknown()).optional(),
  ...deckRulesFields,
});

/** The tournament's F/L list recorded from a request: an uploaded file, a shipped list by name, or the one in force. */
function requestedRules(body: z.output<typeof deckRulesBody>, date: string): { rules: DeckRules; warnings: readonly Text[] } {
  if (body.banlist !== undefined && body.banlistFile !== undefined) {
    throw new HttpError(400, 'invalid-request', { en: 'body: give banlist or banlistFile, not both', ja: 'body: banlist と banlistFile はどちらか一方だけ指定します' }, 'body.banlistFile');
  }
  const file = body.banlistFile;
  const chosen = file ? chooseUploadedList(file.text, file.format, file.listName, date) : chooseList(body.banlist, undefined, date, { files: false });
  if (!chosen.ok) {
    const where = file ? 'body.banlistFile.text' : 'body.banlist';
    throw new HttpError(400, 'invalid-request', { en: `${where}: ${chosen.error.en}`, ja: `${where}: ${chosen.error.ja}` }, where);
  }
  return { rules: { cardPool: shippedCards().pool, banlist: chosen.value.recorded }, warnings: chosen.value.warnings };
}

const prize = z.strictObject({
  id: z.string().trim().min(1).max(64),
  name: withoutControlCharacters(z.string().trim().min(1).max(200)),
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
      bestOf: r.bestOf,
      roundMinutes: r.roundMinutes,
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
    response: writeAnswer.extend({ id: z.string(), deckWarnings: z.array(z.object({ ja: z.string(), en: z.string() })) }),
    write: true,
    successStatus: 201,
    async handler({ body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const id = body.id ?? `t-${randomBytes(5).toString('hex')}`;
      const { id: _id, pack, banlist, banlistFile, stages: askedStages, ...plain } = body;
      const stages = askedStages && Object.fromEntries(Object.entries(askedStages).map(([stage, f]) => [stage, { bestOf: f.bestOf, roundMinutes: f.roundMinutes ?? plain.roundMinutes }]));
      const settings = { ...plain, ...(stages === undefined ? {} : { stages }) };
      const { rules, warnings } = requestedRules({ ...(banlist !== undefined ? { banlist } : {}), ...(banlistFile !== undefined ? { banlistFile } : {}) }, settings.date);
      const answer = await gateway.write(id, staff, 'CreateTournament', { tournamentId: id, settings: { ...settings, deckRules: rules }, pack: recordedPack(pack) }, write);
      return sendWrite(reply, answer, { id, deckWarnings: warnings }, 201);
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
    url: '/api/tournaments/:tournamentId/deck-rules',
    summary: 'Changes the F/L list decks are checked with (a shipped list by name, "none", or an uploaded lflist.conf/JSON file), until round 1 is paired; the reason is recorded with who changed it.',
    tags: ['deck checks'],
    access: { command: 'ChangeDeckRules' },
    params: tournamentParams,
    body: deckRulesBody.extend({ reason: z.string().trim().min(1).max(500) }),
    response: writeAnswer.extend({ list: z.object({ name: z.string(), date: z.string().nullable() }).nullable(), deckWarnings: z.array(z.object({ ja: z.string(), en: z.string() })) }),
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const { tournament } = await gateway.read(params.tournamentId);
      const { reason, ...choice } = body;
      const { rules, warnings } = requestedRules(choice, tournament.settings.date);
      // The card pool stays what was recorded: only the list is chosen over HTTP.
      const deckRules: DeckRules = { cardPool: tournament.settings.deckRules?.cardPool ?? rules.cardPool, banlist: rules.banlist };
      const answer = await gateway.write(params.tournamentId, staff, 'ChangeDeckRules', { deckRules, reason }, write);
      return sendWrite(reply, answer, { list: rules.banlist ? { name: rules.banlist.name, date: rules.banlist.date } : null, deckWarnings: warnings });
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
