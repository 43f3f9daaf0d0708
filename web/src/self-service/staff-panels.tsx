import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { Link } from '../router';
import { scoreOf } from './score-options';
import {
  selfPaths,
  selfWrites,
  type MatchReportsView,
  type PlayerReportView,
  type QueueView,
} from './self-service-api';

/*
 * What staff see of the players' own reports: the organizer's setting, the judges' queue of
 * disputed and unconfirmed reports, and one match's reports side by side.
 */

/** The organizer lets players report results (off by default) and sets how long a report waits for the opponent. */
export function PlayerReportingControl() {
  const { t } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  const organizer = can(account, 'SetPlayerReporting', id);
  const queue = useResource<QueueView>(can(account, 'staff:read', id) ? selfPaths.queue(id) : null);
  const version = useVersion(queue);
  const [minutes, setMinutes] = useState<string | null>(null);
  if (!queue.data) return null;
  const { enabled, confirmMinutes } = queue.data.reporting;
  const value = minutes ?? String(confirmMinutes);
  const valid = /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 60;
  return (
    <div className="card stack" data-testid="player-reporting">
      <h2>{t('selfService.setting.title')}</h2>
      <p>{enabled ? t('selfService.setting.on', { count: confirmMinutes }) : t('selfService.setting.off')}</p>
      {organizer && (
        <>
          <TextField
            label={t('selfService.setting.minutes')}
            inputMode="numeric"
            value={value}
            onChange={(e) => setMinutes(e.target.value)}
            {...(valid ? {} : { error: t('selfService.setting.minutesRange') })}
          />
          <WriteButton
            className={enabled ? 'button' : 'button button-primary'}
            disabled={!valid}
            onWrite={() => selfWrites.setReporting(id, version, !enabled, Number(value))}
            onDone={() => setMinutes(null)}
            data-testid="player-reporting-toggle"
          >
            {enabled ? t('selfService.setting.turnOff') : t('selfService.setting.turnOn')}
          </WriteButton>
          {enabled && Number(value) !== confirmMinutes && valid && (
            <WriteButton
              onWrite={() => selfWrites.setReporting(id, version, true, Number(value))}
              onDone={() => setMinutes(null)}
            >
              {t('selfService.setting.save')}
            </WriteButton>
          )}
        </>
      )}
    </div>
  );
}

/** The organizer shows players, on their own page, why their Swiss pairing was made (off by default). */
export function PairingReasonsControl() {
  const { t } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  const organizer = can(account, 'SetPlayerPairingReasons', id);
  const queue = useResource<QueueView>(can(account, 'staff:read', id) ? selfPaths.queue(id) : null);
  const version = useVersion(queue);
  if (!queue.data) return null;
  const shown = queue.data.pairingReasons;
  return (
    <div className="card stack" data-testid="pairing-reasons-setting">
      <h2>{t('selfService.reasons.title')}</h2>
      <p>{shown ? t('selfService.reasons.on') : t('selfService.reasons.off')}</p>
      {organizer && (
        <WriteButton
          className={shown ? 'button' : 'button button-primary'}
          onWrite={() => selfWrites.setPairingReasons(id, version, !shown)}
          data-testid="pairing-reasons-toggle"
        >
          {shown ? t('selfService.reasons.turnOff') : t('selfService.reasons.turnOn')}
        </WriteButton>
      )}
    </div>
  );
}

/** Links for staff on the tournament overview: check-in and the registration slips with QR codes. */
export function SelfServiceLinks() {
  const { t } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  if (!can(account, 'staff:read', id)) return null;
  const base = `/t/${encodeURIComponent(id)}`;
  return (
    <>
      <li>
        <Link to={`${base}/check-in`}>{t('selfService.checkInView.title')}</Link>
      </li>
      <li>
        <Link to={`${base}/prizes`}>{t('prizes.title')}</Link>
      </li>
      {can(account, 'RegisterPlayer', id) && (
        <li>
          <Link to={`${base}/print/registration`}>{t('selfService.slips.title')}</Link>
        </li>
      )}
    </>
  );
}

/** A report as "who won, by how much", so two opposite reports never read alike. */
function useDescribe(players: readonly { id: string; name: string }[]) {
  const { t } = useT();
  return (report: PlayerReportView) => {
    const [a, b] = players;
    const sa = scoreOf(report.duels, a?.id ?? '');
    const sb = scoreOf(report.duels, b?.id ?? '');
    const [winner, high, low] = sa.wins >= sb.wins ? [a, sa.wins, sb.wins] : [b, sb.wins, sa.wins];
    return (
      <>
        {sa.wins === sb.wins
          ? t('selfService.queue.draw')
          : t('selfService.queue.winner', { name: winner?.name ?? '' })}{' '}
        <span className="nowrap">
          {high}-{low}
        </span>
      </>
    );
  };
}

function ReportCell({
  report,
  players,
  label,
}: {
  report: PlayerReportView | null;
  players: readonly { id: string; name: string }[];
  label: string;
}) {
  const { t } = useT();
  const { lang } = useLang();
  const describe = useDescribe(players);
  if (!report) return <td className="muted">{t('selfService.queue.none')}</td>;
  return (
    <td aria-label={label}>
      <strong>{describe(report)}</strong> <span className="muted">{formatTime(report.at, lang)}</span>
    </td>
  );
}

/** Two players' latest reports of one match, side by side, each from the reporter's own side. */
function SideBySide({
  players,
  reports,
}: {
  players: readonly { id: string; name: string }[];
  reports: readonly (PlayerReportView | null)[];
}) {
  const { t } = useT();
  return (
    <table className="data side-by-side" data-testid="reports-side-by-side">
      <thead>
        <tr>
          {players.map((p) => (
            <th key={p.id} scope="col">
              {t('selfService.queue.says', { name: p.name })}
              <br />
              <span className="muted">{p.id}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {players.map((p, i) => (
            <ReportCell
              key={p.id}
              report={reports[i] ?? null}
              players={players}
              label={t('selfService.queue.says', { name: p.name })}
            />
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** The judges' queue of players' reports: disputed, or unconfirmed past the organizer's time. Settled by entering the result. */
export function PlayerReportsQueue() {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const queue = useResource<QueueView>(selfPaths.queue(id));
  return (
    <section className="stack" data-testid="player-reports-queue">
      <Loaded resource={queue}>
        {(view) =>
          !view.reporting.enabled && view.queue.length === 0 ? null : (
            <>
              <h2>{t('selfService.queue.title', { count: view.queue.length })}</h2>
              {view.queue.length === 0 ? (
                <p className="empty">{t('selfService.queue.empty')}</p>
              ) : (
                <ul className="card-list">
                  {view.queue.map((q) => (
                    <li
                      key={`${q.round}/${q.table}`}
                      className="card stack"
                      data-testid={`queued-${q.round}-${q.table}`}
                    >
                      <p>
                        <strong>
                          {t('rounds.round', { round: q.round })} · {t('round.table', { table: q.table })}
                        </strong>{' '}
                        — {t(`selfService.queue.${q.reason}`)}{' '}
                        <span className="muted">{formatTime(q.since, lang)}</span>
                      </p>
                      <SideBySide players={q.players} reports={q.reports} />
                      <p className="field-hint">{t('selfService.queue.settle')}</p>
                      <Link
                        className="button button-small"
                        to={`/t/${encodeURIComponent(id)}/rounds/${q.round}?table=${q.table}`}
                      >
                        {t('selfService.queue.enter')}
                      </Link>{' '}
                      <Link
                        className="button button-small"
                        to={`/t/${encodeURIComponent(id)}/rounds/${q.round}/tables/${q.table}/reports`}
                      >
                        {t('selfService.queue.history')}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** Every report the two players made on one match, for the judge looking into a report that may be false. */
export function MatchReports({ round, table }: { round: number; table: number }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const reports = useResource<MatchReportsView>(selfPaths.matchReports(id, round, table));
  const describe = useDescribe(reports.data?.players ?? []);
  return (
    <section className="stack" data-testid="match-reports">
      <h1>
        {t('rounds.round', { round })} · {t('round.table', { table })}: {t('selfService.matchReports.title')}
      </h1>
      <Loaded resource={reports}>
        {(view) => {
          const name = (p: string) => view.players.find((x) => x.id === p)?.name ?? p;
          return (
            <>
              <SideBySide players={view.players} reports={view.reports} />
              {view.confirmation && (
                <p className="notice notice-ok">
                  {t('selfService.matchReports.confirmed', {
                    reporter: name(view.confirmation.reportedBy),
                    confirmer: name(view.confirmation.confirmedBy),
                    time: formatTime(view.confirmation.at, lang),
                  })}
                </p>
              )}
              <h2>{t('selfService.matchReports.history')}</h2>
              {view.history.length === 0 ? (
                <p className="empty">{t('selfService.queue.none')}</p>
              ) : (
                <ol className="stack">
                  {view.history.map((r) => (
                    <li key={`${r.player}-${r.at}`}>
                      {formatTime(r.at, lang, true)} — {name(r.player)}: {describe(r)}
                    </li>
                  ))}
                </ol>
              )}
              <p className="field-hint">{t('selfService.matchReports.fraud')}</p>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** On a table card: the players reported this match themselves; their reports, side by side. */
export function MatchReportsLink({ round, table }: { round: number; table: number }) {
  const { t } = useT();
  const { id } = useTournament();
  return (
    <Link
      className="button button-small"
      to={`/t/${encodeURIComponent(id)}/rounds/${round}/tables/${table}/reports`}
      data-testid={`player-reports-${table}`}
    >
      {t('selfService.matchReports.link')}
    </Link>
  );
}
