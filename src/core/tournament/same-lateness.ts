import { explain } from './command-problems.js';
import { assess } from '../policy/assess.js';
import { isRepeatUpgrade } from '../policy/house-rules.js';
import { PENALTY_IDS, type AssessReport, type PenaltyId } from '../policy/assess-types.js';
import { err, ok } from '../result.js';
import type { Drafted, IssuePenalty } from './commands.js';
import { domainError } from './domain-errors.js';
import { needsHeadJudge } from './penalty-authority.js';
import { chooseLanding } from './penalty-effects.js';
import { bestOfCurrent, findRound, latestRound, matchOf, penaltiesInForce, repeatHistory } from './state-queries.js';
import type { PenaltyState, Tournament } from './state.js';

/*
 * A player's lateness for a round is one infraction, however long it lasts. The first
 * tardiness penalty for it is issued as any other; a later report of the same lateness
 * (more minutes have passed) replaces that penalty when the guideline now gives a heavier
 * one (warning → duel loss → match loss), and is refused otherwise, so a second tap can never
 * put a second penalty on the record nor turn the same lateness into a "repeat".
 */

/** The infraction the round clock proposes and the fact it states the minutes in: the pack's, never the code's. */
export function clockInfraction(t: Tournament): { readonly infraction: string; readonly minutesFact: string } {
  const { infraction, minutesFact } = t.pack.content.settings.tardiness;
  return { infraction, minutesFact };
}

/** The round a penalty's effect is about: the match it was found in, or the next match for a report between matches. */
function landingRound(p: PenaltyState): number | undefined {
  return p.report.phase === 'between-matches' ? p.context.nextFromRound : p.context.currentMatch?.round;
}

/**
 * The round a lateness is about: the round the player was late for (the match they were in,
 * or the round running when it was reported), never the round its penalty lands on. A lateness
 * found between matches whose duel loss waits for the next round is still the running round's.
 */
export const lateFor = (p: PenaltyState): number => p.context.currentMatch?.round ?? p.context.round;

/** The tardiness penalty in force for this player's lateness in `round`, if one was issued. */
export function latenessPenalty(t: Tournament, player: string, round: number): PenaltyState | undefined {
  return penaltiesInForce(t).find(
    (p) => p.player === player && p.report.infraction === clockInfraction(t).infraction && lateFor(p) === round,
  );
}

/** The tardiness penalty already issued for the lateness a new tardiness report would be about (the running round's). */
export function sameLateness(t: Tournament, player: string, infraction: string | undefined): PenaltyState | undefined {
  if (infraction !== clockInfraction(t).infraction) return undefined;
  const running = latestRound(t);
  if (!running || running.ended) return undefined;
  return latenessPenalty(t, player, running.number);
}

const severity = (penalty: PenaltyId): number => PENALTY_IDS.indexOf(penalty);

/**
 * A second report of a lateness already penalized: TardinessRaised when the guideline for the
 * minutes now stated is heavier (keeping the first report's phase and match, and leaving the
 * replaced penalty out of the repeat count), or `lateness-already-penalized`.
 */
export function decideSameLateness(command: IssuePenalty, t: Tournament, issued: PenaltyState): Drafted {
  const d = command.data;
  const refused = err(
    domainError('lateness-already-penalized', { player: d.player, penalty: String(issued.id), issued: issued.penalty }),
  );
  const clock = clockInfraction(t);
  const minutesLate = d.report.facts?.[clock.minutesFact];
  if (typeof minutesLate !== 'number') return refused;
  const round = landingRound(issued);
  const lateRound = round === undefined ? undefined : findRound(t, round);
  const match = lateRound && matchOf(lateRound, d.player);
  if (lateRound && match && match.report !== null)
    return err(domainError('match-already-decided', { round: lateRound.number, table: match.table }));

  const report: AssessReport = {
    infraction: clock.infraction,
    facts: { ...issued.report.facts, [clock.minutesFact]: minutesLate },
    phase: issued.report.phase,
    ...(issued.report.matchAlreadyLost === undefined ? {} : { matchAlreadyLost: issued.report.matchAlreadyLost }),
    previous: repeatHistory(t, d.player, issued.id),
  };
  const assessed = assess(report, t.pack.content);
  if (!assessed.ok) return err(domainError('assess-failed', assessed.error));
  const guideline = assessed.value;
  const choice = d.choice;
  const upgrade = choice?.kind === 'other' && isRepeatUpgrade(t.pack.content, guideline, choice.penalty);
  if (choice?.kind === 'other' && !upgrade && choice.penalty !== guideline.penalty) {
    // A penalty other than the guideline for this lateness is the head judge's appeal (a change with a reason).
    return err(
      domainError('invalid-command', {
        field: 'choice',
        problem: explain('lateness-raise-to-guideline'),
      }),
    );
  }
  const penalty = upgrade ? (choice.penalty as PenaltyId) : guideline.penalty;
  if (severity(penalty) <= severity(issued.penalty)) return refused;

  const landed = chooseLanding({
    pack: t.pack.content,
    player: d.player,
    penalty,
    phase: issued.report.phase,
    matchAlreadyLost: issued.report.matchAlreadyLost === true,
    appliesTo: d.appliesTo,
    duel: d.duel,
    context: issued.context,
    bestOf: bestOfCurrent(t, issued.context),
  });
  if (!landed.ok) return landed;
  const moved = { penalty, deviation: false, movedToNextMatch: landed.value.movedToNextMatch };
  if (needsHeadJudge(t.pack.content.settings, moved) && command.meta.actor.role !== 'head-judge') {
    return err(domainError('role-required', { roles: ['head-judge'], actual: command.meta.actor.role }));
  }
  return ok([
    {
      type: 'TardinessRaised',
      data: {
        penaltyId: issued.id,
        report,
        guideline,
        penalty,
        repeatUpgrade: upgrade,
        landing: landed.value.landing,
        judge: command.meta.actor,
      },
    },
  ]);
}
