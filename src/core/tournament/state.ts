import type { Deck } from '../deck/deck.js';
import type { AssessReport, Decision, PenaltyId } from '../policy/assess-types.js';
import type { BestOf, StageFormat } from './match-format.js';
import type { Stage } from './match-record.js';
import type {
  Actor,
  BracketSlot,
  CutRule,
  DuelEntry,
  Landing,
  PenaltyContext,
  Prize,
  RecordedPack,
  StaffRequest,
  TournamentSettings,
} from './events.js';
import type { JudgeCallsState } from './judge-calls.js';
import type { DecklistSettingsState, EntryState } from './entry.js';
import type { SelfServiceState } from './self-service.js';
import type { Announcement } from './announcements.js';
import type { Ledger } from './ledger.js';
import type { RosterIndex } from './roster-index.js';
import type { FilmingState } from './feature-tables.js';

/*
 * The fold of a tournament's events. It keeps facts only (reports, penalties, drops); match
 * outcomes, drops by disqualification, ranks and prize withdrawals are derived from them, so
 * a rescinded penalty's consequences disappear without anything being edited.
 */

export interface PlayerState {
  readonly id: string;
  readonly name: string;
  /** How the name is read, in kana (フリガナ); absent when not given. */
  readonly reading?: string;
  /** The KONAMI Card Game ID given on the public entry page. */
  readonly cardGameId?: string;
  readonly decklist: Deck | null;
  /** The first round the player takes part in; earlier rounds count as match losses. */
  readonly entryRound: number;
  /** Advanced into a later phase with byes for the rounds before it; `null` for a player who entered normally. */
  readonly invitation: { readonly reason: string } | null;
  /** A drop on request (disqualifications are derived from penalties). */
  readonly drop: { readonly afterRound: number; readonly reason: string | null } | null;
}

export interface MatchReport {
  readonly duels: readonly DuelEntry[];
  readonly penaltyDuels: readonly number[];
  /** The reason of the latest correction, `null` for the first report. */
  readonly correction: string | null;
}

export interface MatchState {
  readonly table: number;
  readonly players: readonly [string, string];
  readonly report: MatchReport | null;
  /** Player id → ISO time a judge marked them seated (a Map: an id is only a name, even `constructor`). */
  readonly seated: ReadonlyMap<string, string>;
  /** The players of `seated` marked at the judges' roll call ("everyone but these"): present, not arriving late. */
  readonly rollCall: ReadonlySet<string>;
  readonly extensions: readonly { readonly minutes: number; readonly reason: string | null }[];
}

export interface RoundState {
  readonly number: number;
  readonly stage: Stage;
  /** When players must be seated; for a round not started yet, the time it was paired (nobody is late before it starts). */
  readonly seatTime: string;
  /** False while the pairings are posted and the round waits for "start round". */
  readonly started: boolean;
  /**
   * Posted to start later with a seat time announced: when the players are to be seated. Shown
   * until the round starts, and the seat time a start before it takes; `null`: none announced.
   */
  readonly plannedSeatTime: string | null;
  readonly seed: number | null;
  readonly matches: readonly MatchState[];
  /** Player id → table, fixed at pairing: the lookup every penalty landing and result needs. */
  readonly tableOf: ReadonlyMap<string, number>;
  readonly byes: readonly string[];
  readonly bracket: readonly BracketSlot[] | null;
  /** Duels per match in this round and its length, as paired. */
  readonly bestOf: BestOf;
  readonly roundMinutes: number;
  readonly ended: boolean;
  /**
   * Paired held: staff only until published. `startsLater`: the round was paired to start later
   * (publishing then only shows it); `seatTime`: the one named at pairing, if any.
   */
  readonly held?: { readonly startsLater: boolean; readonly seatTime: string | null };
}

export interface PenaltyAppeal {
  /** `denied`: heard and refused, the penalty stands (`from` and `to` are the same). */
  readonly kind: 'changed' | 'rescinded' | 'denied';
  readonly from: PenaltyId;
  readonly to: PenaltyId | null;
  readonly reason: string;
  readonly judge: Actor;
  readonly at: string;
}

export interface PenaltyState {
  readonly id: number;
  readonly player: string;
  readonly report: AssessReport;
  readonly guideline: Decision;
  /** The penalty in force: the issued one, or the latest change on appeal. */
  readonly penalty: PenaltyId;
  readonly repeatUpgrade: boolean;
  readonly deviationReason: string | null;
  readonly context: PenaltyContext;
  readonly landing: Landing;
  readonly statements: readonly string[];
  readonly judge: Actor;
  /** The judge's reason for a repeat upgrade or an added penalty; `null` when none was written. */
  readonly reason: string | null;
  /** The penalty this one was added to (rules 7, 10), or `null`. */
  readonly addedTo: number | null;
  /** Recorded with no match left to land on. */
  readonly noMatchLeft: boolean;
  /** The judge's own words about what happened (staff only). */
  readonly notes: string | null;
  readonly at: string;
  readonly rescinded: boolean;
  readonly appeals: readonly PenaltyAppeal[];
  /** The same lateness reported again with a heavier guideline penalty, each replacing the one before. */
  readonly raised?: readonly {
    readonly from: PenaltyId;
    readonly to: PenaltyId;
    readonly judge: Actor;
    readonly at: string;
  }[];
}

/** A floor judge's request to the head judge, and the decision once made. */
export interface RequestState {
  readonly id: number;
  readonly request: StaffRequest;
  readonly notes: string | null;
  readonly guideline: Decision | null;
  readonly proposed: PenaltyId | null;
  readonly judge: Actor;
  readonly at: string;
  readonly decision: {
    readonly outcome: 'approved' | 'changed' | 'refused';
    readonly penaltyId: number | null;
    readonly reason: string | null;
    readonly judge: Actor;
    readonly at: string;
  } | null;
}

/** A cut of the Swiss field: who left after which round, and by which rule. */
export interface CutState {
  readonly afterRound: number;
  readonly rule: CutRule;
  readonly out: readonly string[];
}

export interface PrizeState extends Prize {
  readonly awardedTo: readonly string[] | null;
}

export interface Tournament {
  readonly status: 'open' | 'finished';
  readonly id: string;
  readonly settings: TournamentSettings;
  readonly pack: RecordedPack;
  /** In registration order. */
  readonly players: readonly PlayerState[];
  /** The seats taken and the players by name and by Card Game ID, kept as the players change (`roster-index.ts`). */
  readonly roster: RosterIndex;
  readonly rounds: readonly RoundState[];
  readonly penalties: readonly PenaltyState[];
  readonly prizes: readonly PrizeState[];
  /** Floor judges' requests to the head judge, in the order sent. */
  readonly requests: readonly RequestState[];
  /** Cuts of the Swiss field, in order. */
  readonly cuts: readonly CutState[];
  /** Swiss phases after the first (day two…), in order. */
  readonly phases: readonly PhaseState[];
  /** Players' own reports and check-ins (`self-service.ts`); absent until the first such event. */
  readonly selfService?: SelfServiceState;
  /** Judge calls and the organizer's rule for them (`judge-calls.ts`); absent until the first such event. */
  readonly judgeCalls?: JudgeCallsState;
  /** Staff notices in the order posted, found by `announcementKey`; absent until the first one. */
  readonly announcements?: Ledger<Announcement>;
  /** Public entry (`entry.ts`); absent until the first entry event. */
  readonly entry?: EntryState;
  /** The decklist deadline, publication and every list's receipt (`entry.ts`); absent until the first such event. */
  readonly decklists?: DecklistSettingsState;
  /** Players' consent to being filmed and each round's feature tables (`feature-tables.ts`); absent until the first such event. */
  readonly filming?: FilmingState;
}

/** A Swiss phase from round `fromRound` on. */
export interface PhaseState {
  readonly name: string;
  readonly fromRound: number;
  readonly format: StageFormat;
  readonly seatTime: string | null;
}

/** Before `TournamentCreated`. */
export interface NoTournament {
  readonly status: 'none';
}

export type TournamentState = NoTournament | Tournament;

/** The state of a tournament with no events yet. */
export const initialState = (): TournamentState => ({ status: 'none' });
