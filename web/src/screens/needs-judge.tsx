import { useMemo } from 'react';
import { selfPaths, type QueueView } from '../self-service/self-service-api';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Link } from '../router';

export type JudgeReason = QueueView['queue'][number]['reason'];
const NO_TABLES: ReadonlyMap<number, JudgeReason> = new Map();

/**
 * This round's tables whose players' reports wait for a judge (disputed, or unconfirmed in
 * time), from the judges' queue every staff member may read: a floor judge sees them on the
 * round, not only the head judge in the queue.
 */
export function useNeedsJudge(tournament: string | null, round: number): ReadonlyMap<number, JudgeReason> {
  const queue = useResource<QueueView>(tournament ? selfPaths.queue(tournament) : null);
  return useMemo(() => {
    const found = queue.data?.queue.filter((q) => q.round === round) ?? [];
    return found.length === 0 ? NO_TABLES : new Map(found.map((q) => [q.table, q.reason]));
  }, [queue.data, round]);
}

/** At the top of the round: the tables that need a judge, each a link that opens the round on that table. */
export function NeedsJudgeNotice({ tables, round }: { tables: ReadonlyMap<number, JudgeReason>; round: number }) {
  const { t } = useT();
  const { id } = useTournament();
  return (
    <div className="notice notice-warn" data-testid="needs-judge">
      <p>{t('round.needsJudgeTitle', { count: tables.size })}</p>
      <ul className="link-list">
        {[...tables].map(([table, reason]) => (
          <li key={table}>
            <Link to={`/t/${encodeURIComponent(id)}/rounds/${round}?table=${table}`}>
              {t('round.table', { table })}
            </Link>{' '}
            <span className="muted">{t(`selfService.queue.${reason}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
