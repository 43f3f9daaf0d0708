import { err, ok, type Result } from '../result.js';
import type { TournamentCommand, TournamentCommandType } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import { PLAYER_ROLE, type ActorRole, type Role } from './events.js';

/*
 * Who may send which command. Finer rules that depend on the penalty (deviations, moved
 * match losses, disqualifications) come from the policy pack and are checked in decide.
 */

export const COMMAND_ROLES: Readonly<Record<TournamentCommandType, readonly Role[]>> = {
  CreateTournament: ['organizer'],
  ChangeDeckRules: ['organizer'],
  RegisterPlayer: ['organizer', 'scorekeeper'],
  SubmitDecklist: ['organizer', 'scorekeeper'],
  // After round 1 a list changes only by the head judge's decision, as penalties do.
  CorrectDecklist: ['head-judge'],
  DropPlayer: ['organizer', 'scorekeeper', 'head-judge'],
  ChangePlayerDetails: ['organizer', 'scorekeeper'],
  PairRound: ['organizer', 'scorekeeper'],
  MarkSeated: ['judge', 'head-judge'],
  StartRound: ['organizer', 'scorekeeper', 'head-judge'],
  MarkAllSeated: ['judge', 'head-judge'],
  ExtendTime: ['judge', 'head-judge'],
  ReportResult: ['scorekeeper', 'judge', 'head-judge'],
  CorrectResult: ['scorekeeper', 'head-judge'],
  EndRound: ['organizer', 'scorekeeper'],
  // Those who pair a round publish it and fix it while held.
  PublishRound: ['organizer', 'scorekeeper'],
  FixPairing: ['organizer', 'scorekeeper'],
  Announce: ['organizer', 'scorekeeper', 'head-judge', 'judge'],
  CutSwiss: ['organizer', 'scorekeeper'],
  StartPhase: ['organizer'],
  IssuePenalty: ['judge', 'head-judge'],
  RescindPenalty: ['head-judge'],
  DenyAppeal: ['head-judge'],
  ChangePenalty: ['head-judge'],
  SubmitRequest: ['judge', 'head-judge'],
  DecideRequest: ['head-judge'],
  FinishTournament: ['organizer', 'scorekeeper'],
  SetPrizeList: ['organizer'],
  AwardPrize: ['organizer'],
  SetPlayerReporting: ['organizer'],
  SetPlayerPairingReasons: ['organizer'],
  SetCheckInVenueCode: ['organizer'],
  SetEntryFee: ['organizer'],
  // Whoever checks players in takes the fee at the same desk.
  RecordFeePayment: ['organizer', 'scorekeeper', 'head-judge', 'judge'],
  // Sent only by the player (PLAYER_COMMANDS); staff drop a player with DropPlayer.
  WithdrawEntry: [],
  // Sent only by the player (PLAYER_COMMANDS); staff enter results with ReportResult.
  PlayerReportResult: [],
  CheckInPlayer: ['organizer', 'scorekeeper', 'head-judge', 'judge'],
  DropNoShows: ['organizer'],
  // A player calls for their own table too (PLAYER_COMMANDS).
  OpenCall: ['organizer', 'scorekeeper', 'head-judge', 'judge'],
  ClaimCall: ['judge', 'head-judge'],
  // To the head judge: a head judge has no one to pass it to.
  EscalateCall: ['judge'],
  ResolveCall: ['judge', 'head-judge'],
  SetCallRules: ['organizer'],
  OpenEntry: ['organizer'],
  CloseEntry: ['organizer'],
  // Staff may enter a player as the public page does; the public sends it as PUBLIC_COMMANDS says.
  Enter: ['organizer', 'scorekeeper'],
  SetDecklistDeadline: ['organizer'],
  SetDecklistPublication: ['organizer'],
  // Asked at the desk, as a check-in is.
  SetFilmingConsent: ['organizer', 'scorekeeper', 'head-judge', 'judge'],
  MarkFeatureTables: ['organizer', 'scorekeeper'],
};

/** What a player may send for themselves (the adapter checked their record code); always about their own id. */
export const PLAYER_COMMANDS: ReadonlySet<TournamentCommandType> = new Set([
  'PlayerReportResult',
  'CheckInPlayer',
  'OpenCall',
  'SubmitDecklist',
  'WithdrawEntry',
]);

/** What anyone may send from the public page, as role `player`, before they are a player: entering. */
export const PUBLIC_COMMANDS: ReadonlySet<TournamentCommandType> = new Set(['Enter']);

/** Refuses a command whose actor lacks every role allowed to send it. */
export function checkRole(command: TournamentCommand): Result<void, DomainError> {
  const { actor } = command.meta;
  if (actor.role === PLAYER_ROLE) {
    if (PUBLIC_COMMANDS.has(command.type)) return ok(undefined);
    const own = (command.data as { player?: unknown }).player === actor.id;
    return PLAYER_COMMANDS.has(command.type) && own
      ? ok(undefined)
      : err(domainError('role-required', { roles: COMMAND_ROLES[command.type], actual: actor.role }));
  }
  return requireRole(actor.role, COMMAND_ROLES[command.type]);
}

/** Refuses unless `actual` is one of `roles`, naming the roles needed. */
function requireRole(actual: ActorRole, roles: readonly Role[]): Result<void, DomainError> {
  return (roles as readonly ActorRole[]).includes(actual)
    ? ok(undefined)
    : err(domainError('role-required', { roles, actual }));
}
