/**
 * Whether the console can reach its server: the one answer every screen, the outbox and the
 * session read. The browser's own word (`navigator.onLine` and its `online`/`offline` events)
 * is not enough on its own:
 * - venue Wi-Fi with the organizer's laptop gone, or a router that lost its uplink, is "online"
 *   to the phone while nothing answers;
 * - Chromium 150 under DevTools network emulation started a page reloaded offline with
 *   `navigator.onLine` true and sent no `online` event when the network came back (fixed in
 *   156); any browser can miss an event while a tab sleeps.
 * So the console is online while the browser does not say otherwise AND the server answered
 * the last time it was asked. A request that got no answer at all (or that the service worker
 * answered from what it saved because the network failed) marks the server unreachable; every
 * answer from the server marks it reachable again. While it is not online the console asks the
 * server's health itself, sooner at first and then less often, so it finds its way back with no
 * event from the browser and without a tap.
 */

type Listener = (online: boolean) => void;
/** What the connection needs of the page's `window` and `navigator` (the Node type check has no DOM). */
interface EventTarget {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
}
interface Page {
  readonly navigator?: { readonly onLine?: unknown };
  readonly window?: EventTarget;
}

/** The first look after losing the server, then each look waits this much longer, up to the last. */
const PROBE_FIRST_MS = 2_000;
const PROBE_GROWTH = 1.5;
/**
 * The longest wait between two looks. Thousands of phones that lost a restarted server look
 * again within this, each at its own moment (jittered), so the server's return is seen within
 * seconds and the looks never arrive together.
 */
const PROBE_MAX_MS = 8_000;
/** A look that has no answer by then counts as none (venue Wi-Fi hangs rather than drops). */
const PROBE_TIMEOUT_MS = 5_000;
const HEALTH_PATH = '/api/health';

/**
 * What the browser says, read so that a runtime whose `navigator` has no `onLine` (Node 21 and
 * later have a global `navigator` without it; tests and server rendering run there) counts as
 * online: only an explicit `false` means offline.
 */
export function browserSaysOnline(nav: { readonly onLine?: unknown } | undefined): boolean {
  return nav?.onLine !== false;
}

export class Connection {
  #browser: boolean;
  #reachable = true;
  #probeWait = PROBE_FIRST_MS;
  #probeTimer: ReturnType<typeof setTimeout> | null = null;
  #probing = false;
  readonly #listeners = new Set<Listener>();
  readonly #healthUrl: string;

  constructor(options: { readonly navigator?: { readonly onLine?: unknown }; readonly healthUrl?: string } = {}) {
    this.#browser = browserSaysOnline(options.navigator);
    this.#healthUrl = options.healthUrl ?? HEALTH_PATH;
    // Opened offline: the browser may never say when it is back, so look from the start.
    if (!this.#browser) this.#probeSoon(this.#nextWait());
  }

  /** Listens to the browser's own events (the page's one instance; tests make their own). */
  listenToWindow(target: EventTarget): void {
    target.addEventListener('online', () => {
      this.#browser = true;
      this.#changed();
      // The browser's word is a hint: the server's answer decides, so look now.
      this.#probeSoon(0);
    });
    target.addEventListener('offline', () => {
      this.#browser = false;
      this.#changed();
    });
  }

  get online(): boolean {
    return this.#browser && this.#reachable;
  }

  /** The server answered (any status): it is reachable, and the network is there whatever the browser said. */
  answered(): void {
    if (this.#reachable && this.#browser) return;
    this.#reachable = true;
    this.#browser = true;
    this.#probeWait = PROBE_FIRST_MS;
    this.#stopProbing();
    this.#changed();
  }

  /** A request got no answer at all: the server is not reachable until one answers again. */
  unanswered(): void {
    if (!this.#reachable) return;
    this.#reachable = false;
    this.#changed();
  }

  /** Called with the new state whenever it changes; answers the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #changed(): void {
    const online = this.online;
    if (online) this.#stopProbing();
    else if (this.#probeTimer === null && !this.#probing) this.#probeSoon(this.#nextWait());
    for (const listener of this.#listeners) listener(online);
  }

  #nextWait(): number {
    const wait = this.#probeWait;
    this.#probeWait = Math.min(PROBE_MAX_MS, Math.round(this.#probeWait * PROBE_GROWTH));
    // ±25 %: phones that lost the server together do not come back together.
    return Math.round(wait * (0.75 + Math.random() * 0.5));
  }

  #stopProbing(): void {
    if (this.#probeTimer !== null) clearTimeout(this.#probeTimer);
    this.#probeTimer = null;
  }

  #probeSoon(ms: number): void {
    this.#stopProbing();
    this.#probeTimer = setTimeout(() => {
      this.#probeTimer = null;
      void this.#probe();
    }, ms);
  }

  async #probe(): Promise<void> {
    if (this.online || this.#probing) return;
    this.#probing = true;
    let reached = false;
    try {
      // Every answer under /api/ is `no-store`, and the service worker lets /api/health pass:
      // this look always reaches the network.
      const answer = await fetch(this.#healthUrl, {
        credentials: 'omit',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      // A proxy in front answers 502–504 while shinpan itself is down: not back yet.
      reached = answer.status < 502 || answer.status > 504;
    } catch {
      reached = false;
    } finally {
      this.#probing = false;
    }
    if (reached) this.answered();
    else if (!this.online) this.#probeSoon(this.#nextWait());
  }
}

/** The page's connection (it looks at the server it was loaded from). */
const page = globalThis as Page;
export const connection = new Connection(page.navigator ? { navigator: page.navigator } : {});
if (page.window) connection.listenToWindow(page.window);
