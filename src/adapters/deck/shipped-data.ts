import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

/** The OCG card database shinpan ships (facts from the shared real data, built by scripts/build-catalogue.ts). */
export const ocgCardDatabasePath = (): string => join(packageRoot(), 'catalogue', 'ocg-cards.jsonl');

/** The dated OCG Forbidden/Limited history shinpan ships, one list per first day. */
export const ocgListHistoryPath = (): string => join(packageRoot(), 'catalogue', 'ocg-lflists.conf');

/** The 308-card sample catalogue the unit tests and the demo use. */
export const sampleCataloguePath = (): string => join(packageRoot(), 'catalogue', 'shinpan-cards.jsonl');

/** The sample F/L list file shipped with the sample catalogue (a sample, not an official list). */
export const sampleLflistPath = (): string => join(packageRoot(), 'catalogue', 'sample-5ds.lflist.conf');

/** The sample decklists of the demo. */
export const sampleDecksDir = (): string => join(packageRoot(), 'catalogue', 'decks');
