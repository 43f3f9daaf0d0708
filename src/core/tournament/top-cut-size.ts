import { explain } from './command-problems.js';
import { domainError, type DomainError } from './domain-errors.js';
import { MAX_TOP_CUT, TOP_CUT_SIZES } from './limits.js';

/*
 * The size of a top cut. A bracket is a power of two; a top cut of another size (top 6, top
 * 12…) leaves places in the bracket that the top seeds fill with a first-round bye. That
 * changes who plays, so it happens only where the organizer asks for it (`topCutByes`);
 * otherwise a size that is not a power of two is refused, saying so.
 */

/** Why `topCut` cannot be the top cut of a Swiss, or null. */
export function checkTopCut(field: string, topCut: unknown, byes: unknown): DomainError | null {
  if (byes !== undefined && typeof byes !== 'boolean')
    return domainError('invalid-command', { field: `${field}Byes`, problem: explain('true-or-false') });
  if ((TOP_CUT_SIZES as readonly unknown[]).includes(topCut)) return null;
  const n = topCut as number;
  const whole = Number.isInteger(n) && n >= 2 && n <= MAX_TOP_CUT;
  if (whole && byes === true) return null;
  return domainError('invalid-command', {
    field,
    problem: whole
      ? explain('top-cut-not-power-of-two', { size: n, sizes: TOP_CUT_SIZES.slice(1) })
      : explain('top-cut-size', { max: MAX_TOP_CUT }),
  });
}
