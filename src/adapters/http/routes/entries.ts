import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardName } from '../../../core/deck/catalogue.js';
import { searchCards } from '../../../core/deck/card-search.js';
import { receiptHash } from '../../../core/tournament/decklist-receipt.js';
import {
  decklistOpenAt,
  decklistSettings,
  duplicateWarnings,
  entryOf,
  entryOpenAt,
  receiptOf,
  seatsTaken,
  waitingPlace,
} from '../../../core/tournament/entry.js';
import type { EntryReceived } from '../../../core/tournament/events.js';
import { CARD_GAME_ID_TYPED_MAX, ENTRY_CAP, PUBLISH_TOP } from '../../../core/tournament/limits.js';
import { publishedPlaces } from '../../../app/projections/published-decklists.js';
import { cardsOf } from '../tournaments/deck-cards.js';
import { departures, findPlayer } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { requireStaff } from '../auth/principal.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { badPlayerCode, playerCodeGuard } from '../auth/player-code-guard.js';
import { playerCode } from '../auth/tokens.js';
import { notModified } from '../prepared-answer.js';
import { notFound } from '../errors.js';
import { M } from '../messages/tournaments.js';
import { PUBLIC_CARD_SEARCHES_PER_MINUTE } from './decks.js';
import { intIn } from '../request-schema.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { deckInput, readDeckInput, type DeckInput } from '../tournaments/deck-input.js';
import { decklistFindings, findingAnswer, tournamentCheckRules } from '../tournaments/deck-report.js';
import { deckStates } from '../tournaments/deck-state.js';
import {
  eventData,
  playerName,
  playerParams,
  playerReading,
  sendWrite,
  tournamentParams,
  withVersion,
  writeAnswer,
} from './tournament-common.js';

/*
 * Players coming in before the day: public entry (the organizer's settings, the public page's
 * form), the player's own decklist from their page with its receipt, staff's view of entries
 * and lists, and the decklists published after the event.
 */

/** Cards one search of the builder answers. */
const CARD_RESULTS = 20;

/** Entries the public may make a minute per address: a family enters a few, a script thousands. */
export const PUBLIC_ENTRIES_PER_MINUTE = 10;

const code = z.string().max(32);
const time = z.iso.datetime({ offset: true });
const receiptAnswer = z.object({ at: z.string(), hash: z.string() }).nullable();

/** The entry settings and what the public page says about them. */
function entryView(t: Tournament, now: string) {
  const e = entryOf(t);
  const { deadline, publication } = decklistSettings(t);
  return {
    tournament: { name: t.settings.name, date: t.settings.date, status: t.status },
    open: entryOpenAt(t, now),
    settings: e.settings,
    closed: e.closed,
    seatsTaken: seatsTaken(t),
    // The commitment from the opening on; the seed and nonce only once drawn (anyone checks the hash then).
    lottery:
      e.lottery === null
        ? e.committed === null
          ? null
          : { commitment: e.committed.commitment, seed: null, nonce: null, at: null }
        : {
            commitment: e.committed?.commitment ?? null,
            seed: e.lottery.seed,
            nonce: e.committed?.nonce ?? null,
            at: e.lottery.at,
          },
    decklistDeadline: deadline,
    publication,
  };
}

export function entriesRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = context.gateway;
  const now = () => context.clock().toISOString();
  const guard = playerCodeGuard(context);
  const publicSearches = new AttemptLimiter(
    PUBLIC_CARD_SEARCHES_PER_MINUTE,
    60_000,
    'too-many-card-searches',
    (seconds) => M.text('too-many-searches', { seconds }),
  );
  const publicEntries = new AttemptLimiter(PUBLIC_ENTRIES_PER_MINUTE, 60_000, 'too-many-entries', (seconds) =>
    M.text('too-many-entries', { seconds }),
  );

  /** The player's list read with the tournament's pool, with what the rules find in it. */
  async function checkedList(tournamentId: string, input: DeckInput) {
    const { tournament } = await gateway.read(tournamentId);
    const namesCards = 'format' in input && input.format !== 'ydke';
    const pool = namesCards ? (await tournamentCheckRules(tournament, context.accounts)).catalogue : undefined;
    const decklist = await readDeckInput(input, 'body.decklist', pool);
    return { decklist, findings: await decklistFindings(decklist, tournament, context.accounts) };
  }

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/entry',
    summary:
      'Opens public entry (again, once closed) before round 1: at most `cap` players until `closesAt`; past the cap `first-come` refuses, `waiting-list` puts entries on a waiting list that moves up when a player withdraws, `lottery` takes applications and draws at closing.',
    tags: ['entry'],
    access: { command: 'OpenEntry' },
    params: tournamentParams,
    body: z.strictObject({
      cap: intIn(ENTRY_CAP),
      closesAt: time,
      mode: z.enum(['first-come', 'waiting-list', 'lottery']).default('first-come'),
    }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'OpenEntry', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/entry/close',
    summary:
      'Closes public entry. A lottery not yet drawn is drawn now with `seed` (default: a seed the server draws), recorded in `LotteryDrawn`: the same seed draws the same players; those drawn are registered, the rest wait in the order drawn.',
    tags: ['entry'],
    access: { command: 'CloseEntry' },
    params: tournamentParams,
    body: z.strictObject({ seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'CloseEntry', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/entry',
    summary:
      'What the public entry page shows: whether entry is open, the cap and closing time, seats taken, the decklist deadline and which decklists will be published.',
    tags: ['entry'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      return withVersion(reply, version, entryView(t, now()));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/entries',
    summary:
      'A player enters from the public page while entry is open (10 entries a minute per address to a tournament that exists, staff included: staff register players with `POST /players`): name, reading (フリガナ) and optionally the KONAMI Card Game ID (10 digits). Answers the player id and record code (the player page and its QR), and `status`: registered, waiting (with `place`) or applied (lottery).',
    tags: ['entry'],
    access: 'public',
    params: tournamentParams,
    body: z.strictObject({
      name: playerName,
      reading: playerReading,
      // Typed with full-width digits (０１２…), dashes or spaces: the domain keeps its ten digits (normal-form.ts).
      cardGameId: z.string().trim().max(CARD_GAME_ID_TYPED_MAX).optional(),
      // The entrant's answer to being filmed for the stream; left out: not asked (counts as no).
      filming: z.boolean().optional(),
    }),
    response: z.object({
      player: z.string(),
      code: z.string(),
      status: z.enum(['registered', 'waiting', 'applied']),
      place: z.number().nullable(),
      version: z.number(),
    }),
    successStatus: 201,
    write: true,
    async handler({ params, body, write, request, reply }) {
      // Anyone enters as the public does (staff register players with POST /players), counted per address
      // once the tournament is found: entries to one that does not exist write nothing and lock nobody out.
      await gateway.read(params.tournamentId);
      await publicEntries.hit(request.ip);
      const data = {
        name: body.name,
        reading: body.reading,
        ...(body.cardGameId ? { cardGameId: body.cardGameId } : {}),
        ...(body.filming === undefined ? {} : { filming: body.filming }),
      };
      const answer = await gateway.writeAsPlayer(params.tournamentId, 'public', 'Enter', data, write);
      const received = eventData<EntryReceived['data']>(answer, 'EntryReceived');
      if (!received) throw notFound(M.text('player'));
      const id = received.entrant.id;
      const { tournament: t } = await gateway.read(params.tournamentId);
      reply.header('etag', `"${answer.version}"`);
      reply.code(201);
      return {
        player: id,
        code: playerCode(context.secret, params.tournamentId, id),
        status: received.status,
        place: waitingPlace(t, id),
        version: answer.version,
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/entries',
    summary:
      'Every public entry in order: what the entrant gave (Card Game ID included), when, whether registered, waiting (with place) or applied, dropped, the duplicates it was flagged with when made (`duplicateOf`: same Card Game ID, or same name and reading, of an earlier entry or player), and `duplicates`: the warning on both sides, the earlier entries included.',
    tags: ['entry'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const { dropped } = departures(t);
      const warnings = duplicateWarnings(t);
      return withVersion(reply, version, {
        ...entryView(t, now()),
        entries: [...entryOf(t).entrants].map((e) => ({
          id: e.id,
          name: e.name,
          reading: e.reading,
          cardGameId: e.cardGameId ?? null,
          at: e.at,
          status: findPlayer(t, e.id) ? 'registered' : waitingPlace(t, e.id) !== null ? 'waiting' : e.status,
          place: waitingPlace(t, e.id),
          dropped: dropped.has(e.id),
          duplicateOf: e.duplicateOf,
          duplicates: warnings.get(e.id) ?? [],
        })),
      });
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/decklist-deadline',
    summary:
      'Until when players send their own decklists from their page (`until`, an ISO time); `null`: until round 1 is paired (the default). After it only staff change a list.',
    tags: ['entry', 'deck checks'],
    access: { command: 'SetDecklistDeadline' },
    params: tournamentParams,
    body: z.strictObject({ until: time.nullable() }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetDecklistDeadline', body, write),
      );
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/decklist-publication',
    summary:
      'Which decklists the public sees once the tournament has finished: `{ kind: "top", top: N }` of the final ranking, or `{ kind: "all" }`. Chosen before entry opens (the entry page says it); 422 `publication-fixed` after.',
    tags: ['entry', 'deck checks'],
    access: { command: 'SetDecklistPublication' },
    params: tournamentParams,
    body: z.strictObject({
      scope: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('top'), top: intIn(PUBLISH_TOP) }),
        z.strictObject({ kind: z.literal('all') }),
      ]),
    }),
    response: writeAnswer,
    write: true,
    async handler({ params, body, principal, write, reply }) {
      return sendWrite(
        reply,
        await gateway.write(params.tournamentId, requireStaff(principal), 'SetDecklistPublication', body, write),
      );
    },
  });

  const submissionBody = z.strictObject({ code, decklist: deckInput, confirm: z.boolean().optional() });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist/preview',
    summary:
      "The player's list checked as the desk would (the code from their slip), before sending it: `findings` in both languages and the receipt hash it would get. Writes nothing.",
    tags: ['players', 'deck checks'],
    access: 'public',
    params: playerParams,
    body: submissionBody.omit({ confirm: true }),
    async handler({ params, body, request, reply }) {
      await guard.prove(request, reply, params, body.code, 'body.code');
      const { decklist, findings } = await checkedList(params.tournamentId, body.decklist);
      return { findings, hash: receiptHash(decklist), decklist };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist/submission',
    summary:
      'The player sends their own decklist (the code from their slip) until the decklist deadline: it replaces the one before (the log keeps both). A list with findings needs `confirm: true` (422 `decklist-findings-unconfirmed`); after the deadline 422 `decklist-deadline-passed`. Answers the findings and the receipt: the time and a short hash of the canonical list (the same for the same cards in any format and order).',
    tags: ['players', 'deck checks'],
    access: 'public',
    params: playerParams,
    body: submissionBody,
    response: z.object({
      findings: z.array(findingAnswer),
      receipt: z.object({ at: z.string(), hash: z.string() }),
      version: z.number(),
      events: writeAnswer.shape.events,
    }),
    write: true,
    async handler({ params, body, write, request, reply }) {
      await guard.prove(request, reply, params, body.code, 'body.code');
      const { decklist, findings } = await checkedList(params.tournamentId, body.decklist);
      const data = {
        player: params.playerId,
        decklist,
        findings: findings.length,
        ...(body.confirm === undefined ? {} : { confirmed: body.confirm }),
      };
      const answer = await gateway.writeAsPlayer(params.tournamentId, params.playerId, 'SubmitDecklist', data, write);
      // The same list again writes nothing: its receipt is the one it got when first sent.
      const sent = answer.events.find((e) => e.type === 'DecklistSubmitted');
      const at = sent?.at ?? receiptOf((await gateway.read(params.tournamentId)).tournament, params.playerId)?.at;
      return sendWrite(reply, answer, { findings, receipt: { at: at ?? now(), hash: receiptHash(decklist) } });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist/receipt',
    summary:
      "The receipt of the player's current list (time and short hash; `null` before any), every list sent with its receipt in order, and whether the player may still send one (`open`, with the deadline). The public gives the slip's code; staff need none: a judge at a deck check compares the receipt the player shows.",
    tags: ['players', 'deck checks'],
    access: 'public',
    params: playerParams,
    query: z.object({ code: code.optional() }),
    response: z.object({
      player: z.string(),
      receipt: receiptAnswer,
      open: z.boolean(),
      deadline: z.string().nullable(),
      submissions: z.array(
        z.object({
          at: z.string(),
          hash: z.string(),
          byPlayer: z.boolean(),
          findings: z.number(),
          corrected: z.boolean(),
        }),
      ),
      version: z.number(),
    }),
    async handler({ params, query, principal, request, reply }) {
      if (query.code !== undefined) await guard.prove(request, reply, params, query.code, 'query.code');
      else {
        // Staff of this tournament need no code; anyone else without one is answered as the public is.
        requireStaff(principal);
        if (!isStaffOf(principal, params.tournamentId)) throw badPlayerCode('query.code');
      }
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const p = findPlayer(t, params.playerId);
      if (!p) throw notFound(M.text('player'));
      const latest = receiptOf(t, p.id);
      return withVersion(reply, version, {
        player: p.id,
        receipt: latest && p.decklist !== null ? { at: latest.at, hash: latest.hash } : null,
        open: decklistOpenAt(t, p.entryRound, now()),
        deadline: decklistSettings(t).deadline,
        submissions: decklistSettings(t)
          .submissions.of(p.id)
          .map(({ at, hash, byPlayer, findings, corrected }) => ({ at, hash, byPlayer, findings, corrected })),
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/decklists',
    summary:
      "Staff's decklists screen: every player still in with the list's state (`none`, `legal`, `findings` with the count), the receipt, whether the player sent it and confirmed findings (`flagged`), the entries or players it may be a duplicate of (`duplicates`, on both sides), and counts of submitted, missing and with findings.",
    tags: ['deck checks'],
    access: 'staff:read',
    params: tournamentParams,
    async handler({ params, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const { dropped } = departures(t);
      const players = t.players.filter((p) => !dropped.has(p.id));
      const states = await deckStates(players, t, context.accounts);
      const warnings = duplicateWarnings(t);
      const rows = players.map((p, i) => {
        const receipt = p.decklist === null ? undefined : receiptOf(t, p.id);
        return {
          id: p.id,
          name: p.name,
          reading: p.reading ?? null,
          cardGameId: p.cardGameId ?? null,
          deck: states[i]!.state,
          findings: states[i]!.findings,
          receipt: receipt ? { at: receipt.at, hash: receipt.hash } : null,
          byPlayer: receipt?.byPlayer ?? false,
          flagged: (receipt?.findings ?? 0) > 0,
          duplicates: warnings.get(p.id) ?? [],
        };
      });
      return withVersion(reply, version, {
        deadline: decklistSettings(t).deadline,
        submitted: rows.filter((r) => r.deck !== 'none').length,
        missing: rows.filter((r) => r.deck === 'none').length,
        withFindings: rows.filter((r) => r.deck === 'findings').length,
        players: rows,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/cards',
    summary:
      "Cards of the tournament's card pool whose Japanese or English name contains `q` (hiragana finds katakana names), names starting with it first, at most 20: the player's decklist builder. The public may search 60 times a minute per address.",
    tags: ['cards'],
    access: 'public',
    params: tournamentParams,
    query: z.object({ q: z.string().trim().min(1).max(100) }),
    async handler({ params, query, principal, request }) {
      if (principal.kind === 'public') await publicSearches.hit(request.ip);
      const { tournament: t } = await gateway.read(params.tournamentId);
      const { catalogue } = await tournamentCheckRules(t, context.accounts);
      return {
        cards: searchCards(catalogue, query.q, CARD_RESULTS).map((card) => ({
          passcode: card.passcode,
          name: { ja: cardName(card, 'ja'), en: cardName(card, 'en') },
          // The builder's zones: fusion, synchro, xyz and link monsters all go to the extra deck.
          zone: card.zone === 'main' ? 'main' : 'extra',
        })),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/published-decklists',
    summary:
      "Once the tournament has finished: the decklists the organizer chose to publish (the top N of the final ranking, or everyone's), each with its place, the player's name and the cards per zone with names in Japanese and English. 404 before.",
    tags: ['deck checks'],
    access: 'public',
    params: tournamentParams,
    async handler({ params, request, reply }) {
      const { tournament: t, version } = await gateway.read(params.tournamentId);
      const scope = decklistSettings(t).publication;
      const shown = publishedPlaces(t);
      if (scope === null || shown === null) throw notFound(M.text('published-decklists'));
      // A coverage site polling the lists gets 304 until the tournament changes.
      if (notModified(request, reply, version)) return undefined;
      const { catalogue } = await tournamentCheckRules(t, context.accounts);
      return withVersion(reply, version, {
        tournament: { name: t.settings.name, date: t.settings.date },
        scope,
        decklists: shown.flatMap((place) => {
          const p = findPlayer(t, place.player);
          return p?.decklist
            ? [{ place: place.place, player: p.id, name: p.name, cards: cardsOf(p.decklist, catalogue) }]
            : [];
        }),
      });
    },
  });
}
