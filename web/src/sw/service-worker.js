/*
 * The console's service worker, so that a phone that opened the console once opens it again
 * with no network (its outbox is in localStorage and is shown at once). web/vite.config.ts
 * fills in PRECACHE (every built file, by name) and VERSION (a hash of that list) and writes
 * it as /sw.js. It is our own rather than Workbox because all it needs is: keep the built
 * files, answer a page load from the network when it answers within NAVIGATION_TIMEOUT_MS,
 * else from the kept index.html. The API is never cached here: live data comes from the
 * server or not at all (the console marks what it shows as stale). Matches ignore Vary: the
 * server varies on Accept-Encoding, which a page load and the install need not share.
 */
const PRECACHE = self.__SHINPAN_PRECACHE__;
const VERSION = self.__SHINPAN_VERSION__;
const CACHE = `shinpan-console-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('shinpan-console-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, or null when it fails or takes longer than `ms` (venue Wi-Fi that hangs). */
function networkWithin(request, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    fetch(request).then(
      (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      networkWithin(request, NAVIGATION_TIMEOUT_MS).then(
        (answer) =>
          answer ??
          caches.match('/index.html', { cacheName: CACHE, ignoreVary: true }).then((kept) => kept ?? fetch(request)),
      ),
    );
    return;
  }
  // Built files are named by content: a kept copy is always right.
  event.respondWith(
    caches.match(request, { cacheName: CACHE, ignoreVary: true }).then((kept) => kept ?? fetch(request)),
  );
});
