import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { type FloorView, callPaths } from './calls-api';
import { useStaffName } from '../api/staff-names';

const seconds = (s: number | null): string =>
  s === null ? '—' : `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/**
 * The head judge's view of the floor this round: calls open, calls per judge, the median
 * time to claim and to resolve, the tables with an extension, and any table that called
 * twice or more (highlighted: a pattern worth a look).
 */
export function FloorSummary() {
  const { t } = useT();
  const { id } = useTournament();
  const floor = useResource<FloorView>(callPaths.floor(id));
  const staffName = useStaffName();
  return (
    <Loaded resource={floor}>
      {(f) =>
        f.round === null ? null : (
          <section className="card stack" data-testid="call-floor">
            <h2>{t('calls.floor.title', { round: f.round })}</h2>
            <dl className="floor-stats">
              <dt>{t('calls.floor.open')}</dt>
              <dd data-testid="floor-open">{f.open.length}</dd>
              <dt>{t('calls.floor.toClaim')}</dt>
              <dd>{seconds(f.medianSecondsToClaim)}</dd>
              <dt>{t('calls.floor.toResolve')}</dt>
              <dd>{seconds(f.medianSecondsToResolve)}</dd>
            </dl>
            {f.repeatTables.length > 0 && (
              <p className="notice notice-warn" data-testid="floor-repeat">
                {t('calls.floor.repeat', {
                  tables: f.repeatTables.map((r) => t('calls.floor.tableCalls', r)).join(', '),
                })}
              </p>
            )}
            {f.judges.length > 0 && (
              <table className="data">
                <thead>
                  <tr>
                    <th>{t('calls.floor.judge')}</th>
                    <th>{t('calls.floor.claimed')}</th>
                    <th>{t('calls.floor.resolved')}</th>
                  </tr>
                </thead>
                <tbody>
                  {f.judges.map((j) => (
                    <tr key={j.judge}>
                      <td>{staffName(j.judge)}</td>
                      <td>{j.claimed}</td>
                      <td>{j.resolved}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p data-testid="floor-extensions">
              {f.extensions.length === 0
                ? t('calls.floor.noExtensions')
                : t('calls.floor.extensions', {
                    tables: f.extensions.map((e) => t('calls.floor.tableMinutes', e)).join(', '),
                  })}
            </p>
          </section>
        )
      }
    </Loaded>
  );
}
