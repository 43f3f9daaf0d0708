import { useTranslation } from 'react-i18next';
import { infractionOf, penaltyOf, usePack } from '../api/policy';
import { can, useSession } from '../api/session';
import { paths } from '../api/tournament-api';
import { useTournament } from '../api/tournament-context';
import type { PenaltyView } from '../api/types';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { usePenalties } from '../penalty/penalty-flow';
import { Link } from '../router';

/*
 * The tournament's log for the organizer: every penalty ever issued (cautions and rescinded
 * ones included, with what it is now after appeals), and the CSV exports of standings and
 * penalties the API writes (UTF-8 with a BOM, so Excel opens them; headers in either language).
 * The head judge also gets each penalty's printable incident report (a new tab, printed from
 * the browser) and the report bundle: one tar, the same files `shinpan report event` writes,
 * so one download carries the manifest with the files it vouches for (no zip dependency).
 */

const EXPORTS = ['standings.csv', 'penalties.csv'] as const;

export function TournamentLog() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { id } = useTournament();
  const penalties = usePenalties();
  const { account } = useSession();
  const reports = can(account, 'reports:read', id);
  const exportPath = (format: string, headers: 'ja' | 'en') =>
    `/api/tournaments/${encodeURIComponent(id)}/export?format=${format}&lang=${headers}`;
  return (
    <section className="stack">
      <h1>{t('log.title')}</h1>
      <section className="panel" aria-labelledby="exports-title">
        <h2 id="exports-title">{t('log.exports')}</h2>
        <p className="muted">{t('log.exportsNote')}</p>
        <ul className="export-links" data-testid="exports">
          {EXPORTS.map((format) =>
            (['ja', 'en'] as const).map((headers) => (
              <li key={`${format}-${headers}`}>
                <a className="button button-small" href={exportPath(format, headers)} download>
                  {t(format === 'standings.csv' ? 'log.standingsCsv' : 'log.penaltiesCsv', {
                    language: t(`log.headers-${headers}`),
                  })}
                </a>
              </li>
            )),
          )}
        </ul>
      </section>
      {reports && (
        <section className="panel" aria-labelledby="bundle-title">
          <h2 id="bundle-title">{t('log.bundle')}</h2>
          <p className="muted">{t('log.bundleNote')}</p>
          <a className="button button-small" href={paths.reportBundle(id)} download data-testid="report-bundle">
            {t('log.bundleDownload')}
          </a>
        </section>
      )}
      <h2>{t('log.penalties')}</h2>
      <Loaded resource={penalties}>
        {(list) =>
          list.length === 0 ? (
            <p className="empty">{t('log.none')}</p>
          ) : (
            <ul className="card-list" data-testid="penalty-log">
              {list.map((p) => (
                <PenaltyLine key={p.id} penalty={p} lang={lang} tournament={id} reports={reports} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function PenaltyLine({
  penalty: p,
  lang,
  tournament,
  reports,
}: {
  penalty: PenaltyView;
  lang: 'ja' | 'en';
  tournament: string;
  reports: boolean;
}) {
  const { t } = useTranslation();
  const { pick } = useLang();
  const { pack } = usePack();
  return (
    <li className={`card${p.status === 'rescinded' ? ' card-disabled' : ''}`} data-testid={`log-${p.id}`}>
      <div className="title-row">
        <p>
          <strong>#{p.id}</strong>{' '}
          <Link to={`/t/${encodeURIComponent(tournament)}/players/${encodeURIComponent(p.player)}`}>{p.name}</Link>{' '}
          <span className="muted">{p.player}</span>
        </p>
        <span className={p.status === 'in-force' ? 'badge' : 'badge badge-warn'}>{t(`log.status-${p.status}`)}</span>
      </div>
      <p>
        {pick(infractionOf(pack, p.infraction)?.name) || p.infraction} →{' '}
        <strong>{pick(penaltyOf(pack, p.penalty)?.name) || p.penalty}</strong>
        {p.penalty !== p.guideline && (
          <span className="muted">
            {' '}
            ({t('record.guidelineWas', { penalty: pick(penaltyOf(pack, p.guideline)?.name) })})
          </span>
        )}
      </p>
      <p className="muted">
        {t('log.when', {
          time: formatTime(p.at, lang),
          round: p.round,
          table: p.table ?? '—',
          judge: p.judge.id,
        })}
      </p>
      {p.deviationReason && <p className="muted">{t('log.deviation', { reason: p.deviationReason })}</p>}
      {reports && (
        <p>
          <a
            className="button button-small"
            href={paths.incidentReport(tournament, p.id, lang)}
            target="_blank"
            rel="noopener"
            data-testid={`incident-${p.id}`}
          >
            {t('log.incidentReport')}
          </a>
        </p>
      )}
    </li>
  );
}
