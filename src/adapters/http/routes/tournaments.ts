import { participantCount } from '../../../core/tournament/state-queries.js';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { prizeView } from '../../../app/projections/prize-view.js';
import { z } from 'zod';
import { parsePack } from '../../../core/policy/pack-schema.js';
import type { RecordedPack } from '../../../core/tournament/events.js';
import {
  BEST_OF,
  DEFAULT_ROUND_MINUTES,
  MAX_TOP_CUT,
  ROUND_MINUTES,
  TIME_ZONE_CHARACTERS,
  SWISS_ROUNDS,
  REASON,
  TOURNAMENT_NAME,
  PRIZE_ID,
  PRIZE_NAME,
  MAX_PRIZES,
} from '../../../core/tournament/limits.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { loadDefaultPack } from '../../policy/pack-file.js';
import { requireStaff } from '../auth/principal.js';
import { atPath, HttpError } from '../errors.js';
import { intIn, withoutControlCharacters, boundedText } from '../request-schema.js';
import type { DeckRules } from '../../../core/deck/deck-rules.js';
import { UPLOAD_LIMITS } from '../../../core/deck/upload-limits.js';
import type { Text } from '../../../core/text.js';
import { shippedCards } from '../../deck/ocg-data.js';
import { chooseList, chooseUploadedList } from '../../deck/tournament-deck-rules.js';
import {
  CARD_UPLOAD_FORMATS,
  importCardDatabase,
  UploadsBusy,
  importedPool,
  type ImportedCardStore,
} from '../../deck/imported-cards.js';
import { defineRoute } from '../route.js';
import { PreparedAnswer, sendPrepared, sendPreparedBytes } from '../prepared-answer.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import { TournamentList } from '../tournaments/tournament-list.js';
import { refuseUploadWhileBusy, uploadsBusy } from '../tournaments/csv-parser.js';
import type { ServerContext } from '../server-context.js';
import { sendWrite, tournamentId, tournamentParams, withVersion, writeAnswer } from './tournament-common.js';
import { deriveMatches } from '../../../core/tournament/match-results.js';
import { nextStep } from '../../../core/tournament/decide-rounds.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
import { M } from '../messages/tournaments.js';
import { LARGE_BODY_BYTES } from '../json-body.js';

const structure = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('swiss'),
    rounds: intIn(SWISS_ROUNDS),
    // A power of two, or any size with `topCutByes` (first-round byes for the top seeds): the core decides and says which.
    topCut: z.number().int().min(0).max(MAX_TOP_CUT),
    topCutByes: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal('single-elimination') }),
]);

/** How a request names the F/L list: a list of the shipped history ("2011.3.1"), "none", or an uploaded file. */
const deckRulesFields = {
  /** The id (sha256) of a card database imported with POST /api/card-databases; the shipped database when absent. */
  cardPool: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  banlist: z.string().trim().min(1).max(100).optional(),
  banlistFile: z
    .strictObject({
      format: z.enum(['lflist', 'json']),
      text: z
        .string()
        .min(1)
        .max(512 * 1024),
      listName: z.string().trim().min(1).max(UPLOAD_LIMITS.listNameCharacters).optional(),
    })
    .optional(),
};
const deckRulesBody = z.strictObject(deckRulesFields);

/** A stage's match format; its round length defaults to the body's `roundMinutes`. */
const stageFormatBody = z.strictObject({
  bestOf: z.literal([...BEST_OF]),
  roundMinutes: intIn(ROUND_MINUTES).optional(),
});

const createBody = z.strictObject({
  id: tournamentId.optional(),
  name: boundedText(TOURNAMENT_NAME),
  date: z.iso.date(),
  decklistsRequired: z.boolean().default(false),
  roundMinutes: intIn(ROUND_MINUTES).default(DEFAULT_ROUND_MINUTES),
  structure,
  /** The IANA time zone the event runs in (Asia/Tokyo); the core checks the runtime knows it. */
  timeZone: z.string().trim().min(1).max(TIME_ZONE_CHARACTERS).optional(),
  /** Per stage: `{"swiss": {"bestOf": 1, "roundMinutes": 25}, "top-cut": {"bestOf": 3}}`; best of 3 where absent. */
  stages: z.strictObject({ swiss: stageFormatBody.optional(), 'top-cut': stageFormatBody.optional() }).optional(),
  /** A whole policy pack (policy.schema.json); the shipped ocg-5ds pack when absent. */
  pack: z.record(z.string(), z.unknown()).optional(),
  ...deckRulesFields,
});

/** The tournament's F/L list recorded from a request: an uploaded file, a shipped list by name, or the one in force. */
async function requestedRules(
  body: z.output<typeof deckRulesBody>,
  date: string,
  imported: ImportedCardStore,
): Promise<{ rules: DeckRules; warnings: readonly Text[] }> {
  if (body.banlist !== undefined && body.banlistFile !== undefined) {
    throw new HttpError(400, 'invalid-request', M.text('banlist-and-file'), 'body.banlistFile');
  }
  const file = body.banlistFile;
  const chosen = file
    ? chooseUploadedList(file.text, file.format, file.listName, date)
    : chooseList(body.banlist, undefined, date, { files: false });
  if (!chosen.ok) {
    const where = file ? 'body.banlistFile.text' : 'body.banlist';
    throw new HttpError(400, 'invalid-request', atPath(where, chosen.error), where);
  }
  let cardPool = shippedCards().pool;
  if (body.cardPool !== undefined) {
    const pool = await importedPool(imported, body.cardPool);
    if (!pool)
      throw new HttpError(400, 'invalid-request', M.text('no-card-pool', { pool: body.cardPool }), 'body.cardPool');
    cardPool = pool;
  }
  return { rules: { cardPool, banlist: chosen.value.recorded }, warnings: chosen.value.warnings };
}

const prize = z.strictObject({
  id: boundedText(PRIZE_ID),
  name: boundedText(PRIZE_NAME),
  rule: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('rank'), from: z.number().int().min(1), to: z.number().int().min(1) }),
    z.strictObject({ kind: z.literal('round'), round: z.number().int().min(1), who: z.enum(['played', 'won']) }),
  ]),
});

/** The tournament as a console lists it: settings, counts and rounds, no decklists or penalties. */
export function tournamentSummary(id: string, t: Tournament) {
  // A match decided by a penalty (a disqualification, a match loss) has its result without a report.
  const decided = new Map<number, number>();
  for (const m of deriveMatches(t).matches)
    if (m.record.outcome.kind !== 'pending') decided.set(m.record.round, (decided.get(m.record.round) ?? 0) + 1);
  return {
    id,
    status: t.status,
    settings: t.settings,
    pack: { id: t.pack.id, version: t.pack.version },
    players: participantCount(t),
    rounds: t.rounds.map((r) => ({
      round: r.number,
      stage: r.stage,
      bestOf: r.bestOf,
      roundMinutes: r.roundMinutes,
      seatTime: r.seatTime,
      started: r.started,
      ended: r.ended,
      // Only staff are answered a held round (the public's summary leaves it out).
      ...(r.held ? { held: true as const } : {}),
      tables: r.matches.length,
      reported: decided.get(r.number) ?? 0,
      byes: r.byes.length,
    })),
    // Day two and later phases, and the cuts of the Swiss field: the console names them on the round screens.
    phases: t.phases,
    cuts: t.cuts.map((c) => ({ afterRound: c.afterRound, rule: c.rule, out: c.out.length })),
    prizes: t.prizes,
    // What the desk's "pair" button does next, named by what it is; `none` after the final.
    next: t.status === 'finished' ? { kind: 'none' as const } : nextStep(t),
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
    throw new HttpError(
      400,
      'invalid-request',
      atPath(where, { en: parsed.error.message, ja: parsed.error.message }),
      where,
    );
  }
  return { id: parsed.value.id, version: parsed.value.version, content: parsed.value };
}

/** Tournaments: list, create, read, finish, prizes. */
export function tournamentsRoutes(app: FastifyInstance, context: ServerContext, views: ViewCache): void {
  const gateway = context.gateway;
  const list = new TournamentList(gateway.store, gateway, context.recentViewMs);
  // What this process wrote last is stored before it stops: the next start lists without folding it.
  app.addHook('onClose', () => list.storeSummaries());

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments',
    summary: 'Every tournament, oldest first.',
    tags: ['tournaments'],
    access: 'public',
    async handler({ request, reply }) {
      return sendPreparedBytes(request, reply, await list.answer());
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Creates a tournament under a policy pack (the shipped seed rules by default); the pack is recorded with it.',
    tags: ['tournaments'],
    access: { command: 'CreateTournament' },
    body: createBody,
    response: writeAnswer.extend({
      id: z.string(),
      deckWarnings: z.array(z.object({ ja: z.string(), en: z.string() })),
    }),
    write: true,
    successStatus: 201,
    async handler({ body, principal, write, reply }) {
      const staff = requireStaff(principal);
      // Keys are kept per tournament: a keyed create without an id names the tournament after
      // the account and key, so its retry finds the same tournament and replays.
      const id =
        body.id ??
        (write.idempotencyKey === undefined
          ? `t-${randomBytes(5).toString('hex')}`
          : keyedId(staff.account.username, write.idempotencyKey));
      const { id: _id, pack, banlist, banlistFile, cardPool, stages: askedStages, ...plain } = body;
      const stages =
        askedStages &&
        Object.fromEntries(
          Object.entries(askedStages).map(([stage, f]) => [
            stage,
            { bestOf: f.bestOf, roundMinutes: f.roundMinutes ?? plain.roundMinutes },
          ]),
        );
      const settings = { ...plain, ...(stages === undefined ? {} : { stages }) };
      const choice = {
        ...(banlist !== undefined ? { banlist } : {}),
        ...(banlistFile !== undefined ? { banlistFile } : {}),
        ...(cardPool !== undefined ? { cardPool } : {}),
      };
      const { rules, warnings } = await requestedRules(choice, settings.date, context.accounts);
      const answer = await gateway.write(
        id,
        staff,
        'CreateTournament',
        { tournamentId: id, settings: { ...settings, deckRules: rules }, pack: recordedPack(pack) },
        write,
      );
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
    async handler({ params, principal, request, reply }) {
      const { tournament, version } = await gateway.read(params.tournamentId);
      // The public's (and the wall display's) summary counts every round's results: made at
      // most once a second while results come in (view-cache.ts), with the version it shows; a
      // held round is left out (audience-view.ts).
      if (!isStaffOf(principal, params.tournamentId)) {
        const recent = views.recent(
          params.tournamentId,
          'summary',
          version,
          tournament,
          (t, at) => new PreparedAnswer({ ...tournamentSummary(params.tournamentId, playersView(t)), version: at }),
        );
        return sendPrepared(request, reply, recent.version, recent.value);
      }
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
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'FinishTournament', {}, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/card-databases',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Imports a card database for tournaments (cards.jsonl or shinpan JSON lines, YGOPRODeck JSON, or a cards.cdb as base64), up to 1.5 MB: parsed with line-numbered errors, kept only when it parses; answers the id to give as `cardPool`.',
    tags: ['cards'],
    access: 'cards:import',
    body: z.strictObject({
      name: withoutControlCharacters(z.string().trim().min(1).max(UPLOAD_LIMITS.poolNameCharacters)),
      format: z.enum(CARD_UPLOAD_FORMATS),
      data: z.string().min(1).max(1_500_000),
      cdbLang: z.enum(['ja', 'en']).optional(),
    }),
    successStatus: 201,
    beforeBody: refuseUploadWhileBusy('body.data'),
    async handler({ body, reply }) {
      const imported = await importCardDatabase(context.accounts, body).catch((error: unknown) => {
        if (error instanceof UploadsBusy) throw uploadsBusy('body.data');
        throw error;
      });
      if (!imported.ok)
        throw new HttpError(400, 'invalid-card-database', atPath('body.data', imported.error), 'body.data');
      const reasons = new Map<string, { reason: Text; count: number }>();
      for (const s of imported.value.skipped)
        reasons.set(s.reason.en, { reason: s.reason, count: (reasons.get(s.reason.en)?.count ?? 0) + 1 });
      reply.code(201);
      return {
        id: imported.value.pool.hash,
        name: imported.value.pool.name,
        cards: imported.value.pool.cards,
        skipped: [...reasons.values()],
      };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/deck-rules',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Changes the F/L list (a shipped list by name, "none", or an uploaded lflist.conf/JSON file) and/or the card pool (an imported database) decks are checked with, until round 1 is paired; the reason is recorded with who changed it.',
    tags: ['deck checks'],
    access: { command: 'ChangeDeckRules' },
    params: tournamentParams,
    body: deckRulesBody.extend({ reason: boundedText(REASON) }),
    response: writeAnswer.extend({
      list: z.object({ name: z.string(), date: z.string().nullable() }).nullable(),
      deckWarnings: z.array(z.object({ ja: z.string(), en: z.string() })),
    }),
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const { tournament } = await gateway.read(params.tournamentId);
      const { reason, ...choice } = body;
      const { rules, warnings } = await requestedRules(choice, tournament.settings.date, context.accounts);
      // What the request does not name stays as recorded.
      const recorded = tournament.settings.deckRules;
      const listNamed = choice.banlist !== undefined || choice.banlistFile !== undefined;
      const deckRules: DeckRules = {
        cardPool: choice.cardPool === undefined && recorded ? recorded.cardPool : rules.cardPool,
        banlist: !listNamed && recorded ? recorded.banlist : rules.banlist,
      };
      const answer = await gateway.write(params.tournamentId, staff, 'ChangeDeckRules', { deckRules, reason }, write);
      return sendWrite(reply, answer, {
        list: rules.banlist ? { name: rules.banlist.name, date: rules.banlist.date } : null,
        deckWarnings: warnings,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/prizes',
    summary:
      'The prize list with who received each prize (by name; an award withdrawn by a disqualification with loss of prizes is marked `withdrawn`), the disqualified players (`excluded`: no place, no prize decided after it) and the awards per player.',
    tags: ['tournaments'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      return withVersion(reply, version, prizeView(t));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/prizes',
    summary: 'Sets the prize list: by final rank, or for playing or winning a round.',
    tags: ['tournaments'],
    access: { command: 'SetPrizeList' },
    params: tournamentParams,
    body: z.strictObject({ prizes: z.array(prize).max(MAX_PRIZES) }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(
          params.tournamentId,
          requireStaff(principal),
          'SetPrizeList',
          { prizes: body.prizes },
          write,
        ),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/prizes/:prizeId/award',
    summary: 'Awards a prize to the players its rule names.',
    tags: ['tournaments'],
    access: { command: 'AwardPrize' },
    params: tournamentParams.extend({
      prizeId: z
        .string()
        .min(1)
        .max(PRIZE_ID.max * 2),
    }),
    response: writeAnswer,
    write: true,
    async handler({ params, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(
          params.tournamentId,
          requireStaff(principal),
          'AwardPrize',
          { prize: params.prizeId },
          write,
        ),
      );
    },
  });
}

/** A tournament id that the same account's same idempotency key always gives. */
function keyedId(username: string, key: string): string {
  return `t-${createHash('sha256').update(`${username}\u0000${key}`).digest('hex').slice(0, 10)}`;
}
