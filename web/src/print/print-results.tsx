import { useT } from '../i18n/use-t';
import type { ResultsReport } from '../../../src/app/reports/results-report.js';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { TableScroll } from '../components/table-scroll';
import { useLang } from '../i18n/i18n';
import { PrintPage } from './print-page';
import { DeskTexts } from '../i18n/desk-texts';

/**
 * The results report a sanctioned shop event sends, on paper: the event and how many took part
 * (an entry dropped before it played is no participant), the top places, the penalties in force
 * counted per rung and listed. The CSV link gives the same report for a spreadsheet.
 */
export function PrintResults() {
  return (
    <DeskTexts>
      <ResultsPage />
    </DeskTexts>
  );
}

function ResultsPage() {
  const { t } = useT();
  const { lang, pick } = useLang();
  const { id } = useTournament();
  const base = `/api/tournaments/${encodeURIComponent(id)}/export`;
  const report = useResource<ResultsReport>(`${base}?format=results.json`);
  return (
    <PrintPage title={t('results.title')}>
      <p className="no-print">
        <a
          className="button button-small"
          href={`${base}?format=results.csv&lang=${lang}`}
          download
          data-testid="results-csv"
        >
          {t('results.csv')}
        </a>
      </p>
      <Loaded resource={report}>
        {(r) => (
          <div className="stack results-report" data-testid="results-report">
            {!r.tournament.finished && <p className="notice notice-warn">{t('results.running')}</p>}
            <dl className="facts">
              <div>
                <dt>{t('results.participants')}</dt>
                <dd data-testid="results-participants">{t('results.people', { n: r.participants })}</dd>
              </div>
              <div>
                <dt>{t('results.rounds')}</dt>
                <dd>{t('results.roundCount', { swiss: r.tournament.swissRounds, cut: r.tournament.topCutRounds })}</dd>
              </div>
            </dl>
            <h2>{t('results.top')}</h2>
            <TableScroll label={t('results.top')}>
              <table className="data" data-testid="results-top">
                <thead>
                  <tr>
                    <th scope="col">{t('results.place')}</th>
                    <th scope="col">{t('results.name')}</th>
                    <th scope="col">{t('results.cardGameId')}</th>
                    <th scope="col">{t('results.record')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.top.map((p) => (
                    <tr key={p.player}>
                      <td>{t('results.placeN', { n: p.place })}</td>
                      <th scope="row">
                        {p.name} <span className="muted">{p.player}</span>
                      </th>
                      <td>{p.cardGameId ?? '—'}</td>
                      <td>{`${p.wins}-${p.losses}-${p.draws}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <h2>{t('results.penalties')}</h2>
            <ul className="results-counts" data-testid="results-penalty-counts">
              {r.penaltyCounts.map((c) => (
                <li key={c.penalty}>
                  {pick(c.name)} <strong>{c.count}</strong>
                </li>
              ))}
            </ul>
            {r.penalties.length > 0 && (
              <TableScroll label={t('results.penalties')}>
                <table className="data" data-testid="results-penalties">
                  <thead>
                    <tr>
                      <th scope="col">{t('results.round')}</th>
                      <th scope="col">{t('results.name')}</th>
                      <th scope="col">{t('results.infraction')}</th>
                      <th scope="col">{t('results.penalty')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.penalties.map((p) => (
                      <tr key={p.id}>
                        <td>{p.round}</td>
                        <th scope="row">{p.name}</th>
                        <td>{pick(p.infraction)}</td>
                        <td>{pick(p.penaltyName)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </div>
        )}
      </Loaded>
    </PrintPage>
  );
}
