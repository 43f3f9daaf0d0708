// The library entry: what third-party organizers may call without a database.
export type { Result } from './core/result.js';
export { assess } from './core/policy/assess.js';
export { packSchema, parsePack, type Pack } from './core/policy/pack-schema.js';
export type { AssessReport, Decision, AssessError, PenaltyId, Phase, AppliesTo } from './core/policy/assess-types.js';
export {
  computeStandings,
  toStandingsJson,
  type StandingsRow,
  type StandingsJsonRow,
} from './core/tournament/standings/standings.js';
export { finalRanking, type FinalPlace } from './core/tournament/standings/final-ranking.js';
export { loadDefaultPack, loadPackFile } from './adapters/policy/pack-file.js';
export { DEFAULT_DECK_LIMITS, DECK_ZONES, type Deck, type DeckLimits, type DeckZone } from './core/deck/deck.js';
export {
  buildCatalogue,
  mergeCards,
  findCard,
  cardName,
  type Card,
  type CardZone,
  type CardCategory,
  type Catalogue,
  type SkippedCard,
} from './core/deck/catalogue.js';
export { lookupCardName, normalizeName, type NameLookup } from './core/deck/card-names.js';
export { parseCardJsonl, writeCardJsonl } from './core/deck/card-jsonl-format.js';
export { parseYgoprodeckJson } from './core/deck/ygoprodeck-format.js';
export { selectBanlist, listDateFromName, type Banlist, type BanlistChoiceError } from './core/deck/banlist.js';
export { parseLflist, writeLflist } from './core/deck/lflist-format.js';
export { parseBanlistJson, writeBanlistJson } from './core/deck/banlist-json-format.js';
export { parseYdk, writeYdk } from './core/deck/ydk-format.js';
export { parseYdke, writeYdke } from './core/deck/ydke-format.js';
export { parseTextDecklist, writeTextDecklist } from './core/deck/text-decklist-format.js';
export { parseDecklist } from './core/deck/decklist-format.js';
export type { FormatError } from './core/deck/format-error.js';
export {
  validateDeck,
  type DeckFinding,
  type DeckFindingReason,
  type ValidateOptions,
} from './core/deck/validate-deck.js';
export { compareDecks, type DeckComparison, type DeckDifference } from './core/deck/compare-decks.js';
export { printableDecklist, type SheetDetails } from './core/deck/printable-decklist.js';
export { describeFinding, describeDifference } from './core/deck/deck-texts.js';
export { DECK_FINDING_KINDS, type DeckFindingInfractions, type DeckFindingKind } from './core/deck-findings.js';
export { decide } from './core/tournament/decide.js';
export { evolve, fold } from './core/tournament/evolve.js';
export { initialState, type TournamentState, type Tournament } from './core/tournament/state.js';
export type { TournamentCommand, CommandMeta, PenaltyChoice } from './core/tournament/commands.js';
export {
  TOURNAMENT_EVENT_TYPES,
  type TournamentEvent,
  type TournamentSettings,
  type Structure,
  type Actor,
  type Role,
  type Prize,
} from './core/tournament/events.js';
export { DOMAIN_ERROR_CODES, type DomainError, type DomainErrorCode } from './core/tournament/domain-errors.js';
export {
  matchRecords,
  standingsPlayers,
  deriveMatches,
  type DerivedMatch,
  type DuelResult,
} from './core/tournament/match-results.js';
export { finalPlaces, awards, type Award } from './core/tournament/prizes.js';
export { officialRecord, type RecordEntry } from './core/tournament/official-record.js';
export {
  pairSwissRound,
  type SwissPairing,
  type SwissPairingInput,
  type SwissPlayer,
} from './core/tournament/pairing/swiss-pairing.js';
export { penaltyLog, type PenaltyLogEntry, type LandedOn } from './app/penalty-log.js';
export { standingsExport, standingsCsv, penaltiesCsv, type StandingsExportRow } from './app/exports.js';
export { parseCsv, toCsv } from './app/csv.js';
export { parsePlayersCsv, type PlayerCsvRow } from './app/csv-players.js';
export { pairingSeed } from './app/pairing-seed.js';
