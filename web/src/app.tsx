import { type ReactNode, Suspense } from 'react';
import { useT } from './i18n/use-t';
import { prefetch } from './api/resource';
import { can, managedTournaments, SESSION_PATH, TournamentSession, useSession, type Access } from './api/session';
import { TournamentProvider, useTournament } from './api/tournament-context';
import { paths } from './api/tournament-api';
import type { TournamentSummary } from './api/types';
import { Layout } from './components/layout';
import { Loading } from './components/status';
import {
  DeckCheck,
  FindTable,
  HeadJudgeQueue,
  PenaltyFlow,
  PlayerRecord,
  Players,
  PrintPairings,
  PrintSlips,
  PrintStandings,
  PrintResults,
  Prizes,
  PrintDecklist,
  RoundClock,
  RoundView,
  Rounds,
  SignIn,
  Standings,
  TournamentCreate,
  TournamentHome,
  TournamentList,
  WallDisplay,
  StaffAccounts,
  VenueHttps,
  Webhooks,
  TournamentLog,
  CheckIn,
  PlayerPage,
  EntryPage,
  Decklists,
  PublishedDecklists,
  PrintRegistrationSlips,
  MatchReports,
  JudgeCalls,
  type Preloadable,
  SeriesStandings,
} from './lazy-screens';
import { Link, matchPath, navigate, useLocation } from './router';
import { selfPaths } from './self-service/self-service-api';

type Params = Record<string, string>;

/** A read a screen makes first: a path, or one known once the tournament's summary is in. */
type Read = string | ((summary: TournamentSummary) => string | null);

interface TournamentRoute {
  readonly pattern: string;
  /** What the account must be allowed (the session's `may`) to open the screen; absent for the public. */
  readonly access?: Access;
  /** Printable pages render without the console's chrome. */
  readonly print?: boolean;
  readonly render: (params: Params) => ReactNode;
  /**
   * For screens phones open straight from a link or a QR code: the screen's code and what it
   * reads first, asked at start in parallel (startRoute) rather than one after the other.
   */
  readonly early?: {
    readonly screen: Preloadable;
    readonly reads?: (params: Params, query: URLSearchParams) => readonly Read[];
  };
  /** The screen's own read carries the time zone: it draws without waiting for the summary (TournamentProvider). */
  readonly ownZone?: boolean;
}

const num = (s: string | undefined): number => Number(s);
const id = (p: Params): string => p.id ?? '';
/** The pairings of the tournament's latest round: what the table finder and the wall display show. */
const latestPairings =
  (p: Params) =>
  (summary: TournamentSummary): string | null => {
    const latest = summary.rounds.at(-1);
    return latest ? paths.pairings(id(p), latest.round) : null;
  };

const TOURNAMENT_ROUTES: readonly TournamentRoute[] = [
  { pattern: '/t/:id', render: () => <TournamentHome />, early: { screen: TournamentHome } },
  {
    pattern: '/t/:id/players',
    access: 'staff:read',
    render: () => <Players />,
    early: { screen: Players, reads: (p) => [paths.players(id(p))] },
  },
  { pattern: '/t/:id/players/:player', render: (p) => <PlayerRecord player={p.player ?? ''} /> },
  { pattern: '/t/:id/rounds', render: () => <Rounds /> },
  {
    pattern: '/t/:id/rounds/:round',
    render: (p) => <RoundView round={num(p.round)} />,
    early: { screen: RoundView, reads: (p) => [paths.pairings(id(p), num(p.round))] },
  },
  {
    pattern: '/t/:id/rounds/:round/clock',
    access: 'staff:read',
    render: (p) => <RoundClock round={num(p.round)} />,
    early: { screen: RoundClock, reads: (p) => [paths.clock(id(p), num(p.round))] },
  },
  { pattern: '/t/:id/penalty', access: 'penalties:assess', render: () => <PenaltyFlow /> },
  { pattern: '/t/:id/deck-check', access: 'deck-checks:run', render: () => <DeckCheck /> },
  {
    pattern: '/t/:id/standings',
    render: () => <Standings />,
    early: { screen: Standings, reads: (p) => [paths.standings(id(p))] },
  },
  { pattern: '/t/:id/queue', access: 'DecideRequest', render: () => <HeadJudgeQueue /> },
  {
    pattern: '/t/:id/calls',
    access: 'staff:read',
    render: () => <JudgeCalls />,
    early: { screen: JudgeCalls, reads: (p) => [`/api/tournaments/${encodeURIComponent(id(p))}/calls`] },
  },
  {
    pattern: '/t/:id/find',
    render: () => <FindTable />,
    early: { screen: FindTable, reads: (p) => [latestPairings(p)] },
  },
  { pattern: '/t/:id/log', access: 'record:read', render: () => <TournamentLog /> },
  { pattern: '/t/:id/print/pairings/:round', print: true, render: (p) => <PrintPairings round={num(p.round)} /> },
  {
    pattern: '/t/:id/print/slips/:round',
    print: true,
    access: 'staff:read',
    render: (p) => <PrintSlips round={num(p.round)} />,
  },
  { pattern: '/t/:id/print/standings', print: true, render: () => <PrintStandings /> },
  { pattern: '/t/:id/print/results', print: true, access: 'record:read', render: () => <PrintResults /> },
  // The player opens their own sheet with their code (?code=), staff without: the server decides.
  {
    pattern: '/t/:id/print/decklist/:player',
    print: true,
    render: (p) => <PrintDecklist player={p.player ?? ''} />,
  },
  // Players' own page (the QR code on the slip) and the staff screens around it.
  // Its code and its one read (what it draws, the clock too) asked at start; the page draws
  // from that read alone, without waiting for the summary (issue 44).
  {
    pattern: '/t/:id/p/:player',
    render: (p) => <PlayerPage player={p.player ?? ''} />,
    ownZone: true,
    early: {
      screen: PlayerPage,
      reads: (p, query) => {
        const code = query.get('code');
        return code === null ? [] : [selfPaths.page(id(p), p.player ?? '', code)];
      },
    },
  },
  { pattern: '/t/:id/check-in', access: 'staff:read', render: () => <CheckIn /> },
  { pattern: '/t/:id/prizes', access: 'staff:read', render: () => <Prizes /> },
  // Public entry before the day, and the staff's view of the lists players send.
  { pattern: '/t/:id/entry', render: () => <EntryPage /> },
  { pattern: '/t/:id/decklists', access: 'staff:read', render: () => <Decklists /> },
  { pattern: '/t/:id/decklists/published', render: () => <PublishedDecklists /> },
  {
    pattern: '/t/:id/rounds/:round/tables/:table/reports',
    access: 'staff:read',
    render: (p) => <MatchReports round={num(p.round)} table={num(p.table)} />,
  },
  {
    pattern: '/t/:id/print/registration',
    print: true,
    access: 'RegisterPlayer',
    render: () => <PrintRegistrationSlips />,
  },
  {
    pattern: '/t/:id/wall',
    print: true,
    render: () => <WallDisplay />,
    early: { screen: WallDisplay, reads: (p) => [latestPairings(p)] },
  },
];

const ignore = () => {};

/**
 * What the page opening on `path` will need, asked for at once and side by side: the session,
 * and for a tournament screen with `early` its summary, its code and its first reads. Without
 * this each waits for the one before (the code, then the summary, then the screen's data),
 * which on a slow phone cost about as much as all the rest of showing the screen.
 */
export function startRoute(path: string, search = ''): void {
  void prefetch(SESSION_PATH).catch(ignore);
  for (const route of TOURNAMENT_ROUTES) {
    const params = matchPath(route.pattern, path);
    if (!params?.id) continue;
    if (!route.early) return;
    const summary = prefetch<TournamentSummary>(paths.tournament(params.id));
    for (const read of route.early.reads?.(params, new URLSearchParams(search)) ?? []) {
      if (typeof read === 'string') void prefetch(read).catch(ignore);
      else
        summary.then((answer) => {
          const path = read(answer.body);
          if (path) void prefetch(path).catch(ignore);
        }, ignore);
    }
    // After the reads: adding the code's preload links takes a slowed phone a moment.
    route.early.screen.preload();
    return;
  }
}

/** The whole console: the screen for the path, its code loaded on first use (lazy-screens.ts). */
export function App() {
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

/** Picks the screen for the path, behind the sign-in where a role is needed. */
function Screen() {
  const { path } = useLocation();
  const { account } = useSession();

  if (path === '/sign-in')
    return (
      <Layout>
        <SignIn next={new URLSearchParams(location.search).get('next') ?? '/'} />
      </Layout>
    );
  if (account?.mustChangePassword)
    return (
      <Layout>
        <SignIn next={path} />
      </Layout>
    );
  if (path === '/' || path === '')
    return (
      <Layout>
        <TournamentList />
      </Layout>
    );
  if (path === '/staff')
    return (
      <Layout>
        {/* An organizer of given tournaments manages their staff too; Guard asks everyone else to sign in. */}
        {managedTournaments(account).length !== 0 ? (
          <StaffAccounts />
        ) : (
          // Only an organizer creates tournaments: the guard asks for sign-in, or says the role is missing.
          <Guard access="CreateTournament">
            <StaffAccounts />
          </Guard>
        )}
      </Layout>
    );
  const series = matchPath('/series/:id', path);
  if (series?.id)
    return (
      <Layout>
        <SeriesStandings id={series.id} />
      </Layout>
    );
  if (path === '/webhooks')
    return (
      <Layout>
        <Guard access="webhooks:manage">
          <Webhooks />
        </Guard>
      </Layout>
    );
  // The venue's HTTPS steps: public, since a staff phone follows them before signing in.
  if (path === '/https')
    return (
      <Layout>
        <VenueHttps />
      </Layout>
    );
  if (path === '/new')
    return (
      <Layout>
        <Guard access="CreateTournament">
          <TournamentCreate />
        </Guard>
      </Layout>
    );

  for (const route of TOURNAMENT_ROUTES) {
    const params = matchPath(route.pattern, path);
    if (!params?.id) continue;
    const screen = route.access ? (
      <Guard access={route.access} tournament={params.id}>
        {route.render(params)}
      </Guard>
    ) : (
      route.render(params)
    );
    return (
      <TournamentProvider id={params.id} ownZone={route.ownZone === true}>
        <TournamentSession id={params.id}>
          {route.print ? screen : <TournamentLayout>{screen}</TournamentLayout>}
        </TournamentSession>
      </TournamentProvider>
    );
  }
  return (
    <Layout>
      <NotFound />
    </Layout>
  );
}

function TournamentLayout({ children }: { children: ReactNode }) {
  const { id, summary, live } = useTournament();
  const name = summary.data?.settings.name ?? id;
  const rounds = summary.data?.rounds ?? [];
  const currentRound = rounds[rounds.length - 1]?.round ?? null;
  return <Layout tournament={{ id, name, live, currentRound }}>{children}</Layout>;
}

/** Shows the screen to accounts allowed `access`, asks others to sign in, and tells a signed-in account it may not. */
function Guard({ access, tournament, children }: { access: Access; tournament?: string; children: ReactNode }) {
  const { t } = useT();
  const { account } = useSession();
  const { path } = useLocation();
  if (account === undefined) return <Loading />;
  if (account === null) {
    return (
      <section className="narrow">
        <p>{t('guard.signIn')}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => navigate(`/sign-in?next=${encodeURIComponent(path)}`)}
        >
          {t('nav.signIn')}
        </button>
      </section>
    );
  }
  if (!can(account, access, tournament)) {
    return (
      <p className="notice notice-error" role="alert">
        {t('guard.role')}
      </p>
    );
  }
  return <>{children}</>;
}

function NotFound() {
  const { t } = useT();
  return (
    <section>
      <h1>{t('notFound.title')}</h1>
      <Link to="/">{t('nav.home')}</Link>
    </section>
  );
}
