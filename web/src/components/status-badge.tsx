import { useT } from '../i18n/use-t';
import type { PlayerStatus } from '../../../src/core/tournament/match-record.js';

const KEYS: Readonly<Record<Exclude<PlayerStatus, 'active'>, string>> = {
  dropped: 'players.dropped',
  disqualified: 'players.disqualified',
  'disqualified-forfeit-prizes': 'players.disqualifiedForfeit',
};

/** Why a player is out (rule 1-E/1-F name the two disqualifications); nothing for a player still in. */
export function StatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useT();
  if (status === 'active') return null;
  return <span className={status === 'dropped' ? 'badge' : 'badge badge-warn'}>{t(KEYS[status])}</span>;
}
