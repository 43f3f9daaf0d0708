import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Loading } from '../components/status';
import { setDisplayTimeZone } from '../i18n/time-zone';
import { markDrawn, useLive, type LiveState } from './live';
import { useResource, type Resource } from './resource';
import { paths } from './tournament-api';
import type { TournamentSummary } from './types';

interface TournamentValue {
  readonly id: string;
  readonly summary: Resource<TournamentSummary>;
  /** The version the person has seen: what writes send as If-Match. */
  readonly version: number | null;
  readonly live: LiveState;
}

const TournamentContext = createContext<TournamentValue | null>(null);

/**
 * Loads one tournament's summary and keeps every view of it live. `ownZone`: the screen's own
 * read carries the tournament's time zone and the screen sets it (the player's page), so it
 * draws without waiting for the summary, and says itself when it has drawn (markDrawn).
 */
export function TournamentProvider({
  id,
  ownZone = false,
  children,
}: {
  id: string;
  ownZone?: boolean;
  children: ReactNode;
}) {
  const summary = useResource<TournamentSummary>(paths.tournament(id));
  const live = useLive(id);
  const version = summary.data?.version ?? summary.version;
  // Set while rendering, before the screens below format a time; cleared when the tournament closes.
  if (!ownZone || summary.data) setDisplayTimeZone(summary.data?.settings.timeZone);
  useEffect(() => () => setDisplayTimeZone(undefined), []);
  // No screen of the tournament before its zone is known: a page whose own reads came first (a print
  // page opened directly) would show and print its times in the device's zone. A failed summary
  // lets the screens through to say what is wrong.
  const zoneKnown = ownZone || summary.data !== undefined || summary.error !== null;
  // Other screens count as drawn once they may render (their own loading shows meanwhile).
  useEffect(() => {
    if (zoneKnown && !ownZone) markDrawn();
  }, [zoneKnown, ownZone]);
  return (
    <TournamentContext.Provider value={{ id, summary, version, live }}>
      {zoneKnown ? children : <Loading />}
    </TournamentContext.Provider>
  );
}

/** The tournament the current screen is about. */
export function useTournament(): TournamentValue {
  const value = useContext(TournamentContext);
  if (!value) throw new Error('useTournament outside TournamentProvider');
  return value;
}

/** The newest version among the tournament summary and the resources a screen shows: the state the person decided on. */
export function useVersion(...resources: readonly Resource<unknown>[]): number | null {
  const { version } = useTournament();
  const versions = [version, ...resources.map((r) => r.version)].filter((v): v is number => typeof v === 'number');
  return versions.length > 0 ? Math.max(...versions) : null;
}
