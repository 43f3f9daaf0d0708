import type { DeckRules } from '../deck/deck-rules.js';
import type { Deck } from '../deck/deck.js';
import type { AppliesTo, AssessReport, PenaltyId } from '../policy/assess-types.js';
import type { Result } from '../result.js';
import type { BestOf } from './match-format.js';
import type { DomainError } from './domain-errors.js';
import type {
  Actor,
  DecklistPublication,
  DuelEntry,
  EntryMode,
  EventDraft,
  Prize,
  RecordedPack,
  StaffRequest,
  TournamentEvent,
  TournamentSettings,
} from './events.js';

/*
 * What people ask of a tournament. `decide` turns a command into events or a domain error;
 * the time, the acting user and any random seed come in `meta`, so `decide` stays pure.
 */

export interface CommandMeta {
  /** ISO-8601 time of the command. */
  readonly at: string;
  readonly actor: Actor;
  /** Random seed for pairings; the application supplies one. */
  readonly seed?: number;
  /** A random salt the application supplies with a lottery's seed when entry opens (lottery-commitment.ts). */
  readonly nonce?: string;
}

type Command<T extends string, D> = { readonly type: T; readonly data: D; readonly meta: CommandMeta };

/** The judge keeps the guideline penalty, or names another (with a reason unless it is the offered repeat upgrade). */
/** The reason is kept with the record: required for a deviation, optional for the repeat upgrade. */
export type PenaltyChoice =
  | { readonly kind: 'guideline' }
  | { readonly kind: 'other'; readonly penalty: PenaltyId; readonly reason?: string };

export type CreateTournament = Command<
  'CreateTournament',
  { readonly tournamentId: string; readonly settings: TournamentSettings; readonly pack: RecordedPack }
>;
/** Until round 1 is paired; `reason` is required (who changed it is the actor). */
export type ChangeDeckRules = Command<'ChangeDeckRules', { readonly deckRules: DeckRules; readonly reason: string }>;
/** `invitation`: into the phase just started, before its first round is paired, with byes for the rounds before it. */
export type RegisterPlayer = Command<
  'RegisterPlayer',
  {
    readonly player: {
      readonly id: string;
      readonly name: string;
      readonly reading?: string;
      readonly decklist?: Deck;
    };
    readonly invitation?: { readonly reason: string };
    /** The player's answer to being filmed on stream; absent: not asked (counts as no). */
    readonly filming?: boolean;
  }
>;
/** After an ended Swiss round, with Swiss rounds left: the next rounds form a phase; format and length default to the Swiss stage's. */
export type StartPhase = Command<
  'StartPhase',
  { readonly name: string; readonly bestOf?: BestOf; readonly roundMinutes?: number; readonly seatTime?: string }
>;
/**
 * Staff until round 1 is paired; the player themselves until the decklist deadline. `findings`:
 * how many findings the deck rules have in the list (the adapter checks it; the core has no
 * card data); a player sends a list with findings only with `confirmed`.
 */
export type SubmitDecklist = Command<
  'SubmitDecklist',
  { readonly player: string; readonly decklist: Deck; readonly findings?: number; readonly confirmed?: boolean }
>;
/** Once the player has played: the head judge registers the corrected list, with the reason. */
export type CorrectDecklist = Command<
  'CorrectDecklist',
  { readonly player: string; readonly decklist: Deck; readonly reason: string }
>;
/** A name or reading (フリガナ) set right after registration; `reading: null` takes the reading away. */
export type ChangePlayerDetails = Command<
  'ChangePlayerDetails',
  { readonly player: string; readonly name?: string; readonly reading?: string | null }
>;
export type DropPlayer = Command<'DropPlayer', { readonly player: string; readonly reason?: string }>;
/** `round` is the number the caller expects to pair, so a double click cannot pair twice; `seatTime` defaults to the time of pairing. */
export type PairRound = Command<
  'PairRound',
  {
    readonly round: number;
    readonly seatTime?: string;
    /** Post the pairings now and start the round later with StartRound; `seatTime` is then the seat time announced. */
    readonly startLater?: boolean;
    /** Staff only see the pairings (and may fix them) until PublishRound shows them to the players. */
    readonly hold?: boolean;
    /** Round 1: the players whose registered list the deck checker found problems in. */
    readonly decklistFindings?: readonly string[];
    /** Round 1: the organizer goes on despite missing or illegal lists, for this reason. */
    readonly acceptDecklists?: { readonly reason: string };
  }
>;
/** Starts a round paired with `startLater`: tardiness counts from `seatTime` (default: now, or the seat time announced if later). */
export type StartRound = Command<'StartRound', { readonly round: number; readonly seatTime?: string }>;
/** Marks seated everyone of the round not yet seated, except the players named. */
export type MarkAllSeated = Command<'MarkAllSeated', { readonly round: number; readonly except?: readonly string[] }>;
export type MarkSeated = Command<
  'MarkSeated',
  { readonly round: number; readonly table: number; readonly player: string }
>;
export type ExtendTime = Command<
  'ExtendTime',
  { readonly round: number; readonly table: number; readonly minutes: number; readonly reason?: string }
>;
/** `duels`: the duels played, in order, leaving out those already decided by penalty. */
export type ReportResult = Command<
  'ReportResult',
  { readonly round: number; readonly table: number; readonly duels: readonly DuelEntry[] }
>;
export type CorrectResult = Command<
  'CorrectResult',
  { readonly round: number; readonly table: number; readonly duels: readonly DuelEntry[]; readonly reason: string }
>;
export type EndRound = Command<'EndRound', { readonly round: number }>;
/**
 * Shows a held round to the players. Unless it was paired to start later, the round starts too:
 * `seatTime` if given, else the one named at pairing, else now.
 */
export type PublishRound = Command<'PublishRound', { readonly round: number; readonly seatTime?: string }>;
/** Before a held Swiss round is published: two of its players change places (tables, seats, or the bye). */
export type FixPairing = Command<'FixPairing', { readonly round: number; readonly swap: readonly [string, string] }>;
/** A short notice from staff, in Japanese and/or English, to everyone or to one table of the round players see. */
export type Announce = Command<
  'Announce',
  { readonly text: { readonly ja?: string; readonly en?: string }; readonly table?: number }
>;
/** After the ended Swiss round `afterRound`: give exactly one of `maxLosses` (by record) and `top` (by rank). */
export type CutSwiss = Command<
  'CutSwiss',
  { readonly afterRound: number; readonly maxLosses?: number; readonly top?: number }
>;
export type IssuePenalty = Command<
  'IssuePenalty',
  {
    readonly player: string;
    /** The domain fills `previous` from the player's history here. */
    readonly report: Omit<AssessReport, 'previous'>;
    /** The player's match; by default the unreported match of the latest round. */
    readonly round?: number;
    readonly table?: number;
    readonly choice: PenaltyChoice;
    readonly appliesTo?: AppliesTo;
    /** Which duel of the current match a duel loss takes (1 for the first). */
    readonly duel?: number;
    readonly statements?: readonly string[];
    /** Rules 7 and 10: one further penalty because the infraction affected the match result, with the judge's reason. */
    readonly additional?: { readonly penalty: PenaltyId; readonly reason: string };
    /** The judge confirms recording a loss for "the next match" when the player has none left: no result effect. */
    readonly withoutEffect?: boolean;
    /** What happened, in the judge's words; staff only. */
    readonly notes?: string;
    /**
     * The guideline the judge saw when the console decided it offline (its penalty, and the
     * repeat count or null the first time). Decided again here: a different guideline refuses
     * the penalty (`guideline-changed`) instead of issuing what the judge did not see.
     */
    readonly expectedGuideline?: { readonly penalty: PenaltyId; readonly repeat: number | null };
  }
>;
export type RescindPenalty = Command<'RescindPenalty', { readonly penaltyId: number; readonly reason: string }>;
/** An appeal heard and denied: the penalty stands as it is, and the record says the appeal was made and why it failed. */
export type DenyAppeal = Command<'DenyAppeal', { readonly penaltyId: number; readonly reason: string }>;
export type ChangePenalty = Command<
  'ChangePenalty',
  {
    readonly penaltyId: number;
    readonly penalty: PenaltyId;
    readonly reason: string;
    readonly appliesTo?: AppliesTo;
    readonly duel?: number;
    readonly statements?: readonly string[];
    /** Confirms recording a loss for the next match when the player has none left (no result effect), as when issuing. */
    readonly withoutEffect?: boolean;
  }
>;
/** A floor judge asks the head judge for what needs their authority; `notes`: what happened, in the judge's words. */
export type SubmitRequest = Command<'SubmitRequest', { readonly request: StaffRequest; readonly notes?: string }>;
/** The head judge approves the request as sent, changes the penalty (with a reason), or refuses it (with a reason). */
export type DecideRequest = Command<
  'DecideRequest',
  {
    readonly requestId: number;
    readonly outcome: 'approved' | 'changed' | 'refused';
    readonly penalty?: PenaltyId;
    readonly reason?: string;
  }
>;
/** The organizer turns players' own result reports on or off; `confirmMinutes` defaults to the one set before (10 at first). */
export type SetPlayerReporting = Command<
  'SetPlayerReporting',
  { readonly enabled: boolean; readonly confirmMinutes?: number }
>;
/** The organizer shows players the reason for their own Swiss pairing on their page, or stops (off by default). */
export type SetPlayerPairingReasons = Command<'SetPlayerPairingReasons', { readonly shown: boolean }>;
/** Whether a player's own check-in needs the venue code (staff check players in without it). */
export type SetCheckInVenueCode = Command<'SetCheckInVenueCode', { readonly required: boolean }>;
/** The entry fee the organizer takes (参加費): whole units of `currency` (default JPY); 0 takes the fee away. */
export type SetEntryFee = Command<'SetEntryFee', { readonly amount: number; readonly currency?: string }>;
/** Before round 1, a player withdraws themselves (辞退) from their page: a drop, and the waiting list moves up. */
export type WithdrawEntry = Command<'WithdrawEntry', { readonly player: string }>;
/** Staff mark a player's entry fee paid at check-in, or undo the mark (`paid: false`). */
export type RecordFeePayment = Command<'RecordFeePayment', { readonly player: string; readonly paid: boolean }>;
/** A player's report of their own match (the record code authenticated them); equal to the opponent's report, it is the result. */
export type PlayerReportResult = Command<
  'PlayerReportResult',
  { readonly round: number; readonly table: number; readonly player: string; readonly duels: readonly DuelEntry[] }
>;
/** Before round 1: the player is here (sent by the player or by staff). */
export type CheckInPlayer = Command<'CheckInPlayer', { readonly player: string }>;
/** Before round 1: drop everyone not checked in; `count` is how many the organizer confirmed (refused if it changed). */
export type DropNoShows = Command<'DropNoShows', { readonly count: number }>;
/**
 * Calls a judge to a table of a running round: a player for their own table (`player` is their
 * id), or staff. While the table's call is open, calling again answers that call.
 */
export type OpenCall = Command<
  'OpenCall',
  { readonly round: number; readonly table: number; readonly player?: string; readonly note?: string }
>;
export type ClaimCall = Command<'ClaimCall', { readonly callId: number }>;
/** The judge holding the call passes it to the head judge, with their words. */
export type EscalateCall = Command<'EscalateCall', { readonly callId: number; readonly note?: string }>;
/**
 * By the judge holding the call, or the head judge: the ruling in words, the penalties issued
 * for it, and the minutes the table gets (the proposal is the claim-to-resolve time, rounded up).
 */
export type ResolveCall = Command<
  'ResolveCall',
  {
    readonly callId: number;
    readonly ruling?: string;
    readonly penaltyIds?: readonly number[];
    readonly extensionMinutes?: number;
  }
>;
/** The organizer's rule: the shortest call, claim to resolve, that earns a proposed extension. */
export type SetCallRules = Command<'SetCallRules', { readonly minimumMinutes: number }>;
/** The organizer opens public entry (again, once closed), before round 1 is paired. */
export type OpenEntry = Command<
  'OpenEntry',
  { readonly cap: number; readonly closesAt: string; readonly mode: EntryMode }
>;
/** Closes public entry; for a lottery, draws it with `seed` (default: the command's seed). */
export type CloseEntry = Command<'CloseEntry', { readonly seed?: number }>;
/** A player enters from the public page (or staff for them); the core gives the player id. */
/** `filming`: the entrant's answer to being filmed on stream; absent: not asked (counts as no). */
export type Enter = Command<
  'Enter',
  { readonly name: string; readonly reading: string; readonly cardGameId?: string; readonly filming?: boolean }
>;
/** Until when players send their own decklists; `null`: until round 1 is paired (the default). */
export type SetDecklistDeadline = Command<'SetDecklistDeadline', { readonly until: string | null }>;
/** Which decklists are published after the event; fixed once public entry has opened. */
export type SetDecklistPublication = Command<'SetDecklistPublication', { readonly scope: DecklistPublication }>;
/** Staff record a player's answer to being filmed (at the desk, at check-in); a "no" takes their feature table off. */
export type SetFilmingConsent = Command<'SetFilmingConsent', { readonly player: string; readonly consent: boolean }>;
/** The round's feature tables (the whole list; empty takes them off): refused for a table with a player who did not say yes. */
export type MarkFeatureTables = Command<
  'MarkFeatureTables',
  { readonly round: number; readonly tables: readonly number[] }
>;
export type FinishTournament = Command<'FinishTournament', Record<string, never>>;
export type SetPrizeList = Command<'SetPrizeList', { readonly prizes: readonly Prize[] }>;
export type AwardPrize = Command<'AwardPrize', { readonly prize: string }>;

export type TournamentCommand =
  | CreateTournament
  | ChangeDeckRules
  | RegisterPlayer
  | SubmitDecklist
  | CorrectDecklist
  | DropPlayer
  | ChangePlayerDetails
  | PairRound
  | MarkSeated
  | StartRound
  | MarkAllSeated
  | ExtendTime
  | ReportResult
  | CorrectResult
  | EndRound
  | PublishRound
  | FixPairing
  | Announce
  | CutSwiss
  | StartPhase
  | IssuePenalty
  | RescindPenalty
  | DenyAppeal
  | ChangePenalty
  | SubmitRequest
  | DecideRequest
  | FinishTournament
  | SetPrizeList
  | AwardPrize
  | SetPlayerReporting
  | SetPlayerPairingReasons
  | SetCheckInVenueCode
  | SetEntryFee
  | RecordFeePayment
  | WithdrawEntry
  | PlayerReportResult
  | CheckInPlayer
  | DropNoShows
  | OpenCall
  | ClaimCall
  | EscalateCall
  | ResolveCall
  | SetCallRules
  | OpenEntry
  | CloseEntry
  | Enter
  | SetDecklistDeadline
  | SetDecklistPublication
  | SetFilmingConsent
  | MarkFeatureTables;

export type TournamentCommandType = TournamentCommand['type'];

/** What `decide` answers: the events to append, or why the command is refused. */
export type Decided = Result<TournamentEvent[], DomainError>;

/** What each decider answers: event drafts, which `decide` stamps with the command's time. */
export type Drafted = Result<EventDraft[], DomainError>;
