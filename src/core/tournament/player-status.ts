import type { Text } from '../text.js';
import type { PlayerStatus } from './state-queries.js';

/** How each status reads in standings, player lists and exports (rule 1-E/1-F name the two disqualifications). */
export const PLAYER_STATUS_NAMES: Readonly<Record<PlayerStatus, Text>> = {
  active: { ja: '', en: '' },
  dropped: { ja: 'ドロップ', en: 'dropped' },
  disqualified: { ja: '失格', en: 'disqualified' },
  'disqualified-forfeit-prizes': { ja: '受賞資格を失う失格', en: 'disqualified with loss of prizes' },
};
