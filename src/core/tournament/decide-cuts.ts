import { explain, type Problem } from './command-problems.js';
import { err, ok } from '../result.js';
import { checkInteger } from './command-checks.js';
import type { CutSwiss, Drafted } from './commands.js';
import { CUT_MAX_LOSSES, CUT_TOP } from './limits.js';
import { domainError } from './domain-errors.js';
import type { CutRule } from './events.js';
import { currentStandings } from './standings/current-standings.js';
import { cutAfter, departures, latestRound } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Cuts of the Swiss field (YCSJ 2022: out at two losses; YCS: X-2 or top 256 to day two).
 * After an ended Swiss round the organizer cuts by record or by rank; the players who leave
 * are written down by name, as the standings stood, so the cut is a fact of the log.
 */

const refuse = (reason: Problem): Drafted => err(domainError('cut-not-allowed', { reason }));

/** SwissCut after the latest round, which must be an ended Swiss round with the next round not yet paired. */
export function decideCutSwiss(command: CutSwiss, t: Tournament): Drafted {
  const { afterRound, maxLosses, top } = command.data;
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  if ((maxLosses === undefined) === (top === undefined)) {
    return err(
      domainError('invalid-command', {
        field: 'maxLosses',
        problem: explain('cut-by-one'),
      }),
    );
  }
  const bad =
    maxLosses !== undefined ? checkInteger('maxLosses', maxLosses, CUT_MAX_LOSSES) : checkInteger('top', top, CUT_TOP);
  if (bad) return err(bad);
  const last = latestRound(t);
  if (!last || last.number !== afterRound)
    return refuse(explain('cut-after-latest-round', { round: last?.number ?? 0 }));
  if (last.stage !== 'swiss') return refuse(explain('top-cut-begun'));
  if (!last.ended) return err(domainError('round-not-finished', { round: last.number }));

  const rule: CutRule =
    maxLosses !== undefined ? { kind: 'max-losses', maxLosses } : { kind: 'top', top: top as number };
  const { dropped, withdrawn } = departures(t);
  const cut = cutAfter(t);
  const still = currentStandings(t).filter(
    (row) => !dropped.has(row.player) && !withdrawn.has(row.player) && !cut.has(row.player),
  );
  const out = rule.kind === 'max-losses' ? still.filter((row) => row.losses > rule.maxLosses) : still.slice(rule.top);
  return ok([{ type: 'SwissCut', data: { afterRound, rule, out: out.map((row) => row.player) } }]);
}
