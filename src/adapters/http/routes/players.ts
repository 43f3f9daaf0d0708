import { filmingConsent } from '../../../core/tournament/feature-tables.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badPlayerCode, playerCodeGuard } from '../auth/player-code-guard.js';
import { playerHistory } from '../../../app/projections/player-history.js';
import type { PlayerStatus } from '../../../core/tournament/match-record.js';
import { departures, findPlayer } from '../../../core/tournament/state-queries.js';
import { receiptOf } from '../../../core/tournament/entry.js';
import type { PlayerState } from '../../../core/tournament/state.js';
import { requireStaff } from '../auth/principal.js';
import { playerCode } from '../auth/tokens.js';
import { HttpError, notFound } from '../errors.js';
import { PreparedAnswer, sendPrepared } from '../prepared-answer.js';
import { defineRoute } from '../route.js';
import type { ViewCache } from '../tournaments/view-cache.js';
import type { WriteAnswer } from '../tournaments/tournament-gateway.js';
import type { Deck } from '../../../core/deck/deck.js';
import type { ServerContext } from '../server-context.js';
import { cardName, findCard, type Catalogue } from '../../../core/deck/catalogue.js';
import { andMore } from '../../../core/deck/format-error.js';
import { deckInput, readDeckInput, type DeckInput } from '../tournaments/deck-input.js';
import { parsePlayersCsvInWorker, refuseUploadWhileBusy } from '../tournaments/csv-parser.js';
import { MAX_CSV_CHARACTERS, MAX_IMPORTED_PLAYERS, REASON } from '../../../core/tournament/limits.js';
import { decklistFindings, findingAnswer, tournamentCheckRules } from '../tournaments/deck-report.js';
import { deckStates } from '../tournaments/deck-state.js';
import {
  playerId,
  playerName,
  playerParams,
  playerReading,
  sendWrite,
  tournamentParams,
  withVersion,
  writeAnswer,
} from './tournament-common.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { playersView } from '../../../core/tournament/held-rounds.js';
import { M } from '../messages/tournaments.js';
import { issueText, boundedText } from '../request-schema.js';
import { LARGE_BODY_BYTES } from '../json-body.js';

/** Whether reading the input needs card names (a .ydk or plain-text list), so the tournament's card pool. */
const namesCards = (input: DeckInput | undefined): boolean =>
  input !== undefined && 'format' in input && input.format !== 'ydke';

/** The card pool a tournament recorded, where a list names cards: registration reads lists with the pool it checks them with. */
async function poolFor(
  context: ServerContext,
  tournamentId: string,
  inputs: readonly (DeckInput | undefined)[],
): Promise<Catalogue | undefined> {
  if (!inputs.some(namesCards)) return undefined;
  const { tournament } = await context.gateway.read(tournamentId);
  return (await tournamentCheckRules(tournament, context.accounts)).catalogue;
}

/**
 * A staff write of a whole list (a submission, or the head judge's correction): read with the
 * pool the tournament checks it with, written by `write`, answered with what the rules find in it.
 */
async function writtenDecklist(
  context: ServerContext,
  tournamentId: string,
  input: DeckInput,
  write: (decklist: Deck) => Promise<WriteAnswer>,
): Promise<{ answer: WriteAnswer; findings: Awaited<ReturnType<typeof decklistFindings>> }> {
  const decklist = await readDeckInput(input, 'body.decklist', await poolFor(context, tournamentId, [input]));
  const answer = await write(decklist);
  const { tournament } = await context.gateway.read(tournamentId);
  return { answer, findings: await decklistFindings(decklist, tournament, context.accounts) };
}

async function withDecks(
  players: readonly { id: string; name: string; reading?: string; decklist?: DeckInput }[],
  catalogue: Catalogue | undefined,
) {
  return Promise.all(
    players.map(async (p, i) => ({
      id: p.id,
      name: p.name,
      ...(p.reading === undefined ? {} : { reading: p.reading }),
      ...(p.decklist === undefined
        ? {}
        : { decklist: await readDeckInput(p.decklist, `body.players[${i}].decklist`, catalogue) }),
    })),
  );
}

/** The CSV's players; decklists are files on the scorekeeper's machine, so over HTTP a decklist column is refused. */
async function playersFromCsv(csv: string): Promise<{ id: string; name: string; reading?: string; line: number }[]> {
  const parsed = await parsePlayersCsvInWorker(csv);
  if (!parsed.ok) {
    const first = parsed.error[0]!;
    const more = andMore(parsed.error.length - 1);
    throw new HttpError(
      400,
      'invalid-csv',
      M.text('csv-line', { line: first.line, problem: first.message, more }),
      'body.csv',
    );
  }
  const withDeck = parsed.value.find((row) => row.decklist !== null);
  if (withDeck) {
    throw new HttpError(400, 'invalid-csv', M.text('csv-decklist-file', { line: withDeck.line }), 'body.csv');
  }
  return parsed.value.map((row) => ({
    id: row.id,
    name: row.name,
    ...(row.reading === null ? {} : { reading: row.reading }),
    line: row.line,
  }));
}

/** What anyone sees of a player in the list. */
function publicPlayer(p: PlayerState, dropped: ReadonlySet<string>, status: (id: string) => PlayerStatus) {
  return {
    id: p.id,
    name: p.name,
    ...(p.reading === undefined ? {} : { reading: p.reading }),
    dropped: dropped.has(p.id),
    /** Rule 1-E/1-F: a disqualified player shows as disqualified, not as dropped. */
    status: status(p.id),
  };
}

/** Players: the list, registration (with the slip code), decklists, drops, and a player's own record. */
export function playersRoutes(app: FastifyInstance, context: ServerContext, views: ViewCache): void {
  const gateway = context.gateway;
  const guard = playerCodeGuard(context);

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players',
    summary:
      "The players in registration order; staff also see entry round, decklist status, the list's deck state (`deck`: none, legal or findings, with the count), drop reason and the answer to being filmed (`filming`: yes, no, not-asked).",
    tags: ['players'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, principal, request, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const staff = isStaffOf(principal, params.tournamentId);
      // The public list is the same for everyone at a version: made and compressed once. Staff
      // see deck states, which come from the account store too, so theirs is made every time.
      if (!staff) {
        const answer = views.view(params.tournamentId, 'players-public', version, t, (state) => {
          const { dropped, status } = departures(state);
          return new PreparedAnswer({ players: state.players.map((p) => publicPlayer(p, dropped, status)), version });
        });
        return sendPrepared(request, reply, version, answer);
      }
      const { dropped, status } = departures(t);
      const decks = await deckStates(t.players, t, context.accounts);
      const players = t.players.map((p, i) => ({
        ...publicPlayer(p, dropped, status),
        entryRound: p.entryRound,
        decklist: p.decklist !== null,
        deck: decks[i]!,
        dropReason: p.drop?.reason ?? null,
        // Advanced into a later phase (day two) without the cut, and why.
        invitation: p.invitation?.reason ?? null,
        // Their answer to being filmed for the stream (staff's and theirs, never the public's).
        filming: filmingConsent(t, p.id),
      }));
      return withVersion(reply, version, { players });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players',
    summary:
      'Registers a player (a late entry after round 1 counts the missed rounds as losses); answers the code for the registration slip and, with a decklist, what the deck rules find in it (`findings`, empty when legal; null without a decklist).',
    tags: ['players'],
    access: { command: 'RegisterPlayer' },
    params: tournamentParams,
    body: z.strictObject({
      id: playerId,
      name: playerName,
      reading: playerReading.optional(),
      decklist: deckInput.optional(),
      invitation: z.strictObject({ reason: boundedText(REASON) }).optional(),
      /** The player's answer to being filmed for the stream; left out: not asked (counts as no). */
      filming: z.boolean().optional(),
    }),
    response: writeAnswer.extend({
      player: z.object({ id: z.string(), name: z.string(), reading: z.string().optional() }),
      code: z.string(),
      findings: z.array(findingAnswer).nullable(),
    }),
    write: true,
    successStatus: 201,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const decklist =
        body.decklist === undefined
          ? undefined
          : await readDeckInput(
              body.decklist,
              'body.decklist',
              await poolFor(context, params.tournamentId, [body.decklist]),
            );
      const reading = body.reading === undefined ? {} : { reading: body.reading };
      const player = { id: body.id, name: body.name, ...reading, ...(decklist === undefined ? {} : { decklist }) };
      // An invitation into day two: byes for the rounds before it, with the reason.
      const answer = await gateway.write(
        params.tournamentId,
        staff,
        'RegisterPlayer',
        {
          player,
          ...(body.invitation === undefined ? {} : { invitation: body.invitation }),
          ...(body.filming === undefined ? {} : { filming: body.filming }),
        },
        write,
      );
      const code = playerCode(context.secret, params.tournamentId, body.id);
      const findings =
        decklist === undefined
          ? null
          : await decklistFindings(decklist, (await gateway.read(params.tournamentId)).tournament, context.accounts);
      return sendWrite(reply, answer, { player: { id: body.id, name: body.name, ...reading }, code, findings }, 201);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/import/preview',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Reads a player CSV as the import would (in a worker, at most 10,000 rows) and writes nothing: every row, and every problem with its line (the file itself, an id twice in it, an id registered already, a decklist column). Import it with POST …/players/import once `problems` is empty.',
    tags: ['players'],
    access: { command: 'RegisterPlayer' },
    params: tournamentParams,
    body: z.strictObject({ csv: z.string().min(1).max(MAX_CSV_CHARACTERS) }),
    response: z.object({
      rows: z.array(z.object({ line: z.number(), id: z.string(), name: z.string(), reading: z.string().nullable() })),
      problems: z.array(z.object({ line: z.number(), ja: z.string(), en: z.string() })),
    }),
    async handler({ params, body }) {
      const parsed = await parsePlayersCsvInWorker(body.csv);
      if (!parsed.ok) return { rows: [], problems: parsed.error.map((p) => ({ line: p.line, ...p.message })) };
      const { tournament: t } = await gateway.read(params.tournamentId);
      // The file's own problems (an id twice included) came above; these are the import's.
      const problems: { line: number; ja: string; en: string }[] = [];
      for (const row of parsed.value) {
        if (row.decklist !== null) problems.push({ line: row.line, ...M.text('preview-decklist-file') });
        if (findPlayer(t, row.id)) problems.push({ line: row.line, ...M.text('preview-registered', { id: row.id }) });
      }
      return {
        rows: parsed.value.map((r) => ({ line: r.line, id: r.id, name: r.name, reading: r.reading })),
        problems,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/import',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Registers a whole player list in one write, all or none: `players` as JSON, or `csv` with a header row id,name (English or Japanese headers). The refused entry is named in `path`.',
    tags: ['players'],
    access: { command: 'RegisterPlayer' },
    params: tournamentParams,
    body: z.union([
      z.strictObject({
        players: z
          .array(
            z.strictObject({
              id: playerId,
              name: playerName,
              reading: playerReading.optional(),
              decklist: deckInput.optional(),
            }),
          )
          .min(1)
          .max(MAX_IMPORTED_PLAYERS),
      }),
      z.strictObject({ csv: z.string().min(1).max(MAX_CSV_CHARACTERS) }),
    ]),
    response: writeAnswer.extend({ imported: z.number(), codes: z.record(z.string(), z.string()) }),
    write: true,
    successStatus: 201,
    // A CSV is read in a task worker; a list of players, decided and stored, takes the event loop as long.
    beforeBody: refuseUploadWhileBusy('body'),
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const entries =
        'players' in body
          ? (
              await withDecks(
                body.players,
                await poolFor(
                  context,
                  params.tournamentId,
                  body.players.map((p) => p.decklist),
                ),
              )
            ).map((player, i) => ({ player, where: `body.players[${i}]` }))
          : (await playersFromCsv(body.csv)).map(({ line, ...player }) => ({ player, where: `body.csv line ${line}` }));
      const players = entries.map((e) => e.player);
      const commands = players.map((player) => ({
        type: 'RegisterPlayer' as const,
        data: { player },
        meta: gateway.meta(staff, 'RegisterPlayer', params.tournamentId),
      }));
      const answer = await gateway.writeAll(
        params.tournamentId,
        commands,
        write,
        (index) => entries[index]?.where ?? 'body',
      );
      const codes = Object.fromEntries(
        players.map((p) => [p.id, playerCode(context.secret, params.tournamentId, p.id)]),
      );
      return sendWrite(reply, answer, { imported: players.length, codes }, 201);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players/:playerId/slip',
    summary:
      "The registration slip's contents: the player, the tournament, and the code the player uses to see their own record.",
    tags: ['players'],
    access: { command: 'RegisterPlayer' },
    params: playerParams,
    async handler({ params }) {
      const { tournament: t } = await gateway.read(params.tournamentId);
      const player = findPlayer(t, params.playerId);
      if (!player) throw notFound(M.text('player'));
      return {
        tournament: { id: params.tournamentId, name: t.settings.name, date: t.settings.date },
        player: {
          id: player.id,
          name: player.name,
          ...(player.reading === undefined ? {} : { reading: player.reading }),
        },
        code: playerCode(context.secret, params.tournamentId, player.id),
      };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist',
    summary:
      "Submits or replaces the player's registered decklist; answers what the deck rules find in it (`findings`, empty when legal).",
    tags: ['players'],
    access: { command: 'SubmitDecklist' },
    params: playerParams,
    body: z.strictObject({ decklist: deckInput }),
    response: writeAnswer.extend({ findings: z.array(findingAnswer) }),
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const { answer, findings } = await writtenDecklist(context, params.tournamentId, body.decklist, (decklist) =>
        gateway.write(params.tournamentId, staff, 'SubmitDecklist', { player: params.playerId, decklist }, write),
      );
      return sendWrite(reply, answer, { findings });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist',
    summary:
      "The player's registered decklist (passcodes per zone), or null, with each card's name in Japanese and English (`names`, by passcode) for a deck check's tick list, and the list's `receipt` (time and short hash, as the player's page shows it; null without a list).",
    tags: ['players'],
    access: 'staff:read',
    params: playerParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const player = findPlayer(t, params.playerId);
      if (!player) throw notFound(M.text('player'));
      const { catalogue } = await tournamentCheckRules(t, context.accounts);
      const passcodes = new Set(
        player.decklist ? [...player.decklist.main, ...player.decklist.extra, ...player.decklist.side] : [],
      );
      const names = Object.fromEntries(
        [...passcodes].map((code) => [
          code,
          { ja: cardName(findCard(catalogue, code), 'ja', code), en: cardName(findCard(catalogue, code), 'en', code) },
        ]),
      );
      // What the deck rules find in the registered list (card, zone, count, limit), so a badge's count can be read.
      const findings = player.decklist === null ? null : await decklistFindings(player.decklist, t, context.accounts);
      // The receipt the player shows: the judge sees that this is the list the player sent.
      const sent = player.decklist === null ? undefined : receiptOf(t, player.id);
      const receipt = sent ? { at: sent.at, hash: sent.hash, byPlayer: sent.byPlayer } : null;
      return withVersion(reply, version, { player: player.id, decklist: player.decklist, names, findings, receipt });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist-correction',
    summary:
      "Once the player has played: the head judge registers the corrected decklist with the reason (`DecklistCorrected`); deck checks then compare with it. Answers the new list's `findings`.",
    tags: ['players'],
    access: { command: 'CorrectDecklist' },
    params: playerParams,
    body: z.strictObject({ decklist: deckInput, reason: boundedText(REASON) }),
    response: writeAnswer.extend({ findings: z.array(findingAnswer) }),
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const staff = requireStaff(principal);
      const { answer, findings } = await writtenDecklist(context, params.tournamentId, body.decklist, (decklist) =>
        gateway.write(
          params.tournamentId,
          staff,
          'CorrectDecklist',
          { player: params.playerId, decklist, reason: body.reason },
          write,
        ),
      );
      return sendWrite(reply, answer, { findings });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/details',
    summary:
      "Corrects a player's name or reading (フリガナ): only what is sent changes; `reading: null` takes the reading away. Refused when nothing changes.",
    tags: ['players'],
    access: { command: 'ChangePlayerDetails' },
    params: playerParams,
    body: z
      .strictObject({ name: playerName.optional(), reading: playerReading.nullable().optional() })
      .refine((b) => b.name !== undefined || b.reading !== undefined, issueText(M.text('name-or-reading'))),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = {
        player: params.playerId,
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.reading === undefined ? {} : { reading: body.reading }),
      };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'ChangePlayerDetails', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/drop',
    summary: 'Drops the player on request: no longer paired, results so far stay.',
    tags: ['players'],
    access: { command: 'DropPlayer' },
    params: playerParams,
    body: z.strictObject({ reason: boundedText(REASON, 'optional-blank').optional() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      const data = { player: params.playerId, ...(body.reason ? { reason: body.reason } : {}) };
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'DropPlayer', data, write),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players/:playerId/record',
    summary:
      "A player's own tournament: rounds, results, penalties, prizes. The public gives the code printed on the registration slip; staff need none.",
    tags: ['players'],
    access: 'public',
    params: playerParams,
    query: z.object({ code: z.string().max(32).optional() }),
    async handler({ params, query, principal, request, reply }) {
      const staff = isStaffOf(principal, params.tournamentId);
      // The same answer for an unknown player and a wrong code: the route does not tell which ids exist.
      if (!staff) {
        if (query.code === undefined) throw badPlayerCode('query.code');
        await guard.prove(request, reply, params, query.code, 'query.code');
      }
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const history = playerHistory(staff ? t : playersView(t), params.playerId);
      if (!history) throw notFound(M.text('player'));
      return withVersion(reply, version, {
        tournament: { id: params.tournamentId, name: t.settings.name, date: t.settings.date },
        ...history,
      });
    },
  });
}
