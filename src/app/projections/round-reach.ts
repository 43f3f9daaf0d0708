import type { TournamentEventType } from '../../core/tournament/events.js';

/*
 * Which rounds' public views an event can change once those rounds have ended: the pairings
 * board of round r (`pairingsView`) and the standings after round r (`standingsAfter`, with the
 * final places beside them). Read off what `evolve` changes for each event and what the two
 * projections read: a round's matches (results, seat marks, extensions, players' reports), the
 * players (names, readings, drops), the penalties (their effects on results, disqualifications),
 * cuts, phases, the rounds paired and the tournament's status.
 */
export type Reach =
  /** Nothing either view reads. */
  | { readonly kind: 'none' }
  /** The round's own matches or flags: its board and the standings after it and every later round. */
  | { readonly kind: 'round'; readonly round: number }
  /** Players, penalties, cuts, phases, the top cut or the status: any round's views. */
  | { readonly kind: 'all' };

const NONE: Reach = { kind: 'none' };
const ALL: Reach = { kind: 'all' };

/** Events whose data names the one round whose matches or flags they change. */
const ROUND_EVENTS: ReadonlySet<TournamentEventType> = new Set<TournamentEventType>([
  'RoundStarted',
  'RoundEnded',
  'PlayerSeated',
  'TimeExtended',
  'ResultReported',
  'ResultCorrected',
  // A player's own report marks the match on the board (`playerReports`).
  'PlayerResultReported',
  // A held round's swaps and its publishing: that round only (it has not ended).
  'PairingFixed',
  'RoundPublished',
]);

/** Events that change nothing the two views read. */
const UNSEEN: ReadonlySet<TournamentEventType> = new Set<TournamentEventType>([
  'DeckRulesChanged',
  'DecklistSubmitted',
  'DecklistIssuesAccepted',
  // A decided request issues its penalty as its own PenaltyIssued.
  'RequestSubmitted',
  'RequestDecided',
  'PlayerReportingSet',
  'PlayerPairingReasonsSet',
  'CheckInVenueCodeSet',
  'EntryFeeSet',
  'FeePaymentRecorded',
  'PlayerCheckedIn',
  // A judge call's extension is its own TimeExtended; the call itself shows on no public view.
  'CallOpened',
  'CallClaimed',
  'CallEscalated',
  'CallResolved',
  'CallRulesSet',
  // Notices are their own list.
  'Announced',
  // The penalty stands: nothing on a board or in the standings moves.
  'AppealDenied',
  // Filming answers and feature tables: the stream's overlays read them, the board and standings do not.
  'FilmingConsentRecorded',
  'FeatureTablesMarked',
]);

/**
 * The reach of one stored event. Anything not named above (players, penalties and their
 * appeals, a new round — a top cut brings the final places —, cuts, phases, the finish, prizes,
 * and any event type added later) reaches every round: a view is kept too little, never too long.
 */
export function roundReach(event: { readonly type: string; readonly data: unknown }): Reach {
  const type = event.type as TournamentEventType;
  if (UNSEEN.has(type)) return NONE;
  if (ROUND_EVENTS.has(type)) {
    const round = (event.data as { readonly round?: unknown } | null)?.round;
    return typeof round === 'number' && Number.isInteger(round) ? { kind: 'round', round } : ALL;
  }
  return ALL;
}
