import { err, ok, type Result } from '../result.js';
import type { TournamentCommand, TournamentCommandType } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { Role } from './events.js';

/*
 * Who may send which command. Finer rules that depend on the penalty (deviations, moved
 * match losses, disqualifications) come from the policy pack and are checked in decide.
 */

export const COMMAND_ROLES: Readonly<Record<TournamentCommandType, readonly Role[]>> = {
  CreateTournament: ['organizer'],
  ChangeDeckRules: ['organizer'],
  RegisterPlayer: ['organizer', 'scorekeeper'],
  SubmitDecklist: ['organizer', 'scorekeeper'],
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
  CutSwiss: ['organizer', 'scorekeeper'],
  StartPhase: ['organizer'],
  IssuePenalty: ['judge', 'head-judge'],
  RescindPenalty: ['head-judge'],
  ChangePenalty: ['head-judge'],
  SubmitRequest: ['judge', 'head-judge'],
  DecideRequest: ['head-judge'],
  FinishTournament: ['organizer', 'scorekeeper'],
  SetPrizeList: ['organizer'],
  AwardPrize: ['organizer'],
};

/** Refuses a command whose actor lacks every role allowed to send it. */
export function checkRole(command: TournamentCommand): Result<void, DomainError> {
  return requireRole(command.meta.actor.role, COMMAND_ROLES[command.type]);
}

/** Refuses unless `actual` is one of `roles`, naming the roles needed. */
function requireRole(actual: Role, roles: readonly Role[]): Result<void, DomainError> {
  return roles.includes(actual) ? ok(undefined) : err(domainError('role-required', { roles, actual }));
}
