/*
 * The console's service worker, so that a phone that opened the console once opens it again
 * with no network (its outbox is in localStorage and is shown at once) and still shows what
 * its screens last read. web/vite.config.ts fills in PRECACHE (every built file, by name),
 * VERSION (a hash of that list) and SAVED_READS (names shared with the pages,
 * saved-reads-protocol.ts) and writes it as /sw.js. It is our own rather than Workbox because
 * all it needs is: keep the built files; answer a page load from the network when it answers
 * within NAVIGATION_TIMEOUT_MS, else from the kept index.html; answer the screens' API reads
 * from the network, keeping the last good answer of each, and from that answer when the
 * network fails or does not answer within SAVED_READ_TIMEOUT_MS. Matches ignore Vary: the
 * server varies on Accept-Encoding, which a page load and the install need not share.
 */
/// <reference lib="webworker" />
import type { SAVED_READS as SavedReads } from './saved-reads-protocol';

/*
 * Type-checked with its own tsconfig (web/src/sw/tsconfig.json: the WebWorker library, not the
 * DOM's); the build strips its types and fills in the three values below (build-plugins.ts).
 */
declare const self: ServiceWorkerGlobalScope & {
  readonly __SHINPAN_PRECACHE__: readonly string[];
  readonly __SHINPAN_VERSION__: string;
  readonly __SHINPAN_SAVED_READS__: typeof SavedReads;
};

const PRECACHE = self.__SHINPAN_PRECACHE__;
const VERSION = self.__SHINPAN_VERSION__;
const CACHE = `shinpan-console-${VERSION}`;
const SAVED_READS = self.__SHINPAN_SAVED_READS__;
const NAVIGATION_TIMEOUT_MS = 4000;
/*
 * How long a screen's read waits for the server before the saved answer is shown. Venue Wi-Fi
 * often hangs rather than drops: the request neither fails nor answers, and the browser's own
 * limit is minutes, so without this the saved answer would never be used there. Four seconds is
 * longer than a loaded server takes to answer a read, short enough for a judge at a table.
 */
const SAVED_READ_TIMEOUT_MS = SAVED_READS.answerWithinMs;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        // Reads saved by an older console may not have the shape this one reads: they go too.
        Promise.all(
          keys
            .filter((k) => (k.startsWith('shinpan-console-') && k !== CACHE) || k === SAVED_READS.cache)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, or null when it fails or takes longer than `ms` (venue Wi-Fi that hangs). */
function networkWithin(request: Request, ms: number): Promise<Response | null> {
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

/**
 * A screen's read: a GET of the API sent by the console (it names its sign-in), except the
 * session (the page keeps it itself and shows it marked as saved only while it stands:
 * web/src/api/saved-session.ts), the server's time (an old one would set the clocks wrong) and
 * the live stream. Writes are never kept.
 */
function isScreenRead(request: Request, url: URL): boolean {
  return (
    url.pathname.startsWith('/api/') &&
    request.headers.has(SAVED_READS.owner) &&
    !url.pathname.startsWith('/api/auth/') &&
    url.pathname !== '/api/health' &&
    !url.pathname.endsWith('/live')
  );
}

/**
 * Keeps a good JSON answer as the last one of its address, with its owner and when it was asked
 * for (what the screen says it was saved at). An answer that came late never replaces one that
 * was asked for after it.
 */
async function keep(url: string, answer: Response, owner: string, askedAt: string): Promise<void> {
  const headers = new Headers({ [SAVED_READS.owner]: owner, [SAVED_READS.savedAt]: askedAt });
  for (const name of ['content-type', 'etag']) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = await answer.arrayBuffer();
  const cache = await caches.open(SAVED_READS.cache);
  const kept = await cache.match(url, { ignoreVary: true });
  const keptAt = kept?.headers.get(SAVED_READS.savedAt);
  if (kept?.headers.get(SAVED_READS.owner) === owner && keptAt && keptAt > askedAt) return;
  await cache.put(url, new Response(body, { status: 200, headers }));
}

/**
 * The answer kept for `request`, if it was saved for `owner` (another sign-in's answer is
 * deleted, never shown), marked with why it is given (`failed` or `late`: the page counts the
 * server unreachable only on `failed`).
 */
async function savedFor(request: Request, owner: string, because: 'failed' | 'late'): Promise<Response | null> {
  const cache = await caches.open(SAVED_READS.cache);
  const kept = await cache.match(request.url, { ignoreVary: true });
  if (kept && kept.headers.get(SAVED_READS.owner) === owner) {
    const headers = new Headers(kept.headers);
    headers.set(SAVED_READS.savedBecause, because);
    return new Response(kept.body, { status: kept.status, headers });
  }
  if (kept) await cache.delete(request.url);
  return null;
}

/** What `promise` settles to, or `LATE` when it has not within `ms`. */
const LATE = Symbol('late');
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Network first; the last answer kept when the network fails or is still silent after
 * SAVED_READ_TIMEOUT_MS, and only to a read naming the sign-in it was saved for. With nothing
 * kept, the read waits for the network however long it takes. The network's good answer is
 * kept whenever it arrives, also after the kept one was shown: the screen's next read has it.
 */
async function screenRead(event: FetchEvent): Promise<Response> {
  const request = event.request;
  // isScreenRead let only reads that name their sign-in through.
  const owner = request.headers.get(SAVED_READS.owner) ?? '';
  const askedAt = new Date().toISOString();
  let keeping: Promise<void> = Promise.resolve();
  const network = fetch(request).then((answer) => {
    if (answer.status === 200 && (answer.headers.get('content-type') ?? '').includes('json'))
      keeping = keep(request.url, answer.clone(), owner, askedAt).catch(() => {});
    return answer;
  });
  // Now, while the event is live: the worker stays up until a late answer is kept too.
  event.waitUntil(
    network.then(
      () => keeping,
      () => {},
    ),
  );
  let first: Response | typeof LATE;
  try {
    first = await within(network, SAVED_READ_TIMEOUT_MS);
  } catch (error) {
    const kept = await savedFor(request, owner, 'failed');
    if (kept) return kept;
    throw error;
  }
  if (first !== LATE) return first;
  return (await savedFor(request, owner, 'late')) ?? network;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isScreenRead(request, url)) {
    event.respondWith(screenRead(event));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
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
