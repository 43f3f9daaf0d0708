import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { formatDuration, useServerNow } from '../api/server-clock';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { AnnouncementView, PairingsView } from '../api/types';
import { useNoticeText } from '../components/announcement-list';
import { ClockAnnouncement } from '../components/clock-announcement';
import { LanguageSwitch } from '../components/language-switch';
import { useRoundName } from '../components/round-label';
import { formatTime, useLang } from '../i18n/i18n';
import { useLocation } from '../router';
import { wallLines, type WallLine } from './wall-lines';
import { pages, screenShare } from './wall-pages';
import './wall-display.css';

/** How long each page of pairings stays up before the next. */
const PAGE_SECONDS = 12;

/**
 * The venue's wall screen (no sign-in): the round and its clock in large type, and every
 * player by name with their table, paging through on its own. It follows the public live
 * stream (the tournament provider reloads on every change), so a new round, a time extension
 * or the end of the round shows without anyone touching the screen.
 */
export function WallDisplay() {
  const { t } = useT();
  const { summary, live } = useTournament();
  // A held round is the staff's: the wall shows the newest round players see, even in a staff member's browser.
  const rounds = (summary.data?.rounds ?? []).filter((r) => !r.held);
  const latest = rounds[rounds.length - 1];
  const name = summary.data?.settings.name ?? '';
  return (
    <div className="wall" data-testid="wall">
      <WallNotices />
      {latest ? (
        <WallRound round={latest.round} name={name} live={live} finished={summary.data?.status === 'finished'} />
      ) : (
        <>
          <WallHeader name={name} live={live} title={summary.data ? t('wall.notPaired') : ''} />
          <p className="wall-message">{summary.error ? t('status.networkError') : t('wall.notPairedNote')}</p>
        </>
      )}
    </div>
  );
}

/** The newest notice to everyone, in a band across the top (staff's notices to one table stay on those players' pages). */
function WallNotices() {
  const { t } = useT();
  const { id } = useTournament();
  const notices = useResource<{ announcements: readonly AnnouncementView[] }>(paths.announcements(id));
  const text = useNoticeText();
  const newest = (notices.data?.announcements ?? []).find((a) => a.table === null);
  if (!newest) return null;
  return (
    <p className="wall-notice" aria-live="polite" data-testid="wall-notice">
      <span className="wall-notice-label">{t('wall.announcements')}</span> {text(newest)}
    </p>
  );
}

function WallHeader({
  name,
  live,
  title,
  children,
}: {
  name: string;
  live: string;
  title: string;
  children?: React.ReactNode;
}) {
  const { t } = useT();
  return (
    <header className="wall-header">
      <div className="wall-heading">
        <p className="wall-name">{name}</p>
        <h1 className="wall-round" data-testid="wall-round">
          {title}
        </h1>
      </div>
      {children}
      <div className="wall-tools">
        <span className={`wall-live wall-live-${live}`}>{t(`wall.live.${live === 'live' ? 'live' : 'lost'}`)}</span>
        <LanguageSwitch />
      </div>
    </header>
  );
}

function WallRound({ round, name, live, finished }: { round: number; name: string; live: string; finished: boolean }) {
  const { t } = useT();
  const { id } = useTournament();
  const title = useRoundName(round);
  const pairings = useResource<PairingsView>(paths.pairings(id, round));
  const view = pairings.data?.round === round ? pairings.data : undefined;
  const { query } = useLocation();
  const screen = Number(query.get('screen'));
  const screens = Number(query.get('screens'));
  const lines = useMemo(() => (view ? screenShare(wallLines(view), screen, screens) : []), [view, screen, screens]);
  const share = screens >= 2 && screen >= 1 && screen <= screens;
  const extended = view ? view.tables.filter((x) => x.extensionMinutes > 0 && x.table !== null) : [];
  return (
    <>
      <WallHeader name={name} live={live} title={title}>
        {view && <WallClock view={view} finished={finished} />}
      </WallHeader>
      {extended.length > 0 && !view?.ended && (
        <p className="wall-extensions" aria-live="polite" data-testid="wall-extensions">
          {t('wall.extensions', {
            list: extended
              .map((x) => t('wall.extensionItem', { table: x.table, minutes: x.extensionMinutes }))
              .join(' · '),
          })}
        </p>
      )}
      {view ? (
        <WallPages lines={lines} screen={share ? t('wall.screen', { screen, screens }) : null} />
      ) : (
        <p className="wall-message">{pairings.error ? t('status.networkError') : t('status.loading')}</p>
      )}
    </>
  );
}

/** The clock: seat time before the start, then time left (or over), then "ended". */
function WallClock({ view, finished }: { view: PairingsView; finished: boolean }) {
  const { t } = useT();
  const { lang } = useLang();
  const now = useServerNow();
  const seat = Date.parse(view.seatTime);
  const left = seat + view.roundMinutes * 60_000 - now;
  let main: string;
  let note: string;
  let tone = '';
  if (finished) {
    main = t('wall.finished');
    note = '';
  } else if (view.ended) {
    main = t('wall.ended');
    note = t('wall.endedNote');
  } else if (!view.started) {
    // Before the start only an announced seat time is one; the time of posting is not.
    main = view.plannedSeatTime ? formatTime(view.plannedSeatTime, lang) : t('wall.notStartedMain');
    note = view.plannedSeatTime ? t('wall.notStarted') : t('wall.notStartedNote');
  } else if (left > 0) {
    main = formatDuration(left);
    note = t('wall.left', { minutes: view.roundMinutes });
  } else {
    main = `+${formatDuration(-left)}`;
    note = t('wall.over');
    tone = ' wall-clock-over';
  }
  return (
    <>
      <div className={`wall-clock${tone}`} role="timer" aria-live="off" data-testid="wall-clock">
        <span className="wall-clock-main">{main}</span>
        {note && <span className="wall-clock-note">{note}</span>}
      </div>
      {!finished && view.started && (
        <ClockAnnouncement seat={seat} ends={seat + view.roundMinutes * 60_000} now={now} ended={view.ended} />
      )}
    </>
  );
}

/** How many lines fit: columns by width, rows by the height left under the header. */
function useFit(listRef: React.RefObject<HTMLElement | null>): { columns: number; rows: number } {
  const [fit, setFit] = useState({ columns: 1, rows: 10 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const width = list.clientWidth;
      // Columns wide enough for a long name, its table and the opponent at the wall's type size.
      const columns = width >= 2400 ? 3 : width >= 900 ? 2 : 1;
      const row = list.querySelector('li')?.getBoundingClientRect().height || 48;
      const rows = Math.max(1, Math.floor(list.clientHeight / row));
      setFit((f) => (f.columns === columns && f.rows === rows ? f : { columns, rows }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [listRef]);
  return fit;
}

function WallPages({ lines, screen }: { lines: readonly WallLine[]; screen: string | null }) {
  const { t } = useT();
  const listRef = useRef<HTMLDivElement | null>(null);
  const fit = useFit(listRef);
  const rows = fit.rows;
  // Few players: as many columns as they fill, so that no name is cut for an empty column.
  const columns = Math.max(1, Math.min(fit.columns, Math.ceil(lines.length / rows)));
  const all = pages(lines, columns * rows);
  const [page, setPage] = useState(0);
  const count = all.length;
  useEffect(() => {
    if (count <= 1) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % count), PAGE_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [count]);
  const shown = all[page % count] ?? [];
  const first = shown[0];
  const last = shown[shown.length - 1];
  return (
    <main className="wall-body" aria-label={t('wall.pairings')}>
      <div className="wall-list-head">
        <span>
          {t('wall.pairingsByName')}
          {screen && ` · ${screen}`}
        </span>
        {count > 1 && first && last && (
          <span data-testid="wall-page">
            {t('wall.page', { page: (page % count) + 1, pages: count, from: first.name, to: last.name })}
          </span>
        )}
      </div>
      <div ref={listRef} className="wall-columns" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {Array.from({ length: columns }, (_, c) => (
          <ol key={c} className="wall-lines">
            {shown.slice(c * rows, (c + 1) * rows).map((l) => (
              <li key={l.id} className="wall-line" data-testid="wall-line">
                <span className="wall-player">{l.name}</span>
                <span className="wall-table">{l.table === null ? t('wall.bye') : l.table}</span>
                <span className="wall-opponent">
                  {l.opponent ?? ''}
                  {l.extension > 0 && <span className="wall-ext">{t('wall.ext', { minutes: l.extension })}</span>}
                </span>
              </li>
            ))}
          </ol>
        ))}
      </div>
    </main>
  );
}
