import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { compareDecks, differsFromList } from '../../../core/deck/compare-decks.js';
import { deckCheckDuel } from '../../../core/tournament/deck-check-duel.js';
import { DUEL_NUMBER } from '../../../core/tournament/limits.js';
import { intIn } from '../request-schema.js';
import { DIFFERS_FROM_DECKLIST } from '../../../core/deck-findings.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { notFound } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { deckInput, readDeckInput } from '../tournaments/deck-input.js';
import {
  differenceAnswer,
  differencesView,
  findingAnswer,
  findingsView,
  rulesAnswer,
  rulesView,
  tournamentCheckRules,
} from '../tournaments/deck-report.js';
import { playerId, tournamentParams, withVersion } from './tournament-common.js';
import { M } from '../messages/tournaments.js';

/**
 * A deck check: the presented deck against the rules of §3-A (sizes, copies, usable cards on the
 * tournament date, the F/L list the tournament recorded, its card pool) and against the registered decklist (§3-B). Writes nothing: the judge then
 * issues the proposed infractions through the penalty route.
 */
const deckCheckAnswer = z.object({
  player: z.object({ id: z.string(), name: z.string() }),
  registered: z.boolean(),
  findings: z.array(findingAnswer),
  differences: z.array(differenceAnswer),
  /** Which comparison was made: duel 1 zone by zone, after it the deck and side deck as one pool (rule 3-B). */
  comparison: z.object({
    duel: z.number(),
    fromResults: z.boolean(),
    kind: z.enum(['zones', 'pool']),
    sizes: z.array(
      z.object({ zone: z.enum(['main', 'extra', 'side']), registered: z.number(), presented: z.number() }),
    ),
  }),
  proposedInfractions: z.array(z.string()),
  rules: rulesAnswer,
  version: z.number(),
});

/** What POST …/deck-checks answers, for clients that import it type-only (the console). */
export type DeckCheckAnswer = z.infer<typeof deckCheckAnswer>;

export function deckChecksRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/tournaments/:tournamentId/deck-checks',
    summary:
      "Checks a presented deck against the rules and the player's registered decklist; answers findings and the infractions to propose. `duel`: the duel the check is made in (default: the duel the player's match is in, from the results); in duel 1 the deck is compared with the list zone by zone, after it the deck and side deck as one pool with each zone's size the list's (`comparison` says which).",
    tags: ['deck checks'],
    access: 'deck-checks:run',
    params: tournamentParams,
    body: z.strictObject({ player: playerId, deck: deckInput, duel: intIn(DUEL_NUMBER).optional() }),
    response: deckCheckAnswer,
    async handler({ params, body, reply }) {
      const { tournament: t, version } = await context.gateway.read(params.tournamentId);
      const player = findPlayer(t, body.player);
      if (!player) throw notFound(M.text('player-id', { player: body.player }));
      const rules = await tournamentCheckRules(t, context.accounts);
      const { catalogue, banlist } = rules;
      const deck = await readDeckInput(body.deck, 'body.deck', catalogue);
      const date = t.settings.date;
      const { deckLimits: limits, deckFindings } = t.pack.content.settings;
      const findings = validateDeck(deck, { catalogue, banlist, date, limits, infractions: deckFindings });
      const made = deckCheckDuel(t, player.id, body.duel);
      const comparison = player.decklist === null ? null : compareDecks(player.decklist, deck, catalogue, made.kind);
      const describeContext = { catalogue, banlist, date };
      const infractions = [
        ...new Set([
          ...findings.map((f) => f.infraction),
          ...(comparison && differsFromList(comparison) ? [deckFindings[DIFFERS_FROM_DECKLIST]] : []),
        ]),
      ];
      return withVersion(reply, version, {
        player: { id: player.id, name: player.name },
        registered: player.decklist !== null,
        findings: findingsView(findings, describeContext),
        differences: differencesView(comparison?.differences ?? [], catalogue),
        comparison: { ...made, sizes: comparison?.sizes ?? [] },
        proposedInfractions: infractions,
        rules: rulesView(rules),
      });
    },
  });
}
