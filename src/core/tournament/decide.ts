import { err, ok } from '../result.js';
import type { Decided, Drafted, TournamentCommand } from './commands.js';
import { decideChangePenalty, decideDenyAppeal, decideIssuePenalty, decideRescindPenalty } from './decide-penalties.js';
import { decideChangeDeckRules } from './decide-deck-rules.js';
import {
  decideChangePlayerDetails,
  decideCreate,
  decideDrop,
  decideRegister,
  decideSubmitDecklist,
  decideCorrectDecklist,
  decideWithdraw,
} from './decide-registration.js';
import { decideCorrectResult, decideReportResult } from './decide-results.js';
import { decideCutSwiss } from './decide-cuts.js';
import {
  decideCloseEntry,
  decideEnter,
  decideOpenEntry,
  decideSetDecklistDeadline,
  decideSetDecklistPublication,
} from './decide-entry.js';
import { decideStartPhase } from './phases.js';
import { decideEndRound, decideExtendTime, decideFinish, decideMarkSeated, decidePairRound } from './decide-rounds.js';
import { checkTime } from './command-checks.js';
import {
  decideCheckIn,
  decideDropNoShows,
  decidePlayerReport,
  decideSetPlayerPairingReasons,
  decideSetCheckInVenueCode,
  decideSetPlayerReporting,
} from './decide-self-service.js';
import { domainError } from './domain-errors.js';
import {
  decideClaimCall,
  decideEscalateCall,
  decideOpenCall,
  decideResolveCall,
  decideSetCallRules,
} from './decide-judge-calls.js';
import { PLAYER_ROLE, type TournamentEvent } from './events.js';
import { checkRole } from './permissions.js';
import { decideAwardPrize, decideSetPrizeList } from './prizes.js';
import { decideRecordFeePayment, decideSetEntryFee } from './entry-fee.js';
import { decideDecideRequest, decideSubmitRequest } from './staff-requests.js';
import { decideMarkAllSeated, decideStartRound } from './round-start.js';
import { decideFixPairing, decidePublishRound, withoutHeldRounds } from './held-rounds.js';
import { decideAnnounce } from './announcements.js';
import { decideMarkFeatureTables, decideSetFilmingConsent } from './feature-tables.js';
import type { TournamentState } from './state.js';

/**
 * The events a command produces on this state, or the domain error that refuses it. Pure:
 * time, actor and seed come in the command's meta; nothing is read from the outside.
 */
export function decide(command: TournamentCommand, state: TournamentState): Decided {
  const drafted = draft(command, state);
  if (!drafted.ok) return drafted;
  const at = command.meta.at;
  return ok(drafted.value.map((event) => ({ ...event, at }) as TournamentEvent));
}

function draft(command: TournamentCommand, state: TournamentState): Drafted {
  const allowed = checkRole(command);
  if (!allowed.ok) return allowed;
  const badTime = checkTime('meta.at', command.meta.at);
  if (badTime) return err(badTime);
  if (command.type === 'CreateTournament') return decideCreate(command, state);
  if (state.status === 'none') return err(domainError('tournament-not-found'));
  const t = command.meta.actor.role === PLAYER_ROLE ? withoutHeldRounds(state) : state;
  switch (command.type) {
    case 'ChangeDeckRules':
      return decideChangeDeckRules(command, t);
    case 'RegisterPlayer':
      return decideRegister(command, t);
    case 'SubmitDecklist':
      return decideSubmitDecklist(command, t);
    case 'CorrectDecklist':
      return decideCorrectDecklist(command, t);
    case 'DropPlayer':
      return decideDrop(command, t);
    case 'ChangePlayerDetails':
      return decideChangePlayerDetails(command, t);
    case 'PairRound':
      return decidePairRound(command, t);
    case 'MarkSeated':
      return decideMarkSeated(command, t);
    case 'StartRound':
      return decideStartRound(command, t);
    case 'MarkAllSeated':
      return decideMarkAllSeated(command, t);
    case 'ExtendTime':
      return decideExtendTime(command, t);
    case 'ReportResult':
      return decideReportResult(command, t);
    case 'CorrectResult':
      return decideCorrectResult(command, t);
    case 'EndRound':
      return decideEndRound(command, t);
    case 'PublishRound':
      return decidePublishRound(command, t);
    case 'FixPairing':
      return decideFixPairing(command, t);
    case 'Announce':
      return decideAnnounce(command, t);
    case 'CutSwiss':
      return decideCutSwiss(command, t);
    case 'StartPhase':
      return decideStartPhase(command, t);
    case 'IssuePenalty':
      return decideIssuePenalty(command, t);
    case 'RescindPenalty':
      return decideRescindPenalty(command, t);
    case 'DenyAppeal':
      return decideDenyAppeal(command, t);
    case 'ChangePenalty':
      return decideChangePenalty(command, t);
    case 'SubmitRequest':
      return decideSubmitRequest(command, t);
    case 'DecideRequest':
      return decideDecideRequest(command, t);
    case 'FinishTournament':
      return decideFinish(command, t);
    case 'SetPrizeList':
      return decideSetPrizeList(command, t);
    case 'AwardPrize':
      return decideAwardPrize(command, t);
    case 'SetPlayerReporting':
      return decideSetPlayerReporting(command, t);
    case 'SetPlayerPairingReasons':
      return decideSetPlayerPairingReasons(command, t);
    case 'SetCheckInVenueCode':
      return decideSetCheckInVenueCode(command, t);
    case 'PlayerReportResult':
      return decidePlayerReport(command, t);
    case 'CheckInPlayer':
      return decideCheckIn(command, t);
    case 'SetEntryFee':
      return decideSetEntryFee(command, t);
    case 'RecordFeePayment':
      return decideRecordFeePayment(command, t);
    case 'WithdrawEntry':
      return decideWithdraw(command, t);
    case 'DropNoShows':
      return decideDropNoShows(command, t);
    case 'OpenCall':
      return decideOpenCall(command, t);
    case 'ClaimCall':
      return decideClaimCall(command, t);
    case 'EscalateCall':
      return decideEscalateCall(command, t);
    case 'ResolveCall':
      return decideResolveCall(command, t);
    case 'SetCallRules':
      return decideSetCallRules(command, t);
    case 'OpenEntry':
      return decideOpenEntry(command, t);
    case 'CloseEntry':
      return decideCloseEntry(command, t);
    case 'Enter':
      return decideEnter(command, t);
    case 'SetDecklistDeadline':
      return decideSetDecklistDeadline(command, t);
    case 'SetDecklistPublication':
      return decideSetDecklistPublication(command, t);
    case 'SetFilmingConsent':
      return decideSetFilmingConsent(command, t);
    case 'MarkFeatureTables':
      return decideMarkFeatureTables(command, t);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}
