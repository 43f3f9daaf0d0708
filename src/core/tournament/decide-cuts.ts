import { err, ok } from '../result.js';
import { checkInteger } from './command-checks.js';
import type { CutSwiss, Drafted } from './commands.js';
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

const refuse = (ja: string, en: string): Drafted => err(domainError('cut-not-allowed', { reason: { ja, en } }));

/** SwissCut after the latest round, which must be an ended Swiss round with the next round not yet paired. */
export function decideCutSwiss(command: CutSwiss, t: Tournament): Drafted {
  const { afterRound, maxLosses, top } = command.data;
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  if ((maxLosses === undefined) === (top === undefined)) {
    return err(
      domainError('invalid-command', {
        field: 'maxLosses',
        problem: {
          ja: 'maxLosses（成績）か top（順位）のどちらか一方を指定します',
          en: 'give either maxLosses (by record) or top (by rank), not both or neither',
        },
      }),
    );
  }
  const bad =
    maxLosses !== undefined ? checkInteger('maxLosses', maxLosses, 0, 30) : checkInteger('top', top, 1, 100_000);
  if (bad) return err(bad);
  const last = latestRound(t);
  if (!last || last.number !== afterRound)
    return refuse(
      `カットは最新の回戦 (第${last?.number ?? 0}回戦) の後だけです`,
      `a cut comes after the latest round (round ${last?.number ?? 0})`,
    );
  if (last.stage !== 'swiss') return refuse('決勝トーナメントが始まっています', 'the top cut has begun');
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
