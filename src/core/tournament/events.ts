import type { DeckRules } from '../deck/deck-rules.js';
import type { Deck } from '../deck/deck.js';
import type { AssessReport, Decision, PenaltyId } from '../policy/assess-types.js';
import type { Pack } from '../policy/pack-schema.js';
import type { CorrectResult, IssuePenalty } from './commands.js';
import type { BestOf, StageFormat } from './match-format.js';
import type { Stage } from './match-record.js';

/*
 * Everything that ever happens to a tournament, as typed records. The state is their fold;
 * the log keeps them for good, so a record says who did what, when and under which rules.
 * Every field is plain JSON so a replay from any store rebuilds the same state.
 */

// The top-cut sizes are bounds, kept with the others in limits.ts.
export { TOP_CUT_SIZES, type TopCutSize } from './limits.js';

/**
 * Swiss rounds then an optional single-elimination cut, or single elimination from the start.
 * `topCut` is one of TOP_CUT_SIZES, or any size up to 256 with `topCutByes` (the organizer asked
 * that the top seeds fill the bracket with first-round byes).
 */
export type Structure =
  | { readonly kind: 'swiss'; readonly rounds: number; readonly topCut: number; readonly topCutByes?: boolean }
  | { readonly kind: 'single-elimination' };

export interface TournamentSettings {
  readonly name: string;
  /** YYYY-MM-DD: the day banlist and card legality are judged by. */
  readonly date: string;
  readonly decklistsRequired: boolean;
  /** The round length of a stage the `stages` leave out. */
  readonly roundMinutes: number;
  readonly structure: Structure;
  /**
   * Match format and round length per stage (`swiss`, `top-cut`, which is also single
   * elimination from the start). Missing in logs from before it was recorded, or for a stage
   * left out: best of 3 in `roundMinutes`.
   */
  readonly stages?: Partial<Record<Stage, StageFormat>>;
  /**
   * The card pool and F/L list decks are checked with, fixed at creation (later: DeckRulesChanged).
   * Missing in logs from before it was recorded: such a tournament checks with the shipped
   * database and the shipped list in force on its date.
   */
  readonly deckRules?: DeckRules;
  /**
   * The IANA time zone the event runs in (Asia/Tokyo): the console shows and prints times in
   * it and exports state it. Missing in older logs: the device's own zone on screen, UTC in files.
   */
  readonly timeZone?: string;
}

/** The whole policy pack, so a record always says under which rules it was made. */
export interface RecordedPack {
  readonly id: string;
  readonly version: string;
  readonly content: Pack;
}

export const ROLES = ['organizer', 'head-judge', 'judge', 'scorekeeper'] as const;
export type Role = (typeof ROLES)[number];

/** A player acting for themselves (authenticated by the record code on their slip), never an account's role. */
export const PLAYER_ROLE = 'player';
export type ActorRole = Role | typeof PLAYER_ROLE;

export interface Actor {
  readonly id: string;
  readonly role: ActorRole;
}

/** A player id is the card game ID the player registers with. */
export interface PlayerEntry {
  readonly id: string;
  readonly name: string;
  /** How the name is read, in kana (フリガナ); absent in older logs and when not given. */
  readonly reading?: string;
  /** The KONAMI Card Game ID (10 digits) a player gave when entering from the public page; absent otherwise. */
  readonly cardGameId?: string;
  readonly decklist: Deck | null;
}

export interface PairedMatch {
  readonly table: number;
  readonly players: readonly [string, string];
}

/** One position of an elimination round, in bracket order: winners of slots 2i and 2i+1 meet next. */
export type BracketSlot =
  | { readonly kind: 'match'; readonly table: number }
  | { readonly kind: 'bye'; readonly player: string }
  /** Nobody advanced into this position (a double loss or drops upstream). */
  | { readonly kind: 'empty' };

/** A duel's winner, or a drawn duel. */
export type DuelEntry = string;
export const DRAW = 'draw';

/** Where a duel loss or match loss takes effect; decided when the penalty is issued or changed. */
export type Landing =
  | { readonly kind: 'none' }
  | { readonly kind: 'duel'; readonly round: number; readonly table: number; readonly duel: number }
  | { readonly kind: 'match'; readonly round: number; readonly table: number }
  /**
   * The player's first match against an opponent in round `fromRound` or later, once paired
   * (a duel loss then takes the first duel this player has not already lost by penalty).
   */
  | { readonly kind: 'next-match'; readonly fromRound: number };

/** The player's match when the penalty was issued, so an appeal lands a changed penalty in the same place. */
export interface PenaltyContext {
  /** The latest paired round (0 before round 1). */
  readonly round: number;
  /** The match the player was playing, for in-duel and between-duels reports and for disqualifications. */
  readonly currentMatch: { readonly round: number; readonly table: number } | null;
  /** Where "the next match" starts when the report was between matches. */
  readonly nextFromRound: number;
}

export type PrizeRule =
  | { readonly kind: 'rank'; readonly from: number; readonly to: number }
  /** Every player who played the round (a bye counts), or only those who won it. */
  | { readonly kind: 'round'; readonly round: number; readonly who: 'played' | 'won' };

export interface Prize {
  readonly id: string;
  readonly name: string;
  readonly rule: PrizeRule;
}

/** An event: its type, its data, and when it happened (the time its command carried, kept on the log's envelope). */
type Event<T extends string, D> = { readonly type: T; readonly data: D; readonly at: string };

export type TournamentCreated = Event<
  'TournamentCreated',
  { readonly tournamentId: string; readonly settings: TournamentSettings; readonly pack: RecordedPack }
>;
/** `entryRound` 2 for a late entry: round 1 counts as a match loss. */
/** The organizer changed the card pool or F/L list before round 1 was paired; who did it is the event's actor. */
export type DeckRulesChanged = Event<'DeckRulesChanged', { readonly deckRules: DeckRules; readonly reason: string }>;
/** `invitation`: advanced into a later phase (day two) with byes for the rounds before it, and why. */
export type PlayerRegistered = Event<
  'PlayerRegistered',
  {
    readonly player: PlayerEntry;
    readonly entryRound: number;
    readonly invitation?: { readonly reason: string };
    /** Moved up from the waiting list of the public entry, after someone withdrew. */
    readonly fromWaitingList?: true;
  }
>;
/**
 * A new Swiss phase (day two) from round `fromRound`: its own name, match format and round
 * length, and the seat time of its first round. Standings carry over.
 */
export type PhaseStarted = Event<
  'PhaseStarted',
  { readonly name: string; readonly fromRound: number; readonly format: StageFormat; readonly seatTime: string | null }
>;
/**
 * `receipt`: the short hash of the canonical list (absent in older logs: computed from the list).
 * `byPlayer`: sent by the player from their page; `findings`: how many findings the deck rules
 * had when the player confirmed sending it anyway (staff see such lists flagged).
 */
export type DecklistSubmitted = Event<
  'DecklistSubmitted',
  {
    readonly player: string;
    readonly decklist: Deck;
    readonly receipt?: string;
    readonly byPlayer?: true;
    readonly findings?: number;
  }
>;
/**
 * After the player's first round was paired: the registered list replaced by the corrected one
 * (a list that broke the deck rules and was paired anyway), by the head judge, with the reason.
 * Deck checks from now on compare with it.
 */
export type DecklistCorrected = Event<
  'DecklistCorrected',
  {
    readonly player: string;
    readonly decklist: Deck;
    readonly reason: string;
    /** The rounds paired when it was corrected. */
    readonly afterRound: number;
    readonly by: Actor;
  }
>;
/** The name or reading as corrected (only what changed); `reading: null`: the reading was taken away. */
export type PlayerDetailsChanged = Event<
  'PlayerDetailsChanged',
  { readonly player: string; readonly name?: string; readonly reading?: string | null }
>;
/** `noShow`: dropped by the organizer's "drop everyone not checked in" before round 1. */
export type PlayerDropped = Event<
  'PlayerDropped',
  {
    readonly player: string;
    readonly afterRound: number;
    readonly reason: string | null;
    readonly noShow?: true;
    /** The player withdrew themselves (辞退) from their page before round 1. */
    readonly withdrawn?: true;
  }
>;
export type RoundPaired = Event<
  'RoundPaired',
  {
    readonly round: number;
    readonly stage: Stage;
    /**
     * ISO time the players must be seated (tardiness counts from it); `null`: the time of pairing.
     * With `startsLater`, the seat time announced: the round starts with RoundStarted.
     */
    readonly seatTime: string | null;
    readonly seed: number | null;
    readonly matches: readonly PairedMatch[];
    readonly byes: readonly string[];
    /** Elimination rounds only. */
    readonly bracket: readonly BracketSlot[] | null;
    /** The round's match format, fixed at pairing; missing in older logs: the stage's format from the settings. */
    readonly bestOf?: BestOf;
    readonly roundMinutes?: number;
    /** Posted before the round starts: the seat time comes with RoundStarted (absent in older logs: started at pairing). */
    readonly startsLater?: true;
    /** Staff only until RoundPublished (absent in older logs and for rounds posted at once). */
    readonly held?: true;
  }
>;
/** A held round shown to the players (a RoundStarted follows unless the round was paired to start later). */
export type RoundPublished = Event<'RoundPublished', { readonly round: number }>;
/** Two players of a held Swiss round changed places before it was published. */
export type PairingFixed = Event<'PairingFixed', { readonly round: number; readonly swap: readonly [string, string] }>;
/** A staff notice; `round` and `table` name one table (of the round players saw then), both null for everyone. */
export type Announced = Event<
  'Announced',
  {
    /** 1, 2, 3… in the order posted in this tournament. */
    readonly id: number;
    readonly text: { readonly ja?: string; readonly en?: string };
    readonly round: number | null;
    readonly table: number | null;
    readonly by: Actor;
  }
>;
export type RoundStarted = Event<'RoundStarted', { readonly round: number; readonly seatTime: string }>;
/** The organizer paired round 1 despite these missing and illegal decklists, for this reason. */
export type DecklistIssuesAccepted = Event<
  'DecklistIssuesAccepted',
  {
    readonly round: number;
    readonly missing: readonly string[];
    readonly illegal: readonly string[];
    readonly reason: string;
    readonly by: Actor;
  }
>;
/**
 * `rollCall`: marked by the judges' "everyone but these" (MarkAllSeated): the player was there
 * when the judges looked, which says when the mark was made, not when the player sat down.
 */
export type PlayerSeated = Event<
  'PlayerSeated',
  { readonly round: number; readonly table: number; readonly player: string; readonly rollCall?: true }
>;
export type TimeExtended = Event<
  'TimeExtended',
  { readonly round: number; readonly table: number; readonly minutes: number; readonly reason: string | null }
>;
/**
 * `duels`: the duels played, in order, after those decided by penalty. `penaltyDuels`: the
 * penalties whose duel losses the report was made around; if that set changes on appeal,
 * the report no longer fits and the match needs its result again.
 */
export type ResultReported = Event<
  'ResultReported',
  {
    readonly round: number;
    readonly table: number;
    readonly duels: readonly DuelEntry[];
    readonly penaltyDuels: readonly number[];
    /** Reported by the players from their phones: who reported and who confirmed (absent: entered by staff). */
    readonly byPlayers?: { readonly reportedBy: string; readonly confirmedBy: string };
  }
>;
export type ResultCorrected = Event<
  'ResultCorrected',
  {
    readonly round: number;
    readonly table: number;
    readonly duels: readonly DuelEntry[];
    readonly penaltyDuels: readonly number[];
    readonly reason: string;
  }
>;
export type RoundEnded = Event<'RoundEnded', { readonly round: number }>;
/** How an organizer cuts the Swiss field after a round: by record (more losses than `maxLosses` leave) or by rank (all below the top `top` leave). */
export type CutRule =
  | { readonly kind: 'max-losses'; readonly maxLosses: number }
  | { readonly kind: 'top'; readonly top: number };
/**
 * Players who leave the Swiss after round `afterRound` by the cut `rule`, as the standings
 * stood then: a fact, so later corrections or appeals do not bring anyone back or send anyone
 * home. They rank below everyone still in and keep that place for prizes.
 */
export type SwissCut = Event<
  'SwissCut',
  { readonly afterRound: number; readonly rule: CutRule; readonly out: readonly string[] }
>;
export type PenaltyIssued = Event<
  'PenaltyIssued',
  {
    /** 1, 2, 3… in the order issued in this tournament. */
    readonly penaltyId: number;
    readonly player: string;
    /** The report as assessed: `previous` and `matchAlreadyLost` filled from the tournament. */
    readonly report: AssessReport;
    readonly guideline: Decision;
    readonly penalty: PenaltyId;
    /** The offered repeat upgrade (spec 2-B) was chosen: not a deviation. */
    readonly repeatUpgrade: boolean;
    /** Present when the final penalty differs from the guideline (spec 2-A). */
    readonly deviationReason: string | null;
    readonly context: PenaltyContext;
    readonly landing: Landing;
    readonly statements: readonly string[];
    readonly judge: Actor;
    /** The judge's written reason where it is not a deviation: a repeat upgrade, a penalty added to the guideline one. */
    readonly reason?: string;
    /** Rules 7 and 10: this penalty was added, because the result was affected, to penalty `addedTo` of the same report. */
    readonly addedTo?: number;
    /** Confirmed by the judge: a loss for the next match recorded although the player has no match left (no result effect). */
    readonly noMatchLeft?: true;
    /** What happened, in the judge's words (staff only; absent when none was written). */
    readonly notes?: string;
  }
>;
export type PenaltyChanged = Event<
  'PenaltyChanged',
  {
    readonly penaltyId: number;
    readonly penalty: PenaltyId;
    readonly landing: Landing;
    readonly reason: string;
    readonly statements: readonly string[];
    readonly judge: Actor;
    /** The changed penalty is a loss for the next match and the player has none left: confirmed, no result effect. */
    readonly noMatchLeft?: true;
  }
>;
/**
 * The same lateness reported again once the guideline gives a heavier penalty: it replaces the
 * penalty issued for it (same id, same match), so the record keeps one penalty per lateness.
 */
export type TardinessRaised = Event<
  'TardinessRaised',
  {
    readonly penaltyId: number;
    readonly report: AssessReport;
    readonly guideline: Decision;
    readonly penalty: PenaltyId;
    readonly repeatUpgrade: boolean;
    readonly landing: Landing;
    readonly judge: Actor;
  }
>;
export type PenaltyRescinded = Event<
  'PenaltyRescinded',
  { readonly penaltyId: number; readonly reason: string; readonly judge: Actor }
>;
/** An appeal heard and denied: the penalty stands unchanged; the head judge's reason is kept with it. */
export type AppealDenied = Event<
  'AppealDenied',
  { readonly penaltyId: number; readonly reason: string; readonly judge: Actor }
>;
/** What a floor judge asks the head judge to decide: a penalty as the judge would issue it, or a result correction. */
export type StaffRequest =
  | { readonly kind: 'penalty'; readonly penalty: IssuePenalty['data'] }
  | { readonly kind: 'correction'; readonly correction: CorrectResult['data'] };
export type RequestSubmitted = Event<
  'RequestSubmitted',
  {
    readonly requestId: number;
    readonly request: StaffRequest;
    readonly notes: string | null;
    /** For a penalty request: the guideline decision and the penalty the request proposes, as assessed when sent. */
    readonly guideline: Decision | null;
    readonly proposed: PenaltyId | null;
    readonly judge: Actor;
  }
>;
/** Follows the PenaltyIssued or ResultCorrected an approval wrote (`penaltyId` names the penalty). */
export type RequestDecided = Event<
  'RequestDecided',
  {
    readonly requestId: number;
    readonly outcome: 'approved' | 'changed' | 'refused';
    readonly penaltyId: number | null;
    readonly reason: string | null;
    readonly judge: Actor;
  }
>;
/** The organizer lets players report their own results (or stops it); `confirmMinutes`: how long a report waits for the opponent before it goes to the judges. */
export type PlayerReportingSet = Event<
  'PlayerReportingSet',
  { readonly enabled: boolean; readonly confirmMinutes: number }
>;
/** The organizer shows each player, on their own page, the reason their Swiss pairing was made (or stops showing it). */
export type PlayerPairingReasonsSet = Event<'PlayerPairingReasonsSet', { readonly shown: boolean }>;
/**
 * The organizer requires (or stops requiring) the venue code for a player's own check-in: the
 * code shown at the venue, changing every few minutes, so a check-in from home is refused.
 */
export type CheckInVenueCodeSet = Event<'CheckInVenueCodeSet', { readonly required: boolean }>;
/** The organizer's entry fee (参加費), in whole units of `currency` (JPY by default); amount 0: no fee. */
export type EntryFeeSet = Event<'EntryFeeSet', { readonly amount: number; readonly currency: string }>;
/** Staff marked a player's entry fee paid, or took the mark back (`paid: false`); `by`: who took the money. */
export type FeePaymentRecorded = Event<
  'FeePaymentRecorded',
  { readonly player: string; readonly paid: boolean; readonly by: Actor }
>;
/** A player's own report of their match from their phone, not yet a result: the opponent's equal report makes it one. */
export type PlayerResultReported = Event<
  'PlayerResultReported',
  { readonly round: number; readonly table: number; readonly player: string; readonly duels: readonly DuelEntry[] }
>;
/** A player checked in before round 1, by themselves (role `player`) or by staff. */
export type PlayerCheckedIn = Event<'PlayerCheckedIn', { readonly player: string; readonly by: Actor }>;
/** A judge called to a table: by a player from their page (`player`) or by staff (`player: null`); `note`: the caller's words. */
export type CallOpened = Event<
  'CallOpened',
  {
    readonly callId: number;
    readonly round: number;
    readonly table: number;
    readonly player: string | null;
    readonly note: string | null;
    readonly by: Actor;
  }
>;
/** A judge took the call; from now until it is resolved the table's clock is owed the time. */
export type CallClaimed = Event<'CallClaimed', { readonly callId: number; readonly by: Actor }>;
/** The judge holding the call passed it to the head judge, with their words. */
export type CallEscalated = Event<
  'CallEscalated',
  { readonly callId: number; readonly by: Actor; readonly note: string | null }
>;
/**
 * What the call came to: the ruling in words, the penalties issued for it, and the minutes the
 * table got (written as its own TimeExtended just before, so results and the late list follow it).
 */
export type CallResolved = Event<
  'CallResolved',
  {
    readonly callId: number;
    readonly by: Actor;
    readonly ruling: string | null;
    readonly penaltyIds: readonly number[];
    readonly extensionMinutes: number | null;
  }
>;
/** The organizer's rule for calls: the shortest call (claim to resolve) that earns the table a proposed extension. */
export type CallRulesSet = Event<'CallRulesSet', { readonly minimumMinutes: number }>;
/** How players enter from the public page: first come up to the cap, then a waiting list, or a lottery drawn at closing. */
export type EntryMode = 'first-come' | 'waiting-list' | 'lottery';
/** The organizer opened public entry: at most `cap` players, until `closesAt`. */
export type EntryOpened = Event<
  'EntryOpened',
  {
    readonly cap: number;
    readonly closesAt: string;
    readonly mode: EntryMode;
    /** A lottery's seed drawn now, its nonce and their commitment (absent in older logs and other modes). */
    readonly lottery?: { readonly seed: number; readonly nonce: string; readonly commitment: string };
  }
>;
/** The organizer closed public entry (before or after its closing time). */
export type EntryClosed = Event<'EntryClosed', Record<string, never>>;
/** What an entrant gave on the public page; `id` is the player id the entry was given. */
export interface Entrant {
  readonly id: string;
  readonly name: string;
  readonly reading: string;
  readonly cardGameId?: string;
}
/**
 * A public entry: registered at once (a PlayerRegistered follows), on the waiting list, or
 * applied for the lottery. `duplicateOf`: players and entrants with the same Card Game ID, or
 * the same name and reading, when it was made (a warning for staff, not a refusal).
 */
export type EntryReceived = Event<
  'EntryReceived',
  {
    readonly entrant: Entrant;
    readonly status: 'registered' | 'waiting' | 'applied';
    readonly duplicateOf: readonly string[];
  }
>;
/** The lottery at closing: `drawn` are registered (PlayerRegistered follows each), `waiting` form the waiting list in the order drawn. */
export type LotteryDrawn = Event<
  'LotteryDrawn',
  { readonly seed: number; readonly drawn: readonly string[]; readonly waiting: readonly string[] }
>;
/** Players' own decklists are taken until `until`; `null`: until round 1 is paired. */
export type DecklistDeadlineSet = Event<'DecklistDeadlineSet', { readonly until: string | null }>;
/** Which decklists go public once the tournament has finished: the top N of the final ranking, or everyone's. */
export type DecklistPublication = { readonly kind: 'top'; readonly top: number } | { readonly kind: 'all' };
export type DecklistPublicationSet = Event<'DecklistPublicationSet', { readonly scope: DecklistPublication }>;
/** A player's answer to being filmed (feature matches on stream): given at entry or at the desk; the latest counts. */
export type FilmingConsentRecorded = Event<
  'FilmingConsentRecorded',
  { readonly player: string; readonly consent: boolean }
>;
/** A round's feature tables as staff marked them (the whole list; empty: none); each player at them said yes. */
export type FeatureTablesMarked = Event<
  'FeatureTablesMarked',
  { readonly round: number; readonly tables: readonly number[] }
>;
export type TournamentFinished = Event<'TournamentFinished', Record<string, never>>;
export type PrizeListSet = Event<'PrizeListSet', { readonly prizes: readonly Prize[] }>;
export type PrizeAwarded = Event<'PrizeAwarded', { readonly prize: string; readonly players: readonly string[] }>;

export type TournamentEvent =
  | TournamentCreated
  | DeckRulesChanged
  | PlayerRegistered
  | DecklistSubmitted
  | PlayerDropped
  | PlayerDetailsChanged
  | RoundPaired
  | DecklistIssuesAccepted
  | DecklistCorrected
  | RoundStarted
  | RoundPublished
  | PairingFixed
  | Announced
  | PlayerSeated
  | TimeExtended
  | ResultReported
  | ResultCorrected
  | RoundEnded
  | SwissCut
  | PhaseStarted
  | PenaltyIssued
  | PenaltyChanged
  | TardinessRaised
  | PenaltyRescinded
  | AppealDenied
  | RequestSubmitted
  | RequestDecided
  | TournamentFinished
  | PrizeListSet
  | PrizeAwarded
  | PlayerReportingSet
  | PlayerPairingReasonsSet
  | CheckInVenueCodeSet
  | EntryFeeSet
  | FeePaymentRecorded
  | PlayerResultReported
  | PlayerCheckedIn
  | CallOpened
  | CallClaimed
  | CallEscalated
  | CallResolved
  | CallRulesSet
  | EntryOpened
  | EntryClosed
  | EntryReceived
  | LotteryDrawn
  | DecklistDeadlineSet
  | DecklistPublicationSet
  | FilmingConsentRecorded
  | FeatureTablesMarked;

export type TournamentEventType = TournamentEvent['type'];

/** An event as a decider drafts it; `decide` stamps the command's time on every draft. */
export type EventDraft = TournamentEvent extends infer E ? (E extends TournamentEvent ? Omit<E, 'at'> : never) : never;

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEventType[] = [
  'TournamentCreated',
  'PlayerRegistered',
  'DecklistSubmitted',
  'PlayerDropped',
  'RoundPaired',
  'DecklistIssuesAccepted',
  'RoundStarted',
  'PlayerSeated',
  'TimeExtended',
  'ResultReported',
  'ResultCorrected',
  'RoundEnded',
  'PenaltyIssued',
  'PenaltyChanged',
  'TardinessRaised',
  'PenaltyRescinded',
  'AppealDenied',
  'RequestSubmitted',
  'RequestDecided',
  'TournamentFinished',
  'PrizeListSet',
  'PrizeAwarded',
  'DeckRulesChanged',
  'SwissCut',
  'PhaseStarted',
  'PlayerDetailsChanged',
  'PlayerReportingSet',
  'PlayerPairingReasonsSet',
  'CheckInVenueCodeSet',
  'EntryFeeSet',
  'FeePaymentRecorded',
  'PlayerResultReported',
  'PlayerCheckedIn',
  'DecklistCorrected',
  'CallOpened',
  'CallClaimed',
  'CallEscalated',
  'CallResolved',
  'CallRulesSet',
  'RoundPublished',
  'PairingFixed',
  'Announced',
  'EntryOpened',
  'EntryClosed',
  'EntryReceived',
  'LotteryDrawn',
  'DecklistDeadlineSet',
  'DecklistPublicationSet',
  'FilmingConsentRecorded',
  'FeatureTablesMarked',
];
