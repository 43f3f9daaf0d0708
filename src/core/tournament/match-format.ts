import { explain } from './command-problems.js';
import { checkInteger, firstError } from './command-checks.js';
import { domainError, type DomainError } from './domain-errors.js';
import { BEST_OF, DEFAULT_BEST_OF, ROUND_MINUTES, type BestOf } from './limits.js';
import type { Stage } from './match-record.js';

/*
 * How many duels a match has, per stage: single-duel matches (シングル戦) are common in the
 * Swiss of Japanese events, best of 3 (マッチ戦) in top cuts; best of 5 for a top cut is
 * allowed because it costs nothing more. A round records its format when it is paired.
 */

// The formats themselves are bounds, kept with the others in limits.ts.
export { BEST_OF, type BestOf } from './limits.js';
// A score's arithmetic has a file of its own (the player's page loads it without the checks below).
export { duelsOfScore, duelsPerMatch, matchDecided, maxDuelsPlayed, winsNeeded } from './match-score.js';

/** A stage's match format: duels per match and the length of its rounds. */
export interface StageFormat {
  readonly bestOf: BestOf;
  readonly roundMinutes: number;
}

/** What a stage plays when the settings name nothing for it: best of 3, the tournament's round length (every log from before formats). */
export function stageFormat(
  settings: { readonly roundMinutes: number; readonly stages?: Partial<Record<Stage, StageFormat>> },
  stage: Stage,
): StageFormat {
  return settings.stages?.[stage] ?? { bestOf: DEFAULT_BEST_OF, roundMinutes: settings.roundMinutes };
}

const STAGES: readonly Stage[] = ['swiss', 'top-cut'];

/** Why the per-stage formats of a creation or phase cannot be used, or null. */
export function checkStageFormats(field: string, stages: unknown): DomainError | null {
  if (stages === undefined) return null;
  if (typeof stages !== 'object' || stages === null || Array.isArray(stages)) {
    return domainError('invalid-command', {
      field,
      problem: explain('stage-formats'),
    });
  }
  const unknownStage = Object.keys(stages).find((k) => !STAGES.includes(k as Stage));
  if (unknownStage !== undefined) {
    return domainError('invalid-command', {
      field: `${field}.${unknownStage}`,
      problem: explain('unknown-stage', { choices: STAGES }),
    });
  }
  return firstError(
    ...Object.entries(stages as Record<string, unknown>).map(([stage, format]) =>
      checkStageFormat(`${field}.${stage}`, format),
    ),
  );
}

/** Why one stage format cannot be used, or null. */
export function checkStageFormat(field: string, format: unknown): DomainError | null {
  const f = (typeof format === 'object' && format !== null ? format : {}) as Partial<
    Record<keyof StageFormat, unknown>
  >;
  return firstError(
    BEST_OF.includes(f.bestOf as BestOf)
      ? null
      : domainError('invalid-command', {
          field: `${field}.bestOf`,
          problem: explain('one-of', { choices: BEST_OF }),
        }),
    checkInteger(`${field}.roundMinutes`, f.roundMinutes, ROUND_MINUTES),
  );
}
