/*
 * Every write route of the API (as the OpenAPI document names it) and the CLI command that
 * does the same at the desk, or why the route is HTTP-only. One line per route, in the
 * document's order of areas; write-routes-cli.test.ts fails on a route missing here.
 */

export type Counterpart = { readonly cli: string } | { readonly httpOnly: string };

const SESSION = 'a session of the console or an API client; the CLI opens the database itself and signs nobody in';
const PLAYER_OWN = "a player's own page, with their slip's code; staff do it at the desk with";

export const WRITE_ROUTES: Readonly<Record<string, Counterpart>> = {
  'POST /api/auth/login': { httpOnly: SESSION },
  'POST /api/auth/logout': { httpOnly: SESSION },
  'POST /api/auth/password': { httpOnly: `${SESSION} (account reset-password sets a one-time password)` },
  'POST /api/auth/tokens': { httpOnly: 'API tokens are for programs calling the API; the CLI needs none' },
  'DELETE /api/auth/tokens/{tokenId}': { httpOnly: 'API tokens are for programs calling the API; the CLI needs none' },
  'POST /api/accounts': { cli: 'account create' },
  'PATCH /api/accounts/{accountId}': { cli: 'account roles' },
  'POST /api/accounts/{accountId}/password-reset': { cli: 'account reset-password' },
  'POST /api/assess': { cli: 'assess' },
  'POST /api/decks/check': { cli: 'deck check' },
  'POST /api/decks/convert': { cli: 'deck convert' },
  'POST /api/card-databases': { cli: 'cards import' },
  'POST /api/webhooks': { cli: 'webhook add' },
  'DELETE /api/webhooks/{webhookId}': { cli: 'webhook remove' },
  'POST /api/webhooks/{webhookId}/test': {
    httpOnly:
      "a test delivery leaves from the running server's sender; the CLI runs none (webhook deliveries shows what was sent)",
  },
  'POST /api/series': { cli: 'series create' },
  'POST /api/series/{seriesId}/tournaments': { cli: 'series add' },
  'DELETE /api/series/{seriesId}/tournaments/{tournament}': { cli: 'series remove' },
  'POST /api/series/{seriesId}/adjustments': { cli: 'series adjust' },
  'POST /api/series/{seriesId}/invitations': { cli: 'series invite' },
  'POST /api/player-links': { cli: 'series link' },
  'POST /api/player-links/{player}/unlink': { cli: 'series unlink' },
  'POST /api/tournaments': { cli: 'tournament create' },
  'POST /api/tournaments/{tournamentId}/finish': { cli: 'tournament finish' },
  'PUT /api/tournaments/{tournamentId}/deck-rules': { cli: 'tournament deck-rules' },
  'PUT /api/tournaments/{tournamentId}/prizes': { cli: 'prize add' },
  'POST /api/tournaments/{tournamentId}/prizes/{prizeId}/award': { cli: 'prize award' },
  'PUT /api/tournaments/{tournamentId}/player-reporting': { cli: 'tournament player-reports' },
  'PUT /api/tournaments/{tournamentId}/player-pairing-reasons': { cli: 'tournament player-pairing-reasons' },
  'PUT /api/tournaments/{tournamentId}/check-in-venue-code': { cli: 'tournament check-in-venue-code' },
  'POST /api/tournaments/{tournamentId}/players': { cli: 'player add' },
  'POST /api/tournaments/{tournamentId}/players/import/preview': { cli: 'player import' },
  'POST /api/tournaments/{tournamentId}/players/import': { cli: 'player import' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/details': { cli: 'player edit' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/drop': { cli: 'player drop' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/check-in': { cli: 'player check-in' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/withdraw': { httpOnly: `${PLAYER_OWN} player drop` },
  'PUT /api/tournaments/{tournamentId}/entry-fee': { cli: 'tournament entry-fee' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/fee-payment': { cli: 'player fee-paid' },
  'PUT /api/tournaments/{tournamentId}/players/{playerId}/filming': { cli: 'player filming' },
  'PUT /api/tournaments/{tournamentId}/rounds/{round}/features': { cli: 'round feature' },
  'POST /api/tournaments/{tournamentId}/no-shows/drop': { cli: 'player drop-no-shows' },
  'PUT /api/tournaments/{tournamentId}/players/{playerId}/decklist': { cli: 'decklist submit' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/decklist-correction': { cli: 'decklist correct' },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/decklist/preview': {
    httpOnly: `${PLAYER_OWN} decklist submit, which prints the findings`,
  },
  'PUT /api/tournaments/{tournamentId}/players/{playerId}/decklist/submission': {
    httpOnly: `${PLAYER_OWN} decklist submit`,
  },
  'POST /api/tournaments/{tournamentId}/players/{playerId}/result': { httpOnly: `${PLAYER_OWN} result report` },
  'PUT /api/tournaments/{tournamentId}/entry': { cli: 'entry open' },
  'POST /api/tournaments/{tournamentId}/entry/close': { cli: 'entry close' },
  'POST /api/tournaments/{tournamentId}/entries': { cli: 'entry add' },
  'PUT /api/tournaments/{tournamentId}/decklist-deadline': { cli: 'decklist deadline' },
  'PUT /api/tournaments/{tournamentId}/decklist-publication': { cli: 'decklist publish' },
  'POST /api/tournaments/{tournamentId}/deck-checks': { cli: 'decklist check' },
  'POST /api/tournaments/{tournamentId}/rounds': { cli: 'round pair' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/end': { cli: 'round end' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/cut': { cli: 'round cut' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/start': { cli: 'round start' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/publish': { cli: 'round publish' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/swap': { cli: 'round swap' },
  'POST /api/tournaments/{tournamentId}/phases': { cli: 'phase start' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/seated': { cli: 'round seat' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/seated': { cli: 'round seat' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/extensions': { cli: 'round extend' },
  // The late list (round late) prints the penalty issue command with the delay it read off the clock.
  'POST /api/tournaments/{tournamentId}/rounds/{round}/late/{playerId}/confirm': { cli: 'penalty issue' },
  'POST /api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/result': { cli: 'result report' },
  'PUT /api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/result': { cli: 'result correct' },
  'POST /api/tournaments/{tournamentId}/announcements': { cli: 'announce' },
  'POST /api/tournaments/{tournamentId}/calls': { cli: 'call open' },
  'PUT /api/tournaments/{tournamentId}/calls/rules': { cli: 'call rules' },
  'POST /api/tournaments/{tournamentId}/calls/{callId}/claim': { cli: 'call claim' },
  'POST /api/tournaments/{tournamentId}/calls/{callId}/escalate': { cli: 'call escalate' },
  'POST /api/tournaments/{tournamentId}/calls/{callId}/resolve': { cli: 'call resolve' },
  'POST /api/tournaments/{tournamentId}/penalties/assess': { cli: 'assess' },
  'POST /api/tournaments/{tournamentId}/penalties': { cli: 'penalty issue' },
  'POST /api/tournaments/{tournamentId}/penalties/{penaltyId}/appeal': { cli: 'penalty appeal' },
  'POST /api/tournaments/{tournamentId}/requests': {
    httpOnly:
      "a floor judge's phone asking the head judge's; the desk acts as head judge and does it itself (penalty issue, result correct)",
  },
  'POST /api/tournaments/{tournamentId}/requests/{requestId}/decision': {
    httpOnly: "the head judge's answer to a floor judge's phone; the desk acts as head judge and does it itself",
  },
};
