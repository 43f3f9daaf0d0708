import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { CodeForm } from '../components/code-form';
import { useRoundName } from '../components/round-label';
import { markDrawn, useLiveScope } from '../api/live';
import { useResource } from '../api/resource';
import { formatDuration, serverNow, serverTimeKnown, useServerNow } from '../api/server-clock';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { savedAnswer } from '../api/saved-reads';
import { setDisplayTimeZone } from '../i18n/time-zone';
import { Choices, TextField } from '../components/form';
import { halfWidthDigits } from '../../../src/core/text.js';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { ClockAnnouncement } from '../components/clock-announcement';
import { Link, navigate, useLocation } from '../router';
import { CallJudge } from '../calls/call-judge';
import { FinalPlace } from './final-place';
import { MyDecklist } from './my-decklist';
import { scoreOf, scoreOptions } from './score-options';
import { selfPaths, selfWrites, type PlayerClock, type PlayerPageView } from './self-service-api';
import { NotifyButton, usePairingNotice } from './pairing-notice';
import { AnnouncementList } from '../components/announcement-list';
import { SeriesLinks } from '../screens/series-links';

/**
 * The player's own page, opened from the QR code on their registration slip (phone first, no
 * sign-in: the record code in the address is the credential). Check-in and their own decklist
 * before round 1; then their table, opponent and clock, and the match result to report or to confirm.
 */
export function PlayerPage({ player }: { player: string }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { account } = useSession();
  const { query, path } = useLocation();
  const code = query.get('code') ?? undefined;
  const staff = can(account, 'staff:read', id);
  const ready = staff || code !== undefined;
  const pagePath = ready ? selfPaths.page(id, player, staff ? undefined : code) : null;
  const page = useResource<PlayerPageView>(pagePath);
  const saved = useSavedPage(page.data === undefined ? pagePath : null);
  const view = page.data ?? saved?.body;
  usePairingNotice(page.data);
  // The page's own answer says the tournament's time zone: its times need no second read (issue 44).
  if (view) setDisplayTimeZone(view.tournament.timeZone ?? undefined);
  const shown = !ready || view !== undefined || page.error !== null;
  useEffect(() => {
    if (shown) markDrawn();
  }, [shown]);
  if (!ready)
    return (
      <CodeForm
        title={t('selfService.title')}
        open={t('selfService.open')}
        onCode={(c) => navigate(`${path}?code=${encodeURIComponent(c)}`)}
      />
    );
  // A second visit draws what this phone saved at once, marked, until the server answers.
  if (page.data === undefined && saved && page.error === null)
    return (
      <>
        <p className="notice" role="status" data-testid="page-refreshing">
          {t('playerPageSaved.refreshing', { time: formatTime(saved.savedAt, lang) })}
        </p>
        <PageView view={saved.body} code={staff ? undefined : code} onDue={page.reload} />
      </>
    );
  return (
    <Loaded resource={page}>
      {(view) => <PageView view={view} code={staff ? undefined : code} onDue={page.reload} />}
    </Loaded>
  );
}

/** The page this phone saved for `path` (the service worker's copy), looked up once per path; null: none. */
function useSavedPage(path: string | null) {
  const [saved, setSaved] = useState<{ path: string; body: PlayerPageView; savedAt: number } | null>(null);
  useEffect(() => {
    if (path === null) return;
    let gone = false;
    void savedAnswer<PlayerPageView>(path).then((found) => {
      if (!gone && found) setSaved({ path, ...found });
    });
    return () => {
      gone = true;
    };
  }, [path]);
  return saved !== null && saved.path === path ? saved : null;
}

function PageView({ view, code, onDue }: { view: PlayerPageView; code: string | undefined; onDue: () => void }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { player, match } = view;
  const recordLink = `/t/${encodeURIComponent(id)}/players/${encodeURIComponent(player.id)}${code ? `?code=${encodeURIComponent(code)}` : ''}`;
  return (
    <section className="stack self-page" data-testid="player-page">
      <h1>
        {player.name} <span className="muted">{player.id}</span>
      </h1>
      {player.dropped && <p className="notice notice-warn">{t('record.dropped')}</p>}
      {/* During a round the table, opponent and clock come first; the list's receipt below them (issue 39, 44). */}
      {match !== null && <OwnMatch view={view} code={code} onDue={onDue} />}
      {view.checkIn.open && !player.dropped && (
        <div className="card stack" data-testid="check-in">
          {player.movedUp && (
            <p className="notice notice-ok" data-testid="moved-up">
              {t('selfService.movedUp')}
            </p>
          )}
          <h2>{t('selfService.checkIn.title')}</h2>
          {view.checkIn.at ? (
            <p className="notice notice-ok">
              {t('selfService.checkIn.done', { time: formatTime(view.checkIn.at, lang) })}
            </p>
          ) : (
            <SelfCheckIn player={player.id} code={code} venueCode={view.checkIn.venueCode} />
          )}
          {/* Before round 1 the player may give the seat back: the first waiting entrant moves up. */}
          {code !== undefined && (
            <WriteButton
              className="button button-quiet"
              confirm={t('selfService.withdrawConfirm')}
              onWrite={() => selfWrites.withdraw(id, player.id, code)}
              data-testid="withdraw"
            >
              {t('selfService.withdraw')}
            </WriteButton>
          )}
        </div>
      )}
      {view.final && <FinalPlace final={view.final} />}
      {view.final && <SeriesLinks tournament={id} player={player.id} />}
      {view.final?.decklistsPublished && (
        <Link to={`/t/${encodeURIComponent(id)}/decklists/published`} data-testid="published-decklists">
          {t('entry.published.title')}
        </Link>
      )}
      {code !== undefined && !player.dropped && <MyDecklist player={player.id} code={code} />}
      {match === null && !view.checkIn.open && !view.final && <p className="empty">{t('selfService.noMatch')}</p>}
      <AnnouncementList items={view.announcements} title={t('selfService.announcements')} />
      {!player.dropped && <NotifyButton />}
      <p>
        <Link to={recordLink}>{t('selfService.myRecord')}</Link>
      </p>
    </section>
  );
}

/** The player's match of the round: their table, opponent and clock, or their bye. */
function OwnMatch({ view, code, onDue }: { view: PlayerPageView; code: string | undefined; onDue: () => void }) {
  const { t } = useT();
  const match = view.match!;
  if (!match.bye) return <MatchCard view={view} code={code} onDue={onDue} />;
  return (
    <div className="card">
      <h2>
        <RoundName round={match.round} />
      </h2>
      <p className="self-big">{t('selfService.bye')}</p>
      <PairingReason view={view} />
    </div>
  );
}

/** Why the player's own pairing was made, where the organizer shows it. */
function PairingReason({ view }: { view: PlayerPageView }) {
  const { t } = useT();
  const { pick } = useLang();
  if (view.pairingReason === null) return null;
  return (
    <p className="muted" data-testid="my-pairing-reason">
      {t('selfService.whyPaired')}: {pick(view.pairingReason)}
    </p>
  );
}

function MatchCard({ view, code, onDue }: { view: PlayerPageView; code: string | undefined; onDue: () => void }) {
  const { t } = useT();
  const { lang } = useLang();
  const match = view.match!;
  useReloadAt(match.judgesAt, onDue);
  useReloadWhile(match.call !== null, onDue);
  useLiveScope(match.ended ? null : match.round, match.table);
  const opponent = match.opponent!;
  const me = view.player.id;
  const [changing, setChanging] = useState(false);
  const score = (duels: readonly string[]) => {
    const s = scoreOf(duels, me);
    const key = s.wins > s.losses ? 'won' : s.wins < s.losses ? 'lost' : 'drew';
    return t(`selfService.score.${key}`, { score: `${s.wins}-${s.losses}` });
  };
  return (
    <div className="card stack" data-testid="my-match">
      {/* The table first, on its own line: at 200% text the round's long name would push it off the first screen. */}
      <p className="self-big" data-testid="my-table">
        <strong className="table-label">{t('round.table', { table: match.table })}</strong>
      </p>
      <p className="muted">
        <RoundName round={match.round} />
      </p>
      <p>
        {t('selfService.opponent')}: <strong>{opponent.name}</strong> <span className="muted">{opponent.id}</span>
      </p>
      {/* Before the round starts its seat time is only the time of pairing: shown once it is set. */}
      {match.started && (
        <p data-testid="self-seat-time">{t('selfService.seatTime', { time: formatTime(match.seatTime, lang) })}</p>
      )}
      <PairingReason view={view} />
      {view.clock && <MatchClock clock={view.clock} extensionMinutes={match.extensionMinutes} />}
      {match.extensionMinutes > 0 && (
        <p className="notice notice-ok" data-testid="self-extension">
          {t('calls.player.extension', { count: match.extensionMinutes })}
        </p>
      )}
      <CallJudge view={view} code={code} />
      {/* The match's state as it changes (a report, a confirmation, the judges): read out when it does. */}
      <div className="stack self-calls" aria-live="polite" data-testid="self-calls">
        {match.status === 'recorded' && match.outcome && (
          <p className="notice notice-ok" data-testid="self-status">
            {t('selfService.recorded', {
              result:
                match.outcome.kind === 'win'
                  ? t(match.outcome.winner === me ? 'selfService.youWon' : 'selfService.youLost')
                  : t(`result.kind.${match.outcome.kind}`),
            })}
            {match.byPlayers ? ` ${t('selfService.byPlayers')}` : ''}
          </p>
        )}
        {match.status === 'off' && <p className="notice">{t('selfService.off')}</p>}
        {match.status === 'penalty' && <p className="notice notice-warn">{t('selfService.penalty')}</p>}
        {match.status === 'judges' && (
          <div className="notice notice-warn" data-testid="self-status">
            <p>{t('selfService.judges')}</p>
            {match.mine && <p>{t('selfService.youReported', { score: score(match.mine.duels) })}</p>}
            {match.theirs && (
              <p>{t('selfService.theyReported', { name: opponent.name, score: score(match.theirs.duels) })}</p>
            )}
          </div>
        )}
        {match.status === 'waiting' && match.mine && (
          <p className="notice" data-testid="self-status">
            {t('selfService.waiting', { score: score(match.mine.duels), name: opponent.name })}
          </p>
        )}
      </div>
      {match.judgesAt !== null && (match.status === 'waiting' || changing) && <JudgesAt at={match.judgesAt} />}
      {match.status === 'to-confirm' && match.theirs && !changing && (
        <div className="stack" data-testid="confirm">
          <p className="notice">
            {t('selfService.toConfirm', { name: opponent.name, score: score(match.theirs.duels) })}
          </p>
          {match.judgesAt !== null && <JudgesAt at={match.judgesAt} />}
          <WriteButton
            className="button button-primary button-wide"
            onWrite={() =>
              selfWrites.report(view.tournament.id, me, code ?? '', match.round, match.table!, match.theirs!.duels)
            }
            data-testid="confirm-button"
          >
            {t('selfService.confirm')}
          </WriteButton>
          <button type="button" className="button button-wide" onClick={() => setChanging(true)}>
            {t('selfService.notRight')}
          </button>
        </div>
      )}
      {(match.status === 'open' || match.status === 'waiting' || (match.status === 'to-confirm' && changing)) &&
        code !== undefined && <ReportForm view={view} code={code} again={match.status === 'waiting'} />}
    </div>
  );
}

function ReportForm({ view, code, again }: { view: PlayerPageView; code: string; again: boolean }) {
  const { t } = useT();
  const match = view.match!;
  const me = view.player.id;
  const options = scoreOptions(match.bestOf, me, match.opponent!.id);
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = options.find((o) => `${o.wins}-${o.losses}` === choice);
  return (
    <div className="stack" data-testid="report-form">
      <Choices
        legend={again ? t('selfService.reportAgain') : t('selfService.report')}
        name="score"
        value={choice}
        onChange={setChoice}
        options={options.map((o) => ({
          value: `${o.wins}-${o.losses}`,
          label: t(`selfService.score.${o.wins > o.losses ? 'won' : o.wins < o.losses ? 'lost' : 'drew'}`, {
            score: `${o.wins}-${o.losses}`,
          }),
          ...(o.atTime
            ? { detail: o.wins + o.losses === 0 ? t('selfService.intentionalDraw') : t('selfService.atTime') }
            : {}),
        }))}
      />
      <WriteButton
        className="button button-primary button-wide"
        disabled={!chosen}
        onWrite={() => selfWrites.report(view.tournament.id, me, code, match.round, match.table!, chosen!.duels)}
        onDone={() => setChoice(null)}
        data-testid="report-button"
      >
        {t('selfService.send')}
      </WriteButton>
      <p className="field-hint">{t('selfService.honesty')}</p>
    </div>
  );
}

/** The round as every screen names it: day, round and match format (the report options follow the format). */
function RoundName({ round }: { round: number }) {
  return <>{useRoundName(round)}</>;
}

/**
 * At the moment a lone report goes to the judges, the server publishes it on the live stream
 * and the page reloads. A phone without the stream (dropped, or refused past the venue's cap on
 * streams per address) asks the server itself at that time, a second late so that the
 * server's clock has passed it too: the server's answer says which state to show.
 */
function useReloadAt(at: string | null, reload: () => void) {
  useEffect(() => {
    if (at === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    void serverTimeKnown().then(() => {
      if (!gone) timer = setTimeout(reload, Math.max(0, Date.parse(at) - serverNow()) + 1000);
    });
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [at, reload]);
}

/** How often a page showing its table's open judge call asks how the call goes on. */
const CALL_CHECK_MS = 5_000;

/**
 * A judge call's progress (claimed, resolved) goes to staff streams only, so that a call does
 * not make every player's page in the venue refetch: the page of a table with an open call
 * asks the server itself, every few seconds, until the call is resolved (a resolution's
 * extension also arrives on the live stream).
 */
function useReloadWhile(open: boolean, reload: () => void) {
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(reload, CALL_CHECK_MS);
    return () => clearInterval(timer);
  }, [open, reload]);
}

/** When the report goes to the judges unconfirmed, and how long is left, on the server's clock. */
function JudgesAt({ at }: { at: string }) {
  const { t } = useT();
  const { lang } = useLang();
  const now = useServerNow();
  return (
    <p className="field-hint" data-testid="judges-at">
      {t('selfService.judgesAt', { time: formatTime(at, lang), left: formatDuration(Date.parse(at) - now) })}
    </p>
  );
}

/** The player's own check-in; where the organizer requires it, with the code shown at the venue. */
function SelfCheckIn({ player, code, venueCode }: { player: string; code: string | undefined; venueCode: boolean }) {
  const { t } = useT();
  const { id } = useTournament();
  const [typed, setTyped] = useState('');
  const ready = !venueCode || /^\d{4}$/.test(typed);
  return (
    <>
      <p>{t('selfService.checkIn.ask')}</p>
      {venueCode && (
        <TextField
          label={t('selfService.checkIn.venueCode')}
          hint={t('selfService.checkIn.venueCodeHint')}
          value={typed}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          onChange={(e) => setTyped(halfWidthDigits(e.target.value.replace(/\s/g, '')))}
          data-testid="venue-code-input"
        />
      )}
      <WriteButton
        className="button button-primary button-wide"
        disabled={!ready}
        onWrite={() => selfWrites.checkIn(id, player, code, venueCode ? typed : undefined)}
        data-testid="check-in-button"
      >
        {t('selfService.checkIn.button')}
      </WriteButton>
    </>
  );
}

/** Time left at the player's table: the round clock's end (in the page's answer) plus the table's extensions. */
function MatchClock({ clock: c, extensionMinutes }: { clock: PlayerClock; extensionMinutes: number }) {
  const { t } = useT();
  const now = useServerNow();
  if (c.ended) return null;
  // Published but not started: its seat time is only when it was paired, so nothing counts down yet.
  if (!c.started)
    return (
      <p className="timer self-clock" data-testid="self-clock">
        <strong>{t('clock.notStarted')}</strong>
      </p>
    );
  const seat = Date.parse(c.seatTime);
  const ends = Date.parse(c.endsAt) + extensionMinutes * 60_000;
  const left = ends - now;
  return (
    <>
      <ClockAnnouncement seat={seat} ends={ends} now={now} />
      <p className="timer self-clock" role="timer" aria-live="off" data-testid="self-clock">
        {now < seat ? (
          <strong>{t('clock.startsIn', { time: formatDuration(seat - now) })}</strong>
        ) : left > 0 ? (
          <strong>{t('clock.left', { time: formatDuration(left) })}</strong>
        ) : (
          <strong className="timer-over">{t('clock.over', { time: formatDuration(-left) })}</strong>
        )}
      </p>
    </>
  );
}
