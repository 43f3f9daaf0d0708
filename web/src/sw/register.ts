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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
