import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardName, findCard, type Card } from '../../../core/deck/catalogue.js';
import { lookupCardName } from '../../../core/deck/card-names.js';
import { compareDecks } from '../../../core/deck/compare-decks.js';
import { printableDecklist } from '../../../core/deck/printable-decklist.js';
import { writeTextDecklist } from '../../../core/deck/text-decklist-format.js';
import { loadDefaultPack } from '../../policy/pack-file.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import { writeYdk } from '../../../core/deck/ydk-format.js';
import { writeYdke } from '../../../core/deck/ydke-format.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { deckInput, readDeckInput, shippedCatalogue } from '../tournaments/deck-input.js';
import { differencesView, findingsView, rulesView } from '../tournaments/deck-report.js';
import { atPath, HttpError } from '../errors.js';
import { banlistOfRecord } from '../../../core/deck/deck-rules.js';
import { shippedCards, shippedListHistory } from '../../deck/ocg-data.js';
import { chooseList } from '../../deck/tournament-deck-rules.js';
import { listInForce } from '../../../core/deck/lflist-history.js';
import { M } from '../messages/tournaments.js';
import { LARGE_BODY_BYTES } from '../json-body.js';

const cardView = (card: Card) => ({
  passcode: card.passcode,
  name: { ja: cardName(card, 'ja'), en: cardName(card, 'en') },
  zone: card.zone,
  category: card.category,
});

/** Decklists the public may have read a minute per address: a player converts a few, a script thousands. */
export const PUBLIC_DECKLISTS_PER_MINUTE = 20;
/** Card searches the public may make a minute per address (each closest-name search runs on the event loop). */
export const PUBLIC_CARD_SEARCHES_PER_MINUTE = 60;

/** The card catalogue and decklists outside a tournament: what `shinpan cards find`, `deck check` and `deck convert` do. */
export function decksRoutes(app: FastifyInstance, context: ServerContext): void {
  const publicReads = new AttemptLimiter(PUBLIC_DECKLISTS_PER_MINUTE, 60_000, 'too-many-decklists', (seconds) =>
    M.text('too-many-decklists', { seconds }),
  );
  const publicSearches = new AttemptLimiter(
    PUBLIC_CARD_SEARCHES_PER_MINUTE,
    60_000,
    'too-many-card-searches',
    (seconds) => M.text('too-many-searches', { seconds }),
  );
  defineRoute(app, {
    method: 'GET',
    url: '/api/cards',
    summary:
      'Finds cards of the shipped catalogue by passcode or by Japanese or English name (exact, else ambiguous matches or the closest names). The public may search 60 times a minute per address.',
    tags: ['cards'],
    access: 'public',
    query: z.object({ q: z.string().trim().min(1).max(200) }),
    async handler({ query, principal, request }) {
      if (principal.kind === 'public') await publicSearches.hit(request.ip);
      const catalogue = await shippedCatalogue();
      if (/^\d{1,9}$/.test(query.q)) {
        const card = findCard(catalogue, Number(query.q));
        return { match: card ? 'found' : 'unknown', cards: card ? [cardView(card)] : [] };
      }
      const found = lookupCardName(catalogue, query.q);
      const cards = found.kind === 'found' ? [found.card] : found.kind === 'ambiguous' ? found.cards : found.closest;
      return { match: found.kind, cards: cards.map(cardView) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/decks/check',
    bodyLimit: LARGE_BODY_BYTES,
    summary:
      'Checks a deck against the rules on a date (sizes, copies, cards usable then) and, with `registered`, against a decklist; writes nothing.',
    tags: ['deck checks'],
    access: 'staff',
    body: z.strictObject({
      deck: deckInput,
      date: z.iso.date(),
      registered: deckInput.optional(),
      /** A list of the shipped history by name ("2011.3.1"), or "none"; the shipped list in force on the date when absent. */
      banlist: z.string().trim().min(1).max(100).optional(),
    }),
    async handler({ body }) {
      const catalogue = await shippedCatalogue();
      const chosen = chooseList(body.banlist, undefined, body.date, { files: false });
      if (!chosen.ok) throw new HttpError(400, 'invalid-request', atPath('body.banlist', chosen.error), 'body.banlist');
      const banlist = chosen.value.recorded ? banlistOfRecord(chosen.value.recorded) : null;
      const deck = await readDeckInput(body.deck, 'body.deck');
      const registered = body.registered === undefined ? null : await readDeckInput(body.registered, 'body.registered');
      const context = { catalogue, banlist, date: body.date };
      // No tournament: the shipped pack's deck settings (sizes, copies, the infraction of each finding).
      const { deckLimits: limits, deckFindings: infractions } = loadDefaultPack().settings;
      const findings = validateDeck(deck, { catalogue, banlist, date: body.date, limits, infractions });
      const differences = registered === null ? [] : compareDecks(registered, deck, catalogue).differences;
      return {
        legal: findings.length === 0 && differences.length === 0,
        findings: findingsView(findings, context),
        differences: differencesView(differences, catalogue),
        rules: rulesView({ pool: shippedCards().pool, banlist, warnings: chosen.value.warnings }),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/lists',
    summary:
      'The shipped OCG Forbidden/Limited history, oldest first, with the list in force on `date` (default: today on the server).',
    tags: ['cards'],
    access: 'public',
    query: z.object({ date: z.iso.date().optional() }),
    async handler({ query }) {
      const history = shippedListHistory();
      const date = query.date ?? context.clock().toISOString().slice(0, 10);
      const found = listInForce(history, date);
      const count = (limits: ReadonlyMap<number, number>, n: number) =>
        [...limits.values()].filter((c) => c === n).length;
      return {
        date,
        inForce: found ? found.list.name : null,
        warning: found?.gap ?? null,
        lists: history.map((l) => ({
          name: l.name,
          from: l.date,
          forbidden: count(l.limits, 0),
          limited: count(l.limits, 1),
          semiLimited: count(l.limits, 2),
        })),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/decks/convert',
    summary:
      'Writes a deck as .ydk, a ydke:// URL, a plain-text list, or the printable registration sheet (in `lang`). The public may send 20 lists in text a minute per address.',
    tags: ['deck checks'],
    access: 'public',
    body: z.strictObject({
      deck: deckInput,
      to: z.enum(['ydk', 'ydke', 'text', 'sheet']),
      lang: z.enum(['ja', 'en']).default('ja'),
      sheet: z
        .strictObject({
          player: z.string().max(100).optional(),
          playerId: z.string().max(64).optional(),
          event: z.string().max(200).optional(),
          date: z.iso.date().optional(),
        })
        .optional(),
    }),
    async handler({ body, principal, request }) {
      if (principal.kind === 'public' && !('main' in body.deck)) await publicReads.hit(request.ip);
      const catalogue = await shippedCatalogue();
      const deck = await readDeckInput(body.deck, 'body.deck');
      const text =
        body.to === 'ydk'
          ? writeYdk(deck)
          : body.to === 'ydke'
            ? `${writeYdke(deck)}\n`
            : body.to === 'text'
              ? writeTextDecklist(deck, catalogue, body.lang)
              : printableDecklist(deck, catalogue, body.lang, body.sheet ?? {});
      return { text };
    },
  });
}
