import { forwardRef, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/*
 * A small History API router: the server answers index.html for every non-API path, so a
 * reload on /t/abc/rounds/2 lands on the same screen.
 */

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => window.location.pathname + window.location.search;

/** Goes to `to` inside the console without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === current()) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
}

/** The current path and query, re-rendering on every navigation. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, current);
  const url = new URL(href, 'http://console.local');
  return { path: url.pathname, query: url.searchParams };
}

/** Matches `/t/:id/rounds/:round` against a path; answers the decoded parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(h);
    else if (w !== h) return null;
  }
  return params;
}

/** A link that navigates inside the console; modified clicks (new tab) keep the browser's behaviour. */
export const Link = forwardRef<HTMLAnchorElement, { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>>(
  function Link({ to, onClick, ...rest }, ref) {
    const handle = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      event.preventDefault();
      navigate(to);
    };
    return <a ref={ref} href={to} onClick={handle} {...rest} />;
  },
);
