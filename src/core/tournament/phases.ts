import { explain, type Problem } from './command-problems.js';
import { err, ok } from '../result.js';
import { checkBounded, checkTime, firstError } from './command-checks.js';
import { PHASE_NAME } from './limits.js';
import type { Drafted, StartPhase } from './commands.js';
import { domainError } from './domain-errors.js';
import { checkStageFormat, stageFormat, type StageFormat } from './match-format.js';
import type { Stage } from './match-record.js';
import { latestRound } from './state-queries.js';
import type { PhaseState, Tournament } from './state.js';

/*
 * Swiss phases: a large event plays day one, cuts, and plays day two with its own seat time,
 * round length and possibly match format. Standings carry over: a phase only changes how its
 * rounds are played, never how they count.
 */

/** The phase round `round` belongs to; `undefined` for the first phase (day one). */
export function phaseOf(t: Tournament, round: number): PhaseState | undefined {
  let found: PhaseState | undefined;
  for (const p of t.phases) if (p.fromRound <= round) found = p;
  return found;
}

/** The format round `round` of `stage` is paired with: its phase's for a Swiss round of a later phase, else the stage's. */
export function roundFormat(t: Tournament, stage: Stage, round: number): StageFormat {
  const phase = stage === 'swiss' ? phaseOf(t, round) : undefined;
  return phase?.format ?? stageFormat(t.settings, stage);
}

/** PhaseStarted from the round after the latest, which must be an ended Swiss round with Swiss rounds left. */
export function decideStartPhase(command: StartPhase, t: Tournament): Drafted {
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  const { name, seatTime } = command.data;
  const s = t.settings.structure;
  const last = latestRound(t);
  const refuse = (reason: Problem): Drafted => err(domainError('phase-not-allowed', { reason }));
  if (s.kind !== 'swiss') return refuse(explain('no-swiss-rounds'));
  if (!last) return refuse(explain('no-round-for-phase'));
  if (last.stage !== 'swiss') return refuse(explain('top-cut-begun'));
  if (!last.ended) return err(domainError('round-not-finished', { round: last.number }));
  const fromRound = last.number + 1;
  if (fromRound > s.rounds) return refuse(explain('swiss-rounds-played', { rounds: s.rounds }));
  if (t.phases.some((p) => p.fromRound === fromRound))
    return refuse(explain('phase-already-started', { round: fromRound }));
  const current = roundFormat(t, 'swiss', fromRound);
  const format: StageFormat = {
    bestOf: command.data.bestOf ?? current.bestOf,
    roundMinutes: command.data.roundMinutes ?? current.roundMinutes,
  };
  const problem = firstError(
    checkBounded('name', name, PHASE_NAME),
    checkStageFormat('format', format),
    seatTime === undefined ? null : checkTime('seatTime', seatTime),
  );
  if (problem) return err(problem);
  return ok([{ type: 'PhaseStarted', data: { name: name.trim(), fromRound, format, seatTime: seatTime ?? null } }]);
}
