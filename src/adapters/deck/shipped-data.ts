import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

/** The small catalogue shinpan ships (real card facts, our own file) for the demo and tests. */
export const shippedCataloguePath = (): string => join(packageRoot(), 'catalogue', 'shinpan-cards.jsonl');

/** The sample F/L list file shipped with the catalogue (a sample, not an official list). */
export const sampleLflistPath = (): string => join(packageRoot(), 'catalogue', 'sample-5ds.lflist.conf');

/** The sample decklists of the demo. */
export const sampleDecksDir = (): string => join(packageRoot(), 'catalogue', 'decks');
