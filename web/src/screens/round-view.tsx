import { memo, useMemo, useState } from 'react';
import { useDeferredValue } from '../components/deferred-value';
import { MatchReportsLink } from '../self-service/staff-panels';
import { selfPaths, type QueueView } from '../self-service/self-service-api';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes } from '../api/tournament-api';
import type { PairingsView, SeatView, TableView } from '../api/types';
import { useFailedFor, useLabel, usePendingFor } from '../components/outbox-bar';
import { RefusedWrite } from '../components/refused-write';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { PAGE_SIZE, PageNav, usePaged } from '../components/paged';
import { useLazyMemo } from '../components/lazy-memo';
import { Link, useLocation } from '../router';
import { PlayerName } from '../components/player-name';
import { formatTime, useLang } from '../i18n/i18n';
import { ExtendTime } from './extend-time';
import { ResultEntry } from './result-entry';
import { RoundTimer } from './round-timer';
import { useOutcomeText } from '../components/outcome-text';
import { EndRoundButton } from './round-controls';
import { PairingReasons } from './pairing-reasons';
import { HeldSwap } from './held-swap';
import { FeatureTables } from './feature-tables';
import { isPhased, useRoundLabel } from '../components/round-label';
import { RoleNeeded } from '../components/role-needed';
import { searchForm } from '../../../src/core/names/reading.js';

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
            {staff && !view.ended && (
              <FeatureTables round={round} tables={view.tables.filter((x) => x.table !== null).length} />
            )}
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

type JudgeReason = QueueView['queue'][number]['reason'];
const NO_TABLES: ReadonlyMap<number, JudgeReason> = new Map();

/**
 * This round's tables whose players' reports wait for a judge (disputed, or unconfirmed in
 * time), from the judges' queue every staff member may read: a floor judge sees them on the
 * round, not only the head judge in the queue.
 */
function useNeedsJudge(tournament: string | null, round: number): ReadonlyMap<number, JudgeReason> {
  const queue = useResource<QueueView>(tournament ? selfPaths.queue(tournament) : null);
  return useMemo(() => {
    const found = queue.data?.queue.filter((q) => q.round === round) ?? [];
    return found.length === 0 ? NO_TABLES : new Map(found.map((q) => [q.table, q.reason]));
  }, [queue.data, round]);
}

/** At the top of the round: the tables that need a judge, each a link that opens the round on that table. */
function NeedsJudgeNotice({ tables, round }: { tables: ReadonlyMap<number, JudgeReason>; round: number }) {
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

/**
 * Each table with the text a search looks in, built once per answer: ids in lower case, names
 * and readings in search form (core/names/reading.ts), so hiragana typed finds a katakana reading.
 */
function tableIndex(view: PairingsView): { table: TableView; ids: string; names: string }[] {
  return view.tables.map((table) => ({
    table,
    ids: table.players.map((p) => p.id.toLowerCase()).join('\n'),
    names: table.players.map((p) => `${searchForm(p.name)}\n${p.reading ? searchForm(p.reading) : ''}`).join('\n'),
  }));
}

/** The table cards that match the (deferred) search words, a page at a time; unchanged props skip a render. */
const TableList = memo(function TableList({
  view,
  words,
  onlyOpen,
  reload,
  version,
  needsJudge,
  onlyTable,
  playing,
}: {
  view: PairingsView;
  words: string;
  onlyOpen: boolean;
  reload: () => void;
  version: number | null;
  needsJudge: ReadonlyMap<number, JudgeReason>;
  onlyTable: number | null;
  /** Started and published: before that nobody is playing, so no table reads 対戦中. */
  playing: boolean;
}) {
  const { t } = useT();
  const index = useLazyMemo(view, tableIndex);
  const tables = useMemo(() => {
    const open = (table: TableView) =>
      (!onlyOpen || table.outcome.kind === 'pending') && (onlyTable === null || table.table === onlyTable);
    if (words === '') return view.tables.filter(open);
    const typed = searchForm(words);
    return index()
      .filter(
        ({ table, ids, names }) =>
          open(table) &&
          (String(table.table) === words || ids.includes(words) || (typed !== '' && names.includes(typed))),
      )
      .map((x) => x.table);
  }, [view, index, words, onlyOpen, onlyTable]);
  const paged = usePaged(tables, `${words}|${onlyOpen}|${onlyTable}`, PAGE_SIZE / 2);
  return (
    <>
      <PageNav paged={paged} label={t('paged.tables')} />
      <ol className="tables">
        {paged.shown.map((table) => (
          <TableCard
            key={table.table ?? `bye-${table.players[0]?.id}`}
            table={table}
            round={view.round}
            ended={view.ended}
            topCut={view.stage === 'top-cut'}
            format={view}
            reload={reload}
            version={version}
            needsJudge={table.table === null ? undefined : needsJudge.get(table.table)}
            playing={playing}
          />
        ))}
      </ol>
      <PageNav paged={paged} label={t('paged.tables')} />
      {tables.length === 0 && <p className="empty">{t('round.noMatch')}</p>}
    </>
  );
});

/** A held round: nobody but staff sees it; publishing shows it on every player's page and the wall display. */
function PublishRound({ round, version: pairingsVersion }: { round: number; version: number | null }) {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  return (
    <div className="notice notice-warn stack" data-testid="held-round">
      <p>{t('round.heldNote')}</p>
      {can(account, 'PublishRound', id) && (
        <WriteButton
          className="button button-primary"
          confirm={t('round.publishConfirm', { round })}
          onWrite={() => writes.publishRound(id, version, round)}
          data-testid="publish-round"
        >
          {t('round.publish', { round })}
        </WriteButton>
      )}
    </div>
  );
}

/** "Start round": the seat time is now, and from it the late list. Pairings may be posted well before. */
function StartRound({
  round,
  version: pairingsVersion,
  planned,
}: {
  round: number;
  version: number | null;
  planned: string | null;
}) {
  const { t } = useT();
  const { lang } = useLang();
  const { account } = useSession();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  return (
    <div className="notice notice-warn stack">
      <p>{t('round.notStarted')}</p>
      {planned && (
        <p data-testid="planned-seat-time">
          <strong>{t('clock.plannedSeatTime', { time: formatTime(planned, lang) })}</strong>
        </p>
      )}
      {can(account, 'StartRound', id) && (
        <WriteButton
          className="button button-primary"
          confirm={t('round.startConfirm', { round })}
          onWrite={() => writes.startRound(id, version, round)}
          data-testid="start-round"
        >
          {t('round.start', { round })}
        </WriteButton>
      )}
    </div>
  );
}

/**
 * "All seated except …": the judge ticks who is still missing, one tap seats everyone else.
 * Memoised: it scans every table, and each keystroke in the search re-renders the screen.
 */
const AllSeatedExcept = memo(function AllSeatedExcept({
  view,
  version: pairingsVersion,
}: {
  view: PairingsView;
  version: number | null;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  // Closed, the list is not built: before a big round starts it holds every player.
  const [open, setOpen] = useState(false);
  const waiting = view.tables
    .filter((x) => x.table !== null && x.outcome.kind === 'pending')
    .flatMap((x) => x.players.filter((p) => !p.seatedAt).map((p) => ({ ...p, table: x.table as number })));
  if (waiting.length === 0) return null;
  const toggle = (player: string) =>
    setMissing((set) => (set.has(player) ? new Set([...set].filter((p) => p !== player)) : new Set([...set, player])));
  return (
    <details
      className="panel"
      data-testid="all-seated"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>
        <h2>{t('round.allSeatedTitle', { count: waiting.length })}</h2>
      </summary>
      {open && <AllSeatedBody waiting={waiting} missing={missing} toggle={toggle} />}
      <WriteButton
        className="button button-primary"
        onWrite={() => writes.markAllSeated(id, version, view.round, [...missing])}
        onDone={() => setMissing(new Set())}
        data-testid="all-seated-submit"
      >
        {missing.size === 0 ? t('round.allSeated') : t('round.allSeatedExcept', { count: missing.size })}
      </WriteButton>
    </details>
  );
});

/** The players still waiting, a page at a time, each ticked when missing. */
function AllSeatedBody({
  waiting,
  missing,
  toggle,
}: {
  waiting: readonly (SeatView & { table: number })[];
  missing: ReadonlySet<string>;
  toggle: (player: string) => void;
}) {
  const { t } = useT();
  const paged = usePaged(waiting, null);
  return (
    <>
      <p className="field-hint">{t('round.allSeatedHint')}</p>
      <ul className="check-list">
        {paged.shown.map((p) => (
          <li key={p.id}>
            <label className="check">
              <input
                type="checkbox"
                checked={missing.has(p.id)}
                onChange={() => toggle(p.id)}
                data-testid={`missing-${p.id}`}
              />
              <span>
                {t('round.table', { table: p.table })} · {p.name}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <PageNav paged={paged} label={t('paged.tables')} />
    </>
  );
}

// Memoised: a search or a page turn re-renders only the cards whose table changed.
const TableCard = memo(function TableCard({
  table,
  round,
  ended,
  topCut,
  format,
  reload,
  version: pairingsVersion,
  needsJudge,
  playing,
}: {
  table: TableView;
  round: number;
  ended: boolean;
  topCut: boolean;
  format: Pick<PairingsView, 'bestOf' | 'winsNeeded' | 'maxDuels'>;
  reload: () => void;
  version: number | null;
  needsJudge: JudgeReason | undefined;
  playing: boolean;
}) {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const version = useVersion();
  const outcomeText = useOutcomeText();
  const [entering, setEntering] = useState(false);
  const tablePath = `${paths.rounds(id)}/${round}/tables/${table.table}`;
  const pending = usePendingFor(`${tablePath}/`);
  const refused = useFailedFor(`${tablePath}/`);
  const label = useLabel();
  const canReport = can(account, 'ReportResult', id);
  const canCorrect = can(account, 'CorrectResult', id);
  const judge = can(account, 'MarkSeated', id);
  const reported = table.outcome.kind !== 'pending';
  const writeVersion = Math.max(version ?? 0, pairingsVersion ?? 0) || null;

  if (table.table === null) {
    const player = table.players[0];
    return (
      <li className="table-card table-bye">
        <p className="table-number">{t('round.bye')}</p>
        <p>{player?.name}</p>
      </li>
    );
  }
  return (
    <li
      className={`table-card${reported ? ' table-done' : ''}${needsJudge ? ' table-needs-judge' : ''}`}
      data-testid={`table-${table.table}`}
    >
      <div className="table-head">
        <p className="table-number">{t('round.table', { table: table.table })}</p>
        <p className="table-outcome" data-testid={`outcome-${table.table}`}>
          {needsJudge ? (
            <span className="badge badge-warn" data-testid={`needs-judge-${table.table}`}>
              {t('round.needsJudge')} · {t(`selfService.queue.${needsJudge}`)}
            </span>
          ) : !reported && !playing ? (
            t('wall.notStartedMain')
          ) : (
            outcomeText(table)
          )}
          {pending > 0 && (
            <span className="badge badge-pending">
              <span className="spinner" aria-hidden="true" /> {t('status.pending')}
            </span>
          )}
        </p>
      </div>
      {refused.map((f) => (
        <RefusedWrite key={f.key} failed={f} label={label} />
      ))}
      <ul className="seats">
        {table.players.map((p) => (
          <Seat key={p.id} seat={p} table={table.table!} round={round} judge={judge && !ended} version={writeVersion} />
        ))}
      </ul>
      {judge && !ended && !reported && table.players.filter((p) => !p.seatedAt).length === 2 && (
        <WriteButton
          className="button button-small"
          onWrite={async () => {
            // Both players of the table: two seat marks, the second decided on the first's version by the outbox.
            const [first, second] = table.players;
            const one = await writes.markSeated(id, writeVersion, round, table.table!, first!.id);
            return one.ok ? writes.markSeated(id, writeVersion, round, table.table!, second!.id) : one;
          }}
          data-testid={`seat-table-${table.table}`}
        >
          {t('round.tableSeated')}
        </WriteButton>
      )}
      {table.extensionMinutes > 0 && <p className="muted">{t('round.extended', { count: table.extensionMinutes })}</p>}
      {judge && table.playerReports && <MatchReportsLink round={round} table={table.table} />}
      {table.duels
        .filter((d) => d.byPenalty.length > 0)
        .map((d) => (
          <p key={d.duel} className="notice notice-warn" data-testid={`penalty-duel-${table.table}-${d.duel}`}>
            {t('round.penaltyDuel', {
              duel: d.duel,
              winner: table.players.find((p) => p.id === d.winner)?.name ?? t('result.nobody'),
            })}
          </p>
        ))}
      {table.needsResultAgain && <p className="notice notice-warn">{t('round.needsResultAgain')}</p>}
      {table.noSideDeckBeforeFirstPlayedDuel && <p className="muted">{t('round.noSideDeck')}</p>}
      {!ended && (canReport || canCorrect) && (!reported || canCorrect || table.needsResultAgain) && (
        <details open={entering} onToggle={(e) => setEntering((e.target as HTMLDetailsElement).open)}>
          <summary className="button" data-testid={`enter-result-${table.table}`}>
            {reported && !table.needsResultAgain ? t('result.correct') : t('result.enter')}
          </summary>
          {entering && (
            <ResultEntry
              tournament={id}
              version={writeVersion}
              round={round}
              table={table}
              correction={reported && !table.needsResultAgain}
              allowDraw={!topCut}
              format={format}
              onDone={() => {
                setEntering(false);
                reload();
              }}
            />
          )}
        </details>
      )}
      {judge && !ended && !reported && (
        <ExtendTime tournament={id} version={writeVersion} round={round} table={table.table} />
      )}
    </li>
  );
});

function Seat({
  seat,
  table,
  round,
  judge,
  version,
}: {
  seat: SeatView;
  table: number;
  round: number;
  judge: boolean;
  version: number | null;
}) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const base = `/t/${encodeURIComponent(id)}`;
  return (
    <li className="seat">
      <span className="seat-name">
        <Link to={`${base}/players/${encodeURIComponent(seat.id)}`}>
          <PlayerName name={seat.name} />
        </Link>{' '}
        <span className="muted">{seat.id}</span>
      </span>
      <span className="seat-tools">
        {seat.dropped && (
          <span className="badge badge-warn" data-testid={`dropped-${seat.id}`}>
            {t('players.dropped')}
          </span>
        )}
        {seat.seatedAt || seat.dropped ? (
          seat.dropped ? null : (
            <span className="badge" title={formatTime(seat.seatedAt!, lang, true)} data-testid={`seated-${seat.id}`}>
              {t('round.seated')}
            </span>
          )
        ) : (
          judge && (
            <WriteButton
              className="button button-small"
              onWrite={() => writes.markSeated(id, version, round, table, seat.id)}
              aria-label={t('round.markSeatedFor', { name: seat.name })}
              data-testid={`seat-${seat.id}`}
            >
              {t('round.markSeated')}
            </WriteButton>
          )
        )}
        {judge && (
          <Link
            className="button button-small"
            to={`${base}/penalty?player=${encodeURIComponent(seat.id)}&round=${round}&table=${table}`}
            aria-label={t('round.penaltyFor', { name: seat.name })}
          >
            {t('round.penalty')}
          </Link>
        )}
      </span>
    </li>
  );
}
