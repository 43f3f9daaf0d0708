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

/** A stage's match format: duels per match and the length of its rounds. */
export interface StageFormat {
  readonly bestOf: BestOf;
  readonly roundMinutes: number;
}

/** Duel wins that take a match: 1 of 1, 2 of 3, 3 of 5. */
export const winsNeeded = (bestOf: BestOf): number => (bestOf + 1) / 2;

/** What a stage plays when the settings name nothing for it: best of 3, the tournament's round length (every log from before formats). */
export function stageFormat(
  settings: { readonly roundMinutes: number; readonly stages?: Partial<Record<Stage, StageFormat>> },
  stage: Stage,
): StageFormat {
  return settings.stages?.[stage] ?? { bestOf: DEFAULT_BEST_OF, roundMinutes: settings.roundMinutes };
}

/** The duel numbers a judge can name in a match of the format: 1 to `bestOf`. */
export const duelsPerMatch = (bestOf: BestOf): number => bestOf;

/**
 * The most duels a match's result can hold: a single duel is the whole match (drawn at time,
 * the match is drawn); a longer match may play on after a drawn duel while time remains.
 */
export const maxDuelsPlayed = (bestOf: BestOf): number => (bestOf === 1 ? 1 : Number.POSITIVE_INFINITY);

/**
 * Whether a match stands decided by its duels: one side has the duel wins the format takes, or
 * it holds as many duels as its result can (a drawn single duel is the whole match). The core
 * plays reported duels by it and the console's result entry stops offering duels by it.
 */
export function matchDecided(bestOf: BestOf, duelWins: readonly number[], duelsPlayed: number): boolean {
  const need = winsNeeded(bestOf);
  return duelWins.some((w) => w >= need) || duelsPlayed >= maxDuelsPlayed(bestOf);
}

/**
 * The duels of a score in the one order shinpan fills them in (quick buttons, a player's
 * report): each of the loser's wins follows one of the winner's, and the winner takes the last,
 * so the match ends on the score's last duel. The order changes neither the match nor the
 * standings; one order keeps every screen's lists alike.
 */
export function duelsOfScore(winner: string, loser: string, won: number, lost: number): string[] {
  const duels: string[] = [];
  for (let i = 0; i < Math.min(won, lost); i++) duels.push(winner, loser);
  for (let i = lost; i < won; i++) duels.push(winner);
  return duels;
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
