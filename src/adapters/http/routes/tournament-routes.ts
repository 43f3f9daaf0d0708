import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../server-context.js';
import { ViewCache } from '../tournaments/view-cache.js';
import { EndedRoundViews } from '../tournaments/ended-round-views.js';
import { callsRoutes } from './calls.js';
import { announcementsRoutes } from './announcements.js';
import { clockRoutes } from './clock.js';
import { heldRoundsRoutes } from './held-rounds.js';
import { deckChecksRoutes } from './deck-checks.js';
import { entriesRoutes } from './entries.js';
import { decksRoutes } from './decks.js';
import { liveRoutes } from './live.js';
import { penaltiesRoutes } from './penalties.js';
import { playersRoutes } from './players.js';
import { recordsRoutes } from './records.js';
import { reportsRoutes } from './reports.js';
import { requestsRoutes } from './requests.js';
import { resultsRoutes } from './results.js';
import { roundsRoutes } from './rounds.js';
import { rulesRoutes } from './rules.js';
import { selfServiceRoutes } from './self-service.js';
import { standingsRoutes } from './standings.js';
import { tournamentsRoutes } from './tournaments.js';

/** Every route about tournaments (sharing one cache of projections), the rules and the card catalogue. */
export function tournamentRoutes(app: FastifyInstance, context: ServerContext): void {
  const views = new ViewCache(undefined, context.recentViewMs);
  const ended = new EndedRoundViews(context.gateway.store);
  tournamentsRoutes(app, context, views);
  playersRoutes(app, context, views);
  deckChecksRoutes(app, context);
  roundsRoutes(app, context, views, ended);
  heldRoundsRoutes(app, context);
  resultsRoutes(app, context);
  clockRoutes(app, context);
  penaltiesRoutes(app, context);
  requestsRoutes(app, context);
  standingsRoutes(app, context, views, ended);
  recordsRoutes(app, context);
  reportsRoutes(app, context);
  liveRoutes(app, context);
  rulesRoutes(app, context);
  decksRoutes(app, context);
  selfServiceRoutes(app, context);
  callsRoutes(app, context);
  announcementsRoutes(app, context);
  entriesRoutes(app, context);
}
