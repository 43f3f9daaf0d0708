import { type ComponentType, lazy } from 'react';

/*
 * Every screen is its own chunk, loaded when its route is first opened: a phone on venue
 * Wi-Fi downloads the console's frame and the one screen it opens, not all of them. The
 * service worker keeps every chunk once installed, so later screens open offline too.
 */

/** A lazily loaded screen whose code can be asked for before it renders. */
export interface Preloadable {
  preload(): void;
}

function screen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  // biome-ignore lint/suspicious/noExplicitAny: a screen's props are whatever the component declares.
): (M[K] extends ComponentType<any> ? M[K] : never) & Preloadable {
  // One import for both: a preload at start and the first render share the request.
  let loading: Promise<M> | null = null;
  const once = () => {
    loading ??= load();
    return loading;
  };
  const component = lazy(async () => ({ default: (await once())[name] as ComponentType<unknown> }));
  return Object.assign(component, { preload: () => void once().catch(() => (loading = null)) }) as never;
}

export const DeckCheck = screen(() => import('./screens/deck-check'), 'DeckCheck');
export const FindTable = screen(() => import('./screens/find-table'), 'FindTable');
export const HeadJudgeQueue = screen(() => import('./screens/head-judge-queue'), 'HeadJudgeQueue');
export const PenaltyFlow = screen(() => import('./penalty/penalty-flow'), 'PenaltyFlow');
export const PlayerRecord = screen(() => import('./screens/player-record'), 'PlayerRecord');
export const Players = screen(() => import('./screens/players'), 'Players');
export const PrintPairings = screen(() => import('./print/print-pairings'), 'PrintPairings');
export const PrintSlips = screen(() => import('./print/print-slips'), 'PrintSlips');
export const PrintDecklist = screen(() => import('./print/print-decklist'), 'PrintDecklist');
export const PrintStandings = screen(() => import('./print/print-standings'), 'PrintStandings');
export const Prizes = screen(() => import('./screens/prizes'), 'Prizes');
export const PrintResults = screen(() => import('./print/print-results'), 'PrintResults');
export const RoundClock = screen(() => import('./screens/round-clock'), 'RoundClock');
export const RoundView = screen(() => import('./screens/round-view'), 'RoundView');
export const Rounds = screen(() => import('./screens/rounds'), 'Rounds');
export const SignIn = screen(() => import('./screens/sign-in'), 'SignIn');
export const Standings = screen(() => import('./screens/standings'), 'Standings');
export const TournamentCreate = screen(() => import('./screens/tournament-create'), 'TournamentCreate');
export const TournamentHome = screen(() => import('./screens/tournament-home'), 'TournamentHome');
export const TournamentList = screen(() => import('./screens/tournament-list'), 'TournamentList');
export const WallDisplay = screen(() => import('./screens/wall-display'), 'WallDisplay');
export const StaffAccounts = screen(() => import('./screens/staff-accounts'), 'StaffAccounts');
export const Webhooks = screen(() => import('./screens/webhooks'), 'Webhooks');
export const VenueHttps = screen(() => import('./screens/venue-https'), 'VenueHttps');
export const TournamentLog = screen(() => import('./screens/tournament-log'), 'TournamentLog');
export const CheckIn = screen(() => import('./self-service/check-in'), 'CheckIn');
export const EntryPage = screen(() => import('./self-service/entry-page'), 'EntryPage');
export const Decklists = screen(() => import('./self-service/decklists'), 'Decklists');
export const PublishedDecklists = screen(() => import('./self-service/published-decklists'), 'PublishedDecklists');
export const PlayerPage = screen(() => import('./self-service/player-page'), 'PlayerPage');
export const PrintRegistrationSlips = screen(
  () => import('./self-service/print-registration'),
  'PrintRegistrationSlips',
);
export const MatchReports = screen(() => import('./self-service/staff-panels'), 'MatchReports');
export const JudgeCalls = screen(() => import('./calls/judge-calls'), 'JudgeCalls');
export const SeriesStandings = screen(() => import('./screens/series-standings'), 'SeriesStandings');
