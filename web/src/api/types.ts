import type { Text } from '../i18n/i18n';

/*
 * The shapes the console reads from the API. They follow the server's answers (see
 * docs/api.md and GET /api/openapi.json); the console never computes results itself.
 */

export type PenaltyId = 'caution' | 'warning' | 'duel-loss' | 'match-loss' | 'disqualification' | 'disqualification-forfeit-prizes';
export type Phase = 'in-duel' | 'between-duels' | 'between-matches';
export type AppliesTo = 'current-duel' | 'next-duel' | 'current-match' | 'next-match';
export type Stage = 'swiss' | 'top-cut';

export type Structure = { readonly kind: 'swiss'; readonly rounds: number; readonly topCut: number } | { readonly kind: 'single-elimination' };

/** One line of GET /api/tournaments. */
export interface TournamentListItem {
  readonly id: string;
  readonly name: string;
  readonly date: string;
  readonly status: 'open' | 'finished';
  readonly players: number;
  readonly rounds: number;
  readonly version: number;
}

export interface TournamentSettings {
  readonly name: string;
  readonly date: string;
  readonly decklistsRequired: boolean;
  readonly roundMinutes: number;
  readonly structure: Structure;
}

/** GET /api/tournaments/:t. */
export interface TournamentSummary {
  readonly id: string;
  readonly status: 'open' | 'finished';
  readonly settings: TournamentSettings;
  readonly pack: { readonly id: string; readonly version: string };
  readonly players: number;
  readonly rounds: readonly RoundSummary[];
  readonly version: number;
}

export interface Deck {
  readonly main: readonly number[];
  readonly extra: readonly number[];
  readonly side: readonly number[];
}

export interface DeckFinding {
  readonly infraction: string;
  readonly reason: string;
  readonly passcode: number | null;
  readonly zone?: string;
  readonly count?: number;
  readonly limit?: number;
  /** The card's name, when the finding is about a card the catalogue knows. */
  readonly name?: Text | null;
  /** The finding in words, both languages. */
  readonly text?: Text;
}

/** What registration and decklist submission answer besides the write: the list's check (null without a list). */
export interface DecklistCheckAnswer {
  readonly findings?: readonly DeckFinding[] | null;
}

export interface PlayerView {
  readonly id: string;
  readonly name: string;
  readonly dropped: boolean;
  /** Staff only. */
  readonly entryRound?: number;
  readonly decklist?: boolean;
  readonly dropReason?: string | null;
}

export interface SeatView {
  readonly id: string;
  readonly name: string;
  readonly seatedAt: string | null;
  readonly duelWins: number;
}

export type MatchOutcome =
  | { readonly kind: 'pending' }
  | { readonly kind: 'win'; readonly winner: string; readonly byPenalty: boolean }
  | { readonly kind: 'draw' }
  | { readonly kind: 'double-loss' }
  | { readonly kind: 'bye' };

export interface DuelResult {
  readonly duel: number;
  readonly winner: string | null;
  readonly byPenalty: readonly number[];
}

export interface TableView {
  readonly table: number | null;
  readonly players: readonly SeatView[];
  readonly outcome: MatchOutcome;
  readonly duels: readonly DuelResult[];
  readonly extensionMinutes: number;
  readonly needsResultAgain: boolean;
  readonly noSideDeckBeforeFirstPlayedDuel: boolean;
  readonly penalties: readonly number[];
}

export interface PairingsView {
  readonly round: number;
  readonly stage: Stage;
  readonly seatTime: string;
  readonly ended: boolean;
  readonly tables: readonly TableView[];
}

export interface RoundSummary {
  readonly round: number;
  readonly stage: Stage;
  readonly seatTime: string;
  readonly ended: boolean;
  readonly tables: number;
  readonly reported: number;
  readonly byes: number;
}

export interface LatePlayer {
  readonly player: string;
  readonly name: string;
  readonly table: number;
  /** Minutes since the seat time, to a tenth. */
  readonly minutesLate: number;
  /** The guideline tardiness penalty for the minutes so far. */
  readonly penalty: PenaltyId;
  /** From the player's second tardiness in the tournament: the count and the step up the judge may choose. */
  readonly repeat: { readonly count: number; readonly upgradeTo: PenaltyId | null } | null;
  readonly issued: readonly { readonly penaltyId: number; readonly penalty: string }[];
}

/** GET …/rounds/:r/clock; `late` only for staff. */
export interface RoundClock {
  readonly round: number;
  readonly seatTime: string;
  /** The server's time. */
  readonly now: string;
  readonly roundMinutes: number;
  readonly endsAt: string;
  readonly ended: boolean;
  readonly extensions: readonly { readonly table: number; readonly minutes: number }[];
  readonly late?: readonly LatePlayer[];
}

export interface Decision {
  readonly infraction: string;
  readonly penalty: PenaltyId;
  readonly recorded: boolean;
  readonly appliesTo: AppliesTo | null;
  readonly appliesToOptions: readonly AppliesTo[];
  readonly repeat: { readonly count: number; readonly upgradeTo: PenaltyId | null } | null;
  readonly additionalPenaltyAllowed: boolean;
  readonly remedy: Text | null;
  readonly section: string;
}

export interface PenaltyAppeal {
  readonly kind: 'changed' | 'rescinded';
  readonly from: PenaltyId;
  readonly to: PenaltyId | null;
  readonly reason: string;
  readonly judge: { readonly id: string; readonly role: string };
  readonly at: string;
}

/** One entry of GET …/penalties: the tournament's penalty log, cautions and rescinded ones included. */
export interface PenaltyView {
  readonly id: number;
  readonly at: string;
  /** The latest paired round when the penalty was issued (0 before round 1). */
  readonly round: number;
  readonly table: number | null;
  readonly player: string;
  readonly name: string;
  readonly infraction: string;
  readonly phase: Phase;
  readonly facts: Readonly<Record<string, number | boolean>>;
  /** The guideline penalty for the report. */
  readonly guideline: PenaltyId;
  readonly issuedAs: PenaltyId;
  /** In force now, after appeals. */
  readonly penalty: PenaltyId;
  readonly status: 'in-force' | 'changed' | 'rescinded';
  readonly recorded: boolean;
  readonly repeatUpgrade: boolean;
  readonly deviationReason: string | null;
  readonly appeals: readonly PenaltyAppeal[];
  readonly statements: readonly string[];
  readonly judge: { readonly id: string; readonly role: string };
}

export interface StandingsRow {
  readonly rank: number | null;
  readonly player: string;
  readonly name: string;
  readonly points: number;
  readonly matchesPlayed: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly byes: number;
  readonly matchWinPct: number;
  readonly opponentsWinPct: number;
  readonly opponentsOpponentsWinPct: number;
  readonly dropped: boolean;
}

export interface FinalPlace {
  readonly place: number;
  readonly player: string;
  readonly name: string;
  readonly swissRank: number;
  readonly topCut: boolean;
  readonly eliminatedInRound: number | null;
}

export type PlayerResult = 'win' | 'loss' | 'draw' | 'double-loss' | 'bye' | 'pending' | 'missed';

export interface RoundLine {
  readonly round: number;
  readonly stage: Stage;
  readonly table: number | null;
  readonly opponent: { readonly id: string; readonly name: string } | null;
  readonly result: PlayerResult;
  readonly duelsWon: number;
  readonly duelsLost: number;
  readonly byPenalty: boolean;
}

export interface PenaltyLine {
  readonly id: number;
  readonly infraction: string;
  readonly penalty: PenaltyId;
  readonly guideline: PenaltyId;
  readonly round: number;
  readonly judge: string;
  readonly at: string;
  readonly deviationReason: string | null;
  readonly rescinded: boolean;
  readonly appeals: readonly PenaltyAppeal[];
}

export interface PlayerHistory {
  readonly id: string;
  readonly name: string;
  readonly entryRound: number;
  readonly dropped: boolean;
  readonly rankWithdrawn: boolean;
  readonly rounds: readonly RoundLine[];
  readonly penalties: readonly PenaltyLine[];
}

export interface DeckDifference {
  readonly zone: 'main' | 'extra' | 'side';
  readonly passcode: number;
  readonly registered: number;
  readonly presented: number;
  /** The card's name, when the server sends it. */
  readonly name?: Text | string | null;
  readonly text?: Text;
}

/** POST …/deck-checks. */
export interface DeckCheckAnswer {
  readonly player: { readonly id: string; readonly name: string };
  /** Whether the player has a registered decklist to compare with. */
  readonly registered: boolean;
  readonly findings: readonly DeckFinding[];
  readonly differences: readonly DeckDifference[];
  readonly proposedInfractions: readonly string[];
}
