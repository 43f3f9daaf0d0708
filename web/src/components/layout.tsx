import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { can, isStaff, useSession } from '../api/session';
import type { LiveState } from '../api/live';
import { Link, navigate, useLocation } from '../router';
import { LanguageSwitch } from './language-switch';
import { OutboxBar, useOutbox } from './outbox-bar';
import { useScrollCue } from './scroll-cue';
import { SignedInAs } from './signed-in-as';
import { PlainHttpNotice } from './venue-notices';
import { Loading } from './status';

export interface TournamentNav {
  readonly id: string;
  readonly name: string;
  readonly live: LiveState;
  readonly currentRound: number | null;
}

/** Header, tournament tabs, the outbox strip and the page. Print pages skip it. */
export function Layout({ tournament, children }: { tournament?: TournamentNav; children: ReactNode }) {
  const { t } = useT();
  const { account, logout } = useSession();
  const staff = isStaff(account);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="app-header">
        <div className="app-header-row">
          {/* The name read out starts with the words shown (WCAG 2.5.3), then says where it leads. */}
          <Link to="/" className="brand">
            <span lang="ja">審判</span> <span className="brand-latin">shinpan</span>
            <span className="visually-hidden"> {t('nav.home')}</span>
          </Link>
          <div className="header-tools">
            <LanguageSwitch />
            {account ? (
              <button
                type="button"
                className="button button-quiet"
                onClick={() => void logout().then(() => navigate('/'))}
                title={account.displayName}
              >
                {t('nav.signOut')}
              </button>
            ) : (
              <Link to="/sign-in" className="button button-quiet">
                {t('nav.signIn')}
              </Link>
            )}
          </div>
        </div>
        <SignedInAs />
        {tournament && <TournamentTabs tournament={tournament} staff={staff} />}
      </header>
      {staff && <PlainHttpNotice />}
      <OutboxBar />
      <main id="main" tabIndex={-1}>
        {/* A screen's code loads on first use: the header stays while it does. */}
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
    </>
  );
}

function TournamentTabs({ tournament, staff }: { tournament: TournamentNav; staff: boolean }) {
  const { t } = useT();
  const { path } = useLocation();
  const { account } = useSession();
  const { online } = useOutbox();
  const live = online ? tournament.live : 'lost';
  const current = useRef<HTMLAnchorElement | null>(null);
  // On a phone the tabs scroll sideways: the bar fades out at the edge while more tabs are past it.
  const cue = useScrollCue<HTMLUListElement>();
  // Keep the current tab in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what should scroll the current tab into view.
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [path]);
  const base = `/t/${encodeURIComponent(tournament.id)}`;
  const round = tournament.currentRound;
  const judge = can(account, 'penalties:assess', tournament.id);
  const tabs: { to: string; label: string; show: boolean; match: string }[] = [
    { to: base, label: t('nav.overview'), show: true, match: base },
    {
      to: round ? `${base}/rounds/${round}` : `${base}/rounds`,
      label: t('nav.rounds'),
      show: true,
      match: `${base}/rounds`,
    },
    // The judges' calls and the head judge's queue next to the round, so a phone shows them without scrolling the bar.
    {
      to: `${base}/calls`,
      label: t('nav.calls'),
      show: can(account, 'staff:read', tournament.id),
      match: `${base}/calls`,
    },
    {
      to: `${base}/queue`,
      label: t('nav.queue'),
      show: can(account, 'DecideRequest', tournament.id),
      match: `${base}/queue`,
    },
    { to: `${base}/penalty`, label: t('nav.penalty'), show: judge, match: `${base}/penalty` },
    { to: `${base}/players`, label: t('nav.players'), show: staff, match: `${base}/players` },
    { to: `${base}/deck-check`, label: t('nav.deckCheck'), show: judge, match: `${base}/deck-check` },
    { to: `${base}/standings`, label: t('nav.standings'), show: true, match: `${base}/standings` },
    { to: `${base}/find`, label: t('nav.findTable'), show: true, match: `${base}/find` },
    {
      to: `${base}/log`,
      label: t('log.tab'),
      show: can(account, 'record:read', tournament.id),
      match: `${base}/log`,
    },
  ];
  return (
    <div className="tournament-bar">
      <p className="tournament-name">
        <Link to={base}>{tournament.name}</Link>
        <span className={`live live-${live}`} role="status" title={t(`live.${live}`)}>
          <span aria-hidden="true">●</span> <span className="live-label">{t(`live.${live}`)}</span>
        </span>
      </p>
      <nav aria-label={t('nav.tournament')}>
        <ul className="tabs" ref={cue.ref} onScroll={cue.onScroll} data-more={cue.more}>
          {tabs
            .filter((tab) => tab.show)
            .map((tab) => {
              const isCurrent = tab.match === base ? path === base : path.startsWith(tab.match);
              return (
                <li key={tab.match}>
                  <Link to={tab.to} aria-current={isCurrent ? 'page' : undefined} ref={isCurrent ? current : undefined}>
                    {tab.label}
                  </Link>
                </li>
              );
            })}
        </ul>
      </nav>
    </div>
  );
}
