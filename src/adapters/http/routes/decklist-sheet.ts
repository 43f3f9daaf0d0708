import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardName } from '../../../core/deck/catalogue.js';
import { decklistSheet, type SheetLine } from '../../../core/deck/printable-decklist.js';
import { receiptHash } from '../../../core/tournament/decklist-receipt.js';
import { receiptOf } from '../../../core/tournament/entry.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { requireStaff } from '../auth/principal.js';
import { isStaffOf } from '../auth/tournament-staff.js';
import { badPlayerCode, playerCodeGuard } from '../auth/player-code-guard.js';
import { notFound } from '../errors.js';
import { M } from '../messages/tournaments.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { tournamentCheckRules } from '../tournaments/deck-report.js';
import { playerParams, withVersion } from './tournament-common.js';

/*
 * The registration sheet (デッキ記入シート) of a player's current list, for the console's A4
 * page: the same zones, groups and totals as `decklist print` (printable-decklist.ts), card
 * names in both languages so the page prints in either, and the receipt of the list.
 */

export function decklistSheetRoutes(app: FastifyInstance, context: ServerContext): void {
  const guard = playerCodeGuard(context);

  defineRoute(app, {
    method: 'GET',
    url: '/api/tournaments/:tournamentId/players/:playerId/decklist/sheet',
    summary:
      "The player's current list as the registration sheet (デッキ記入シート): the player's name, reading and KONAMI Card Game ID, the main deck in monster / spell / trap cards, the extra and side decks, each card's count and name in Japanese and English, the totals, and the list's receipt (time and hash; `null` for a list staff registered without one). The public gives the slip's code; staff need none. 404 when the player has no list.",
    tags: ['players', 'deck checks'],
    access: 'public',
    params: playerParams,
    query: z.object({ code: z.string().max(32).optional() }),
    async handler({ params, query, principal, request, reply }) {
      if (query.code !== undefined) await guard.prove(request, reply, params, query.code, 'query.code');
      else {
        // Staff of this tournament need no code; anyone else without one is answered as the public is.
        requireStaff(principal);
        if (!isStaffOf(principal, params.tournamentId)) throw badPlayerCode('query.code');
      }
      const { tournament: t, version } = await context.gateway.read(params.tournamentId);
      const p = findPlayer(t, params.playerId);
      if (!p) throw notFound(M.text('player'));
      if (p.decklist === null) throw notFound(M.text('player-decklist'));
      const { catalogue } = await tournamentCheckRules(t, context.accounts);
      const sheet = decklistSheet(p.decklist, catalogue);
      const lines = (cards: readonly SheetLine[]) =>
        cards.map(({ passcode, count, card }) => ({
          passcode,
          count,
          name: card ? { ja: cardName(card, 'ja'), en: cardName(card, 'en') } : null,
        }));
      // A receipt names the list it was given for: a list staff changed since has none.
      const sent = receiptOf(t, p.id);
      const receipt = sent && sent.hash === receiptHash(p.decklist) ? sent : undefined;
      return withVersion(reply, version, {
        tournament: { name: t.settings.name, date: t.settings.date },
        player: { id: p.id, name: p.name, reading: p.reading ?? null, cardGameId: p.cardGameId ?? null },
        receipt: receipt ? { at: receipt.at, hash: receipt.hash } : null,
        main: {
          total: sheet.main.total,
          groups: sheet.main.groups.map((g) => ({ group: g.group, total: g.total, cards: lines(g.cards) })),
        },
        extra: { total: sheet.extra.total, cards: lines(sheet.extra.cards) },
        side: { total: sheet.side.total, cards: lines(sheet.side.cards) },
      });
    },
  });
}
