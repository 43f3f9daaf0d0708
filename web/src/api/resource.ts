import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type Answer, ApiError, get, NetworkError } from './http';
import { connection } from './connection';

/*
 * Reads with a memory of the last good answer: a view shows what it had while it reloads, and
 * keeps showing it (marked stale) when the connection drops, instead of a blank screen.
 */

interface Cached {
  readonly body: unknown;
  readonly version: number | null;
  readonly at: number;
  /** Offline: the service worker's saved answer, saved then (ms since epoch). */
  readonly savedAt: number | null;
}

const cache = new Map<string, Cached>();
const subscribers = new Set<(path: string) => void>();

/** Makes every view showing a path under `prefix` load it again (after a write or a live update). */
export function invalidate(prefix: string): void {
  for (const path of early.keys()) if (path.startsWith(prefix)) early.delete(path);
  for (const notify of subscribers) notify(prefix);
}

/** The newest version among the answers held for paths under `prefix` (null: none held). */
export function newestVersionUnder(prefix: string): number | null {
  let newest: number | null = null;
  for (const [path, entry] of cache)
    if (path.startsWith(prefix) && entry.version !== null && (newest === null || entry.version > newest))
      newest = entry.version;
  return newest;
}

/*
 * Reads asked before their screen is there: a page opening on a screen asks for what the
 * screen shows beside fetching the screen's code (app.tsx startRoute), instead of after it,
 * and the screen takes that answer instead of asking again. An early answer is taken once and
 * only while fresh, so a screen opened later never starts from an old one.
 */
interface Early {
  readonly answer: Promise<Answer<unknown>>;
  /** When the answer came (ms since epoch); null while it is on its way. */
  settled: number | null;
}
const early = new Map<string, Early>();
const EARLY_FRESH_MS = 10_000;
/**
 * A read the service worker answered from what it saved while the browser says it is online
 * (the first requests after Wi-Fi comes back often still fail, and Wi-Fi that hangs looks
 * online) is asked again once after this long, so the screen does not stay on old data until
 * someone taps "retry". Once: on Wi-Fi that keeps hanging it does not ask forever.
 */
const SAVED_RETRY_MS = 5_000;

/*
 * When the oldest saved answer on screen was saved (ms since epoch), or null once the server
 * answers again: offline, the one banner under the header says it for every view at once.
 */
let savedShown: number | null = null;
const savedListeners = new Set<() => void>();
function noteSaved(savedAt: number | null): void {
  const next = savedAt === null ? null : Math.min(savedShown ?? savedAt, savedAt);
  if (next === savedShown) return;
  savedShown = next;
  for (const listener of savedListeners) listener();
}
const subscribeSaved = (listener: () => void) => {
  savedListeners.add(listener);
  return () => {
    savedListeners.delete(listener);
  };
};

/** The time the oldest saved answer shown was saved, or null when the views show the server's answers. */
export function useSavedShown(): number | null {
  return useSyncExternalStore(subscribeSaved, () => savedShown);
}

const fresh = (e: Early | undefined): e is Early =>
  !!e && (e.settled === null || Date.now() - e.settled < EARLY_FRESH_MS);

/** Asks for `path` now, for a screen that will read it; the same request when already asked. */
export function prefetch<T>(path: string): Promise<Answer<T>> {
  const found = early.get(path);
  if (fresh(found)) return found.answer as Promise<Answer<T>>;
  const entry: Early = { answer: get<T>(path), settled: null };
  const settle = () => {
    entry.settled = Date.now();
  };
  entry.answer.then(settle, settle);
  early.set(path, entry);
  return entry.answer as Promise<Answer<T>>;
}

/** The early answer for `path` (taken: once), else a new request. */
export function getOnce<T>(path: string, signal?: AbortSignal): Promise<Answer<T>> {
  const found = early.get(path);
  early.delete(path);
  if (!fresh(found)) return get<T>(path, signal);
  // An early read that failed is asked again: the person may have signed in since.
  return (found.answer as Promise<Answer<T>>).catch(() => get<T>(path, signal));
}

export interface Resource<T> {
  readonly data: T | undefined;
  readonly version: number | null;
  readonly loading: boolean;
  readonly error: ApiError | NetworkError | null;
  /** The data shown is from an earlier load: the last one failed. */
  readonly stale: boolean;
  /** When the data shown was loaded (ms since epoch). */
  readonly loadedAt: number | null;
  /** Offline: the data shown is what the service worker saved at this time (ms since epoch), not the server's answer now. */
  readonly savedAt: number | null;
  reload(): void;
}

/** Loads `path` (null: nothing yet) and again whenever it is invalidated. */
export function useResource<T>(path: string | null): Resource<T> {
  const cached = path ? cache.get(path) : undefined;
  const [state, setState] = useState<{
    path: string | null;
    entry: Cached | undefined;
    loading: boolean;
    error: ApiError | NetworkError | null;
  }>({
    path,
    entry: cached,
    loading: path !== null,
    error: null,
  });
  const [generation, setGeneration] = useState(0);
  const pathRef = useRef(path);
  pathRef.current = path;
  /** The path whose saved answer was already asked again (SAVED_RETRY_MS); a server answer resets it. */
  const retried = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger and the path is read through a ref on purpose.
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState((s) => ({ path, entry: s.path === path ? s.entry : cache.get(path), loading: true, error: null }));
    getOnce<T>(path, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const entry: Cached = { body: answer.body, version: answer.version, at: Date.now(), savedAt: answer.savedAt };
        cache.set(path, entry);
        setState({ path, entry, loading: false, error: null });
        noteSaved(answer.savedAt);
        if (answer.savedAt === null) retried.current = null;
        else if (retried.current !== path && connection.online) {
          // Marked when it fires: another reload meanwhile (a burst of them on reconnection) cancels this one.
          retry = setTimeout(() => {
            retried.current = path;
            setGeneration((g) => g + 1);
          }, SAVED_RETRY_MS);
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error as Error).name === 'AbortError') return;
        const known = error instanceof ApiError || error instanceof NetworkError ? error : new NetworkError(error);
        setState((s) => ({ ...s, loading: false, error: known }));
      },
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [path, generation]);

  useEffect(() => {
    const notify = (prefix: string) => {
      if (pathRef.current?.startsWith(prefix)) setGeneration((g) => g + 1);
    };
    subscribers.add(notify);
    return () => {
      subscribers.delete(notify);
    };
  }, []);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const entry = state.path === path ? state.entry : cached;
  return {
    data: entry?.body as T | undefined,
    version: entry?.version ?? null,
    loading: state.loading,
    error: state.error,
    stale: state.error !== null && entry !== undefined,
    loadedAt: entry?.at ?? null,
    savedAt: entry?.savedAt ?? null,
    reload,
  };
}
