import { err, ok } from '../result.js';
import { checkInteger } from './command-checks.js';
import type {
  CheckInPlayer,
  DropNoShows,
  Drafted,
  PlayerReportResult,
  SetPlayerPairingReasons,
  SetCheckInVenueCode,
  SetPlayerReporting,
} from './commands.js';
import { decideReportResult } from './decide-results.js';
import { domainError } from './domain-errors.js';
import { effectsOn } from './penalty-effects.js';
import { explain } from './command-problems.js';
import { CONFIRM_MINUTES, MAX_PLAYER_REPORTS_PER_MATCH } from './limits.js';
import { latestReports, notCheckedIn, reportsOn, sameDuels, selfService } from './self-service.js';
import { findMatch, findPlayer, findRound, isDropped } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Players' own reports and check-ins. A player's report is checked exactly as staff's would
 * be (the same duels rule), and more narrowly: only their own table, only while no result is
 * recorded, never a match a penalty touches (judges enter those), never before the round has
 * started (a posted "start later" round: no match has been played). Equal to the opponent's
 * latest report, it records the result as reported by the players; otherwise it waits, or
 * (the opponent said otherwise) goes to the judges. The same report again changes nothing and
 * stores nothing (a phone retrying, a player tapping twice); a player's reports on a match are
 * bounded (MAX_PLAYER_REPORTS_PER_MATCH), so one player cannot grow the log without limit.
 */

export function decideSetPlayerReporting(command: SetPlayerReporting, t: Tournament): Drafted {
  const { enabled } = command.data;
  const confirmMinutes = command.data.confirmMinutes ?? selfService(t).reporting.confirmMinutes;
  if (typeof enabled !== 'boolean')
    return err(domainError('invalid-command', { field: 'enabled', problem: explain('true-or-false') }));
  const bad = checkInteger('confirmMinutes', confirmMinutes, CONFIRM_MINUTES);
  if (bad) return err(bad);
  return ok([{ type: 'PlayerReportingSet', data: { enabled, confirmMinutes } }]);
}

/** Whether players see why their Swiss pairing was made; the same setting again writes nothing. */
export function decideSetPlayerPairingReasons(command: SetPlayerPairingReasons, t: Tournament): Drafted {
  const { shown } = command.data;
  if (typeof shown !== 'boolean')
    return err(domainError('invalid-command', { field: 'shown', problem: explain('true-or-false') }));
  if (selfService(t).pairingReasons === shown) return ok([]);
  return ok([{ type: 'PlayerPairingReasonsSet', data: { shown } }]);
}

/** Whether a player's own check-in needs the venue code; the same setting again writes nothing. */
export function decideSetCheckInVenueCode(command: SetCheckInVenueCode, t: Tournament): Drafted {
  const { required } = command.data;
  if (typeof required !== 'boolean')
    return err(domainError('invalid-command', { field: 'required', problem: explain('true-or-false') }));
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  if (selfService(t).venueCode === required) return ok([]);
  return ok([{ type: 'CheckInVenueCodeSet', data: { required } }]);
}

export function decidePlayerReport(command: PlayerReportResult, t: Tournament): Drafted {
  const { round: roundNumber, table, player, duels } = command.data;
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  if (!selfService(t).reporting.enabled) return err(domainError('player-reports-off'));
  if (!findPlayer(t, player)) return err(domainError('player-not-found', { player }));
  const round = findRound(t, roundNumber);
  if (!round) return err(domainError('round-not-found', { round: roundNumber }));
  const where = { round: roundNumber, table };
  if (round.tableOf.get(player) !== table) return err(domainError('not-your-table', { ...where, player }));
  if (!round.started) return err(domainError('round-not-started', { round: roundNumber }));
  const match = findMatch(round, table)!;
  if (match.report !== null) return err(domainError('result-already-entered', where));
  const effects = effectsOn(t, roundNumber, table);
  if (effects.duelLosses.length > 0 || effects.matchLosses.length > 0)
    return err(domainError('match-has-penalty', where));
  // The same checks as a scorekeeper's report: the duels must fit the match.
  const asResult = decideReportResult(
    { type: 'ReportResult', data: { round: roundNumber, table, duels }, meta: command.meta },
    t,
  );
  if (!asResult.ok) return asResult;
  const opponent = match.players.find((p) => p !== player)!;
  const history = reportsOn(t, roundNumber, table);
  const latest = latestReports(t, roundNumber, table);
  const theirs = latest.get(opponent);
  if (theirs && sameDuels(theirs.duels, duels)) {
    const [reported] = asResult.value;
    if (reported?.type !== 'ResultReported') return asResult;
    return ok([{ ...reported, data: { ...reported.data, byPlayers: { reportedBy: opponent, confirmedBy: player } } }]);
  }
  const mine = latest.get(player);
  if (mine && sameDuels(mine.duels, duels)) return ok([]);
  if (history.filter((r) => r.player === player).length >= MAX_PLAYER_REPORTS_PER_MATCH)
    return err(domainError('too-many-player-reports', { ...where, max: MAX_PLAYER_REPORTS_PER_MATCH }));
  return ok([{ type: 'PlayerResultReported', data: { round: roundNumber, table, player, duels: [...duels] } }]);
}

export function decideCheckIn(command: CheckInPlayer, t: Tournament): Drafted {
  const { player } = command.data;
  if (!findPlayer(t, player)) return err(domainError('player-not-found', { player }));
  if (t.rounds.length > 0) return err(domainError('check-in-closed'));
  if (isDropped(t, player)) return err(domainError('player-dropped', { player }));
  if (selfService(t).checkedIn.has(player)) return err(domainError('already-checked-in', { player }));
  return ok([{ type: 'PlayerCheckedIn', data: { player, by: command.meta.actor } }]);
}

/** One PlayerDropped per player not checked in, each marked `noShow`; refused if the count confirmed is not the count now. */
export function decideDropNoShows(command: DropNoShows, t: Tournament): Drafted {
  if (t.rounds.length > 0) return err(domainError('check-in-closed'));
  const bad = checkInteger('count', command.data.count, { min: 0, max: Number.MAX_SAFE_INTEGER });
  if (bad) return err(bad);
  const missing = notCheckedIn(t);
  if (missing.length === 0) return err(domainError('no-no-shows'));
  if (missing.length !== command.data.count)
    return err(domainError('no-show-count-changed', { given: command.data.count, expected: missing.length }));
  return ok(
    missing.map((player) => ({
      type: 'PlayerDropped' as const,
      data: { player, afterRound: 0, reason: null, noShow: true as const },
    })),
  );
}
