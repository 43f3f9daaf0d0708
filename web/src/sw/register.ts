import { invalidate } from '../api/resource';

/**
 * Installs the service worker (built as /sw.js) once the page has loaded, so that it never
 * competes with the first screen for the venue's bandwidth. Not in development: Vite's dev
 * server has no sw.js and serves files by other names.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the console still works online; nothing to tell the person.
    });
  };
  // The first time the service worker takes the page over, the screens read again through it, so
  // what they show is saved for offline use from the very first visit.
  navigator.serviceWorker.addEventListener('controllerchange', () => invalidate('/api/'));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const RELOADED_KEY = 'shinpan.reloadedForNewVersion';

/**
 * After an update of the server, a page opened before it asks for a screen's chunk by its old
 * name, which is gone (404): load the page again once, which brings the new names. Once per
 * minute at most, so a server that keeps failing does not make the page reload forever.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
  });
}
