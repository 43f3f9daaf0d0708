import { useState } from 'react';
import { useDeferredValue } from '../components/deferred-value';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { PairingsView } from '../api/types';
import { Loaded } from '../components/status';
import { Link, useLocation } from '../router';
import { RoundTimer } from './round-timer';
import { EndRoundButton } from './round-controls';
import { PairingReasons } from './pairing-reasons';
import { HeldSwap } from './held-swap';
import { FeatureTables } from './feature-tables';
import { isPhased, useRoundLabel } from '../components/round-label';
import { RoleNeeded } from '../components/role-needed';
import { NeedsJudgeNotice, useNeedsJudge } from './needs-judge';
import { PublishRound, StartRound } from './round-start';
import { AllSeatedExcept } from './all-seated-except';
import { TableList } from './table-list';

/** Pairings by table for one round: result entry for scorekeepers and judges, seat marks and penalties for judges. */
export function RoundView({ round }: { round: number }) {
  const { t } = useT();
  const { id, summary } = useTournament();
  const { label } = useRoundLabel();
  const pairings = useResource<PairingsView>(paths.pairings(id, round));
  // A link to one table (`?table=N`, from the judges' queue or the notice below) opens the round on that table alone.
  const wanted = Number(useLocation().query.get('table') ?? Number.NaN);
  const onlyTable = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : null;
  const [filter, setFilter] = useState('');
  const [onlyOpen, setOnlyOpen] = useState(false);
  // The field answers each keystroke at once; the list follows when the phone has time.
  const words = useDeferredValue(filter.trim().toLowerCase());
  const { account } = useSession();
  const staff = can(account, 'staff:read', id);
  const needsJudge = useNeedsJudge(staff ? id : null, round);
  const base = `/t/${encodeURIComponent(id)}`;
  return (
    <Loaded resource={pairings}>
      {(view) => {
        const open = view.tables.filter((table) => table.outcome.kind === 'pending').length;
        const held = summary.data?.rounds.find((r) => r.round === round)?.held === true;
        const tableCount = view.tables.filter((x) => x.table !== null).length;
        return (
          <section className="stack">
            <div className="title-row">
              <h1 data-testid="round-title">{label(view, isPhased(summary.data))}</h1>
              <span
                className={view.ended ? 'badge' : view.started ? 'badge badge-live' : 'badge badge-warn'}
                data-testid="round-state"
              >
                {held
                  ? t('rounds.held')
                  : view.ended
                    ? t('rounds.ended')
                    : view.started
                      ? t('rounds.running')
                      : t('rounds.posted')}
              </span>
            </div>
            {held ? (
              <PublishRound round={round} version={pairings.version} />
            ) : view.started ? (
              <RoundTimer seatTime={view.seatTime} ended={view.ended} minutes={view.roundMinutes} />
            ) : (
              !view.ended && <StartRound round={round} version={pairings.version} planned={view.plannedSeatTime} />
            )}
            {/* Nobody plays a held round: seating and results wait for the publish. */}
            {!view.ended && !held && staff && <RoleNeeded commands={['ReportResult', 'MarkSeated']} tournament={id} />}
            {!view.ended && !held && needsJudge.size > 0 && <NeedsJudgeNotice tables={needsJudge} round={round} />}
            {!view.ended && !held && can(account, 'MarkAllSeated', id) && (
              <AllSeatedExcept view={view} version={pairings.version} />
            )}
            {staff && (
              <ul className="link-list">
                {!view.ended && (
                  <li>
                    <Link to={`${base}/rounds/${round}/clock`} className="button">
                      {t('clock.open')}
                    </Link>
                  </li>
                )}
                <li>
                  <Link to={`${base}/print/pairings/${round}`}>{t('print.pairings')}</Link>
                </li>
                <li>
                  <Link to={`${base}/print/slips/${round}`}>{t('print.slips')}</Link>
                </li>
                <li>
                  <a href={`${base}/wall`} target="_blank" rel="noopener">
                    {t('wall.open')}
                  </a>
                </li>
              </ul>
            )}
            {held && <HeldSwap view={view} version={pairings.version} />}
            {staff && view.stage === 'swiss' && <PairingReasons tournament={id} round={round} />}
            {staff && !view.ended && <FeatureTables round={round} tables={tableCount} />}
            {!view.ended && view.started && open === 0 && can(account, 'EndRound', id) && (
              <EndRoundButton round={round} version={Math.max(pairings.version ?? 0, 0) || null} />
            )}
            <p data-testid="table-count">
              {/* Before the start (or held) nobody plays yet: the count says so rather than 対戦中 (issue 39). */}
              {view.started && !held
                ? t('round.openTables', { count: open, total: tableCount })
                : t('round.tablesBefore', { count: tableCount })}
            </p>
            {onlyTable !== null && (
              <p className="notice" data-testid="only-table">
                {t('round.onlyTable', { table: onlyTable })}{' '}
                <Link to={`${base}/rounds/${round}`}>{t('round.allTables')}</Link>
              </p>
            )}
            <div className="filters">
              <label className="field search">
                <span className="visually-hidden">{t('round.filter')}</span>
                <input
                  type="search"
                  placeholder={t('round.filter')}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
              </label>
              <label className="check">
                <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} />
                <span>{t('round.onlyOpen')}</span>
              </label>
            </div>
            <TableList
              view={view}
              words={words}
              onlyOpen={onlyOpen}
              reload={pairings.reload}
              version={pairings.version}
              needsJudge={needsJudge}
              onlyTable={onlyTable}
              playing={view.started && !held}
            />
          </section>
        );
      }}
    </Loaded>
  );
}
