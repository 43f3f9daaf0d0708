import { useT } from '../i18n/use-t';
import { infractionOf, penaltyOf, usePack } from '../api/policy';
import { can, useSession } from '../api/session';
import { paths } from '../api/tournament-api';
import { useTournament } from '../api/tournament-context';
import type { PenaltyView } from '../api/types';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { usePenalties } from '../penalty/penalty-flow';
import { Link } from '../router';
import { DeskTexts } from '../i18n/desk-texts';
import { useResource } from '../api/resource';
import { PlayerName } from '../components/player-name';
import { TableScroll } from '../components/table-scroll';
import type { TardinessEntry } from '../../../src/app/tardiness-log.js';
import { useStaffName } from '../api/staff-names';

/*
 * The tournament's log for the organizer: every penalty ever issued (cautions and rescinded
 * ones included, with what it is now after appeals), and the CSV exports of standings and
 * penalties the API writes (UTF-8 with a BOM, so Excel opens them; headers in either language).
 * The head judge also gets each penalty's printable incident report (a new tab, printed from
 * the browser) and the report bundle: one tar, the same files `shinpan report event` writes,
 * so one download carries the manifest with the files it vouches for (no zip dependency).
 */

const EXPORTS = ['standings.csv', 'penalties.csv', 'tardiness.csv'] as const;
const EXPORT_LABELS = {
  'standings.csv': 'log.standingsCsv',
  'penalties.csv': 'log.penaltiesCsv',
  'tardiness.csv': 'log.tardinessCsv',
} as const;

function ResultsReportLink({ id }: { id: string }) {
  const { t } = useT();
  return (
    <Link to={`/t/${encodeURIComponent(id)}/print/results`} data-testid="results-report-link">
      {t('results.title')}
    </Link>
  );
}

export function TournamentLog() {
  const { t } = useT();
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
                  {t(EXPORT_LABELS[format], {
                    language: t(`log.headers-${headers}`),
                  })}
                </a>
              </li>
            )),
          )}
        </ul>
        {/* The results report's page offers its CSV too; its words are the desk's (desk-texts.tsx). */}
        <DeskTexts>
          <ResultsReportLink id={id} />
        </DeskTexts>
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
      <TardinessTable />
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

/** Everyone seated after the seat time (or penalized for lateness), round by round, with the penalty given. */
function TardinessTable() {
  const { t } = useT();
  const { pick, lang } = useLang();
  const { pack } = usePack();
  const { id } = useTournament();
  const tardiness = useResource<{ tardiness: readonly TardinessEntry[] }>(
    `/api/tournaments/${encodeURIComponent(id)}/export?format=tardiness.json`,
  );
  return (
    <section aria-labelledby="tardiness-title">
      <h2 id="tardiness-title">{t('log.tardiness')}</h2>
      <Loaded resource={tardiness}>
        {({ tardiness: rows }) =>
          rows.length === 0 ? (
            <p className="empty">{t('log.noTardiness')}</p>
          ) : (
            <TableScroll label={t('log.tardiness')}>
              <table className="data" data-testid="tardiness">
                <thead>
                  <tr>
                    <th scope="col">{t('record.round')}</th>
                    <th scope="col">{t('record.table')}</th>
                    <th scope="col">{t('standings.player')}</th>
                    <th scope="col">{t('log.seatedAt')}</th>
                    <th scope="col" className="num">
                      {t('log.minutesLate')}
                    </th>
                    <th scope="col">{t('log.penalty')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={`${r.round}-${r.player}`}>
                      <td className="num">{r.round}</td>
                      <td className="num">{r.table ?? '—'}</td>
                      <th scope="row">
                        <PlayerName name={r.name} /> <span className="muted">{r.player}</span>
                      </th>
                      <td>
                        {r.seatedAt === null ? '—' : formatTime(r.seatedAt, lang)}{' '}
                        <span className="muted">({formatTime(r.seatTime, lang)})</span>
                      </td>
                      <td className="num">{r.minutesLate ?? '—'}</td>
                      <td>{r.penalty === null ? '—' : `#${r.penaltyId} ${pick(penaltyOf(pack, r.penalty)?.name)}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
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
  const { t } = useT();
  const { pick } = useLang();
  const { pack } = usePack();
  const staffName = useStaffName();
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
          judge: staffName(p.judge.id),
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
