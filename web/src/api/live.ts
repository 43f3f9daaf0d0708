import { useEffect, useState, useSyncExternalStore } from 'react';
import { onlyElsewhere, type LiveScope } from './live-scope';
import { connection } from './connection';
import { outbox } from './outbox';
import { invalidate, newestVersionUnder } from './resource';
import { paths } from './tournament-api';

export type LiveState = 'connecting' | 'live' | 'lost';

/**
 * After the last change heard, when the views reload again: once after the server's 1 s for
 * public views (and a margin), and once after the longest a view slow to make is kept
 * (RECENT_VIEW_MAX_MS, 2.5 s, for a tournament of thousands).
 */
const AFTER_BURST_MS = [1_500, 3_000] as const;

// Back in reach of the server: every view on screen may show a saved answer or miss changes, so they read again.
connection.subscribe((online) => {
  if (online) invalidate('/api/');
});

// Every settled write changes what the views show: reload the tournament it touched.
outbox.onSettled((write) => {
  if (write.tournament !== undefined) invalidate(paths.tournament(write.tournament));
  else invalidate(paths.tournaments);
});

/** The match the screen on show follows, if it follows one (a player's page); null: every change reloads. */
let scope: LiveScope | null = null;

/**
 * A player's page follows its own table: results, reports, seat marks, extensions and notices at
 * other tables of the round do not reload it (with thousands of players, each of those would
 * otherwise make every phone in the venue ask again). Null while the player has no table.
 */
export function useLiveScope(round: number | null, table: number | null): void {
  useEffect(() => {
    if (round === null || table === null) return;
    const mine: LiveScope = { round, table };
    scope = mine;
    return () => {
      if (scope === mine) scope = null;
    };
  }, [round, table]);
}

/*
 * The live stream opens once the screen has drawn what it shows (issue 44): on a slow network
 * its connection would otherwise take its share of the first second from the screen's code and
 * reads. A change made in between is not lost: the stream's hello names the tournament's
 * version, and views older than it reload.
 */
let drawn = false;
const drawnListeners = new Set<() => void>();

/** The screen has drawn its content: the live stream may start, after this paint. */
export function markDrawn(): void {
  if (drawn) return;
  const open = () => {
    if (drawn) return;
    drawn = true;
    for (const listener of drawnListeners) listener();
  };
  // After the frame that draws it: a task queued from the next animation frame runs past the paint.
  if (typeof requestAnimationFrame === 'undefined') open();
  else requestAnimationFrame(() => setTimeout(open, 0));
}

const subscribeDrawn = (listener: () => void) => {
  drawnListeners.add(listener);
  return () => {
    drawnListeners.delete(listener);
  };
};

/** The version a `hello` message names (its data: `{ version, … }`); null when it does not say. */
function helloVersion(message: Event): number | null {
  try {
    const version = (JSON.parse((message as MessageEvent<string>).data) as { version?: unknown }).version;
    return typeof version === 'number' ? version : null;
  } catch {
    return null;
  }
}

/** The round a `late` message is about (its data: `{ round, now, late }`); null when it does not say. */
function lateRound(message: Event): number | null {
  try {
    const round = (JSON.parse((message as MessageEvent<string>).data) as { round?: unknown }).round;
    return typeof round === 'number' ? round : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the tournament's live stream (Server-Sent Events) and reloads the views on every
 * change another person makes. The browser reconnects on its own after a drop; on reconnect
 * the views reload, as changes may have been missed.
 */
export function useLive(tournamentId: string | undefined): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const ready = useSyncExternalStore(subscribeDrawn, () => drawn);
  useEffect(() => {
    if (!ready || !tournamentId || typeof EventSource === 'undefined') return;
    const source = new EventSource(paths.live(tournamentId));
    const prefix = paths.tournament(tournamentId);
    let wasLost = false;
    source.onopen = () => {
      // The stream opened: the server answered.
      connection.answered();
      setState('live');
      if (wasLost) invalidate(prefix);
      wasLost = false;
    };
    source.onerror = () => {
      wasLost = true;
      setState(source.readyState === EventSource.CLOSED ? 'lost' : 'connecting');
    };
    // The public's views of the current round are made at most once a second while writes come
    // in (the server's RECENT_VIEW_MS, longer for a big tournament's), so a reload during a burst may show
    // a version before the last event: once the stream has been quiet a little longer than that, the views reload again.
    let trailing: ReturnType<typeof setTimeout>[] = [];
    source.addEventListener('events', (message) => {
      if (onlyElsewhere((message as MessageEvent<string>).data, scope)) return;
      invalidate(prefix);
      for (const timer of trailing) clearTimeout(timer);
      trailing = AFTER_BURST_MS.map((ms) => setTimeout(() => invalidate(prefix), ms));
    });
    // The first hello only: a reconnect reloads the views anyway (onopen).
    let first = true;
    source.addEventListener('hello', (message) => {
      if (!first) return;
      first = false;
      const version = helloVersion(message);
      const shown = newestVersionUnder(prefix);
      if (version !== null && shown !== null && version > shown) invalidate(prefix);
    });
    // Staff only: the late list changed (a threshold crossed, a seat mark, and once on connect):
    // the round clock reloads, not the round's pairings (a second download of every table).
    source.addEventListener('late', (message) => {
      const round = lateRound(message);
      invalidate(round === null ? `${prefix}/rounds/` : paths.clock(tournamentId, round));
    });
    // A player's report went unconfirmed past the organizer's time: the players' pages and the judges' queue reload.
    source.addEventListener('unconfirmed', () => invalidate(prefix));
    return () => {
      for (const timer of trailing) clearTimeout(timer);
      source.close();
    };
  }, [ready, tournamentId]);
  return state;
}
