// Shapes the server sends as they are come type-only from the server's own code, so that the
// console and the API cannot drift apart (nothing of src/ is bundled).
import type { AppliesTo, Decision, PenaltyId, Phase } from '../../../src/core/policy/assess-types.js';
import type { MatchOutcome, Stage } from '../../../src/core/tournament/match-record.js';
import type { BestOf, StageFormat } from '../../../src/core/tournament/match-format.js';
import type { CutRule } from '../../../src/core/tournament/events.js';
import type { DuelResult } from '../../../src/core/tournament/match-results.js';
import type { SeatView, TableView, PairingsView } from '../../../src/app/projections/pairings-view.js';
import type { StandingsRow } from '../../../src/core/tournament/standings/standings.js';
import type { PlayerStatus } from '../../../src/core/tournament/match-record.js';
import type { FinalPlace } from '../../../src/core/tournament/standings/final-ranking.js';
import type {
  PlayerResult,
  RoundLine,
  PenaltyLine,
  PlayerHistory,
} from '../../../src/app/projections/player-history.js';
import type { LatePlayer } from '../../../src/app/projections/late-players.js';
import type { PenaltyLogEntry } from '../../../src/app/penalty-log.js';
import type { Deck } from '../../../src/core/deck/deck.js';
import type { DeckCheckAnswer } from '../../../src/adapters/http/routes/deck-checks.js';
import type { DifferenceAnswer, FindingAnswer } from '../../../src/adapters/http/tournaments/deck-report.js';
import type { Structure, TournamentSettings } from '../../../src/core/tournament/events.js';
import type { PenaltyOption, PenaltyPreview } from '../../../src/core/tournament/penalty-preview.js';
import type { NextStep } from '../../../src/core/tournament/decide-rounds.js';
import type { RequestView } from '../../../src/adapters/http/routes/requests.js';

export type {
  AppliesTo,
  Decision,
  PenaltyId,
  Phase,
  MatchOutcome,
  Stage,
  BestOf,
  StageFormat,
  CutRule,
  DuelResult,
  SeatView,
  TableView,
  PairingsView,
};
export type { StandingsRow, FinalPlace, PlayerResult, RoundLine, PenaltyLine, PlayerHistory, LatePlayer, RequestView };
export type { Deck, Structure, TournamentSettings, PenaltyOption, PenaltyPreview, DeckCheckAnswer };
export type { FindingAnswer as DeckFinding, DifferenceAnswer as DeckDifference };

/** One entry of GET …/penalties: the tournament's penalty log, cautions and rescinded ones included. */
export type PenaltyView = PenaltyLogEntry;

/*
 * The shapes the console reads from the API. They follow the server's answers (see
 * docs/api.md and GET /api/openapi.json); the console never computes results itself.
 */

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

/** GET /api/tournaments/:t. */
export interface TournamentSummary {
  readonly id: string;
  readonly status: 'open' | 'finished';
  readonly settings: TournamentSettings;
  readonly pack: { readonly id: string; readonly version: string };
  readonly players: number;
  readonly rounds: readonly RoundSummary[];
  /** Swiss phases after the first (day two…); absent from servers before phases. */
  readonly phases?: readonly PhaseSummary[];
  /** Cuts of the Swiss field: after which round, by which rule, how many left. */
  readonly cuts?: readonly { readonly afterRound: number; readonly rule: CutRule; readonly out: number }[];
  /** What pairing does next (absent from older servers): a Swiss round, an elimination round and who enters it, or nothing. */
  readonly next?: NextStep;
  readonly version: number;
}

/** A Swiss phase from round `fromRound` on (day two…). */
export interface PhaseSummary {
  readonly name: string;
  readonly fromRound: number;
  readonly format: StageFormat;
  readonly seatTime: string | null;
}

/** What registration and decklist submission answer besides the write: the list's check (null without a list). */
export interface DecklistCheckAnswer {
  readonly findings?: readonly FindingAnswer[] | null;
}

export interface PlayerView {
  readonly id: string;
  readonly name: string;
  /** フリガナ, where given. */
  readonly reading?: string;
  readonly dropped: boolean;
  /** Dropped on request or which disqualification. */
  readonly status: PlayerStatus;
  /** Staff only. */
  readonly entryRound?: number;
  readonly decklist?: boolean;
  /** The registered list as the deck rules see it: none, legal, or with findings (their count). */
  readonly deck?: { readonly state: 'none' | 'legal' | 'findings'; readonly findings: number };
  readonly dropReason?: string | null;
  /** Staff only: invited into a later phase (day two), with the reason; null otherwise. */
  readonly invitation?: string | null;
}

export interface RoundSummary {
  readonly round: number;
  readonly stage: Stage;
  readonly bestOf: BestOf;
  readonly roundMinutes: number;
  readonly seatTime: string;
  /** False while the pairings are posted and the round waits for "start round". */
  readonly started: boolean;
  readonly ended: boolean;
  readonly tables: number;
  readonly reported: number;
  readonly byes: number;
  /** Paired held: only staff are answered it, until it is published. */
  readonly held?: true;
}

/** GET …/announcements (and a player's page): a staff notice, newest first. */
export interface AnnouncementView {
  readonly id: number;
  readonly text: { readonly ja?: string; readonly en?: string };
  readonly table: number | null;
  readonly at: string;
}

/** GET …/rounds/:r/clock; `late` only for staff. */
export interface RoundClock {
  readonly round: number;
  readonly seatTime: string;
  /** The server's time. */
  readonly now: string;
  readonly roundMinutes: number;
  readonly endsAt: string;
  /** False while the pairings are posted and the round waits for "start round". */
  readonly started: boolean;
  readonly ended: boolean;
  readonly extensions: readonly { readonly table: number; readonly minutes: number }[];
  readonly late?: readonly LatePlayer[];
}
