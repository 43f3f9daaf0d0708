import { explain } from './command-problems.js';
import { err, ok, type Result } from '../result.js';
import { advancedFrom } from './bracket-kept.js';
import { checkBounded, checkText } from './command-checks.js';
import type { CorrectResult, Drafted, ReportResult } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import { DRAW, type DuelEntry } from './events.js';
import { MAX_REPORTED_DUELS, REASON } from './limits.js';
import { locateMatch } from './match-lookup.js';
import { deriveOneMatch, penaltyDuelIds } from './match-results.js';
import { effectsOn } from './penalty-effects.js';
import type { MatchState, RoundState, Tournament } from './state.js';

/*
 * Results: a report names the duels played after those decided by penalty. It is checked by
 * deriving the match with it: it must name only the two players, stop where a player reaches
 * two wins, and in an elimination round it must produce a winner.
 */

/** The penalties the report is made around, or why the duels do not fit the match. */
function checkDuels(
  t: Tournament,
  round: RoundState,
  match: MatchState,
  duels: readonly DuelEntry[],
): Result<number[], DomainError> {
  const where = { round: round.number, table: match.table };
  if (!Array.isArray(duels))
    return err(
      domainError('invalid-command', {
        field: 'duels',
        problem: explain('duel-winners'),
      }),
    );
  if (duels.length > MAX_REPORTED_DUELS)
    return err(
      domainError('invalid-command', {
        field: 'duels',
        problem: explain('too-many-duels', { most: MAX_REPORTED_DUELS, given: duels.length }),
      }),
    );
  const stranger = duels.find((d) => d !== DRAW && !match.players.includes(d));
  if (stranger !== undefined) {
    return err(
      domainError('invalid-duels', {
        ...where,
        problem: explain('not-of-match', { player: stranger, draw: DRAW }),
      }),
    );
  }
  const inForce = penaltyDuelIds(effectsOn(t, round.number, match.table));
  const outcome = deriveOneMatch(t, round.number, match, round.stage, {
    duels,
    penaltyDuels: inForce,
    correction: null,
  });
  if (outcome.effects.matchLosses.length > 0 && duels.length > 0)
    return err(domainError('match-already-decided', where));
  if (outcome.unusedDuels > 0) {
    const decidedAfter = outcome.duels.length;
    return err(
      domainError('invalid-duels', {
        ...where,
        problem: explain('duels-after-decision', { decidedAfter, extra: outcome.unusedDuels }),
      }),
    );
  }
  const result = outcome.record.outcome;
  if (round.bracket !== null && result.kind !== 'win' && result.kind !== 'double-loss')
    return err(domainError('draw-not-allowed', where));
  const advanced = advancedFrom(t, round, match);
  const winner = result.kind === 'win' ? result.winner : null;
  if (advanced !== undefined && advanced !== winner)
    return err(domainError('bracket-advanced', { ...where, advanced: advanced ?? '—' }));
  return ok(inForce);
}

/** ResultReported for a match still waiting for its result. */
export function decideReportResult(command: ReportResult, t: Tournament): Drafted {
  const { round: roundNumber, table, duels } = command.data;
  const found = locateMatch(t, roundNumber, table);
  if (!found.ok) return found;
  const { round, match } = found.value;
  if (deriveOneMatch(t, round.number, match, round.stage).record.outcome.kind !== 'pending') {
    return err(domainError('match-already-decided', { round: roundNumber, table }));
  }
  const checked = checkDuels(t, round, match, duels);
  if (!checked.ok) return checked;
  return ok([
    { type: 'ResultReported', data: { round: roundNumber, table, duels: [...duels], penaltyDuels: checked.value } },
  ]);
}

/** ResultCorrected: a new report with a reason; the earlier one stays in the log. */
export function decideCorrectResult(command: CorrectResult, t: Tournament): Drafted {
  const { round: roundNumber, table, duels, reason } = command.data;
  if (checkText('reason', reason)) return err(domainError('reason-required'));
  const tooLong = checkBounded('reason', reason, REASON);
  if (tooLong) return err(tooLong);
  const found = locateMatch(t, roundNumber, table);
  if (!found.ok) return found;
  const checked = checkDuels(t, found.value.round, found.value.match, duels);
  if (!checked.ok) return checked;
  return ok([
    {
      type: 'ResultCorrected',
      data: { round: roundNumber, table, duels: [...duels], penaltyDuels: checked.value, reason: reason.trim() },
    },
  ]);
}
