import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Link } from '../router';
import { type CallsView, callPaths } from './calls-api';

/** On top of the head judge's queue: the judge calls floor judges passed up, with their words; each opens the calls screen. */
export function EscalatedCalls() {
  const { t } = useT();
  const { id } = useTournament();
  const calls = useResource<CallsView>(callPaths.calls(id));
  const escalated = calls.data?.calls.filter((c) => c.state === 'escalated') ?? [];
  if (escalated.length === 0) return null;
  return (
    <section className="stack" data-testid="queue-calls">
      <h2>{t('calls.escalatedTitle', { count: escalated.length })}</h2>
      <ul className="card-list">
        {escalated.map((c) => (
          <li key={c.id} className="card call-card call-escalated">
            <p>
              <strong className="table-label">{t('round.table', { table: c.table })}</strong>{' '}
              <span className="muted">{c.players.map((p) => p.name).join(' – ')}</span>
            </p>
            {c.escalation && (
              <p>
                {t('calls.escalatedBy', { judge: c.escalation.by })}
                {c.escalation.note ? ` 「${c.escalation.note}」` : ''}
              </p>
            )}
            <Link className="button" to={`/t/${encodeURIComponent(id)}/calls`}>
              {t('calls.open')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
