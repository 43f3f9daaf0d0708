import type { Phase } from './assess-types.js';
import type { Text } from '../text.js';

/** When an infraction was found, in words: the CLI's tables and the exports' Japanese and English files. */
export const PHASE_NAMES: Readonly<Record<Phase, Text>> = {
  'in-duel': { ja: 'デュエル中', en: 'in a duel' },
  'between-duels': { ja: 'デュエル間', en: 'between duels' },
  'between-matches': { ja: 'マッチ間', en: 'between matches' },
};
