import { domainError, type DomainError } from './domain-errors.js';
import { TOP_CUT_SIZES } from './events.js';

/*
 * The size of a top cut. A bracket is a power of two; a top cut of another size (top 6, top
 * 12…) leaves places in the bracket that the top seeds fill with a first-round bye. That
 * changes who plays, so it happens only where the organizer asks for it (`topCutByes`);
 * otherwise a size that is not a power of two is refused, saying so.
 */

/** The largest top cut, with or without byes. */
export const MAX_TOP_CUT = 256;

/** Why `topCut` cannot be the top cut of a Swiss, or null. */
export function checkTopCut(field: string, topCut: unknown, byes: unknown): DomainError | null {
  if (byes !== undefined && typeof byes !== 'boolean')
    return domainError('invalid-command', {
      field: `${field}Byes`,
      problem: { ja: 'true か false が必要です', en: 'expected true or false' },
    });
  if ((TOP_CUT_SIZES as readonly unknown[]).includes(topCut)) return null;
  const n = topCut as number;
  const whole = Number.isInteger(n) && n >= 2 && n <= MAX_TOP_CUT;
  if (whole && byes === true) return null;
  return domainError('invalid-command', {
    field,
    problem: whole
      ? {
          ja: `上位${n}名は2のべき乗ではありません: ${TOP_CUT_SIZES.slice(1).join(', ')} のいずれかにするか、上位シードの1回戦不戦勝（byes）を指定してください`,
          en: `a top ${n} is not a power of two: choose ${TOP_CUT_SIZES.slice(1).join(', ')}, or ask for first-round byes for the top seeds`,
        }
      : {
          ja: `0（決勝トーナメントなし）か 2〜${MAX_TOP_CUT} の整数が必要です`,
          en: `expected 0 (no top cut) or a whole number from 2 to ${MAX_TOP_CUT}`,
        },
  });
}
