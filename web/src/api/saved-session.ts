import { SAVED_READS } from '../sw/saved-reads-protocol';
import { savedReadsCleared, savedReadsOwner } from './saved-reads';
import { standingSession, type SavedSession } from './saved-session-rules';

/*
 * The last session answer of the signed-in account, kept on the device so that a page loaded
 * with no network (venue Wi-Fi down, the phone's browser reloaded the tab) still shows who is
 * signed in and what the server last said they may do, marked as saved rather than confirmed.
 * It grants nothing: every write still goes to the server, which decides it when it goes out.
 *
 * It is kept in the saved reads' cache under the same owner as they are (saved-reads.ts), so it
 * goes whenever they go: sign-out, another sign-in, the server answering someone else or
 * nobody, a new console version (the service worker empties that cache when it takes over).
 * It stands only until the server's session ends (`sessionExpiresAt`: a day after the sign-in,
 * not extended by use, src/adapters/http/routes/auth.ts): past that the server would answer
 * the public, so showing the account any longer would be a sign-in that no longer exists.
 */

/** Where it is kept in the cache (the address of the session read; the service worker never serves it). */
const ADDRESS = '/api/auth/me';

/** Keeps `saved` as the device's saved session, unless another sign-in was confirmed meanwhile. */
export async function keepSession(saved: SavedSession): Promise<void> {
  if (typeof caches === 'undefined') return;
  // A new sign-in first deletes what the one before saved; keeping before that ends would lose it.
  await savedReadsCleared();
  if (savedReadsOwner() !== saved.owner) return;
  try {
    const cache = await caches.open(SAVED_READS.cache);
    const headers = {
      'content-type': 'application/json',
      [SAVED_READS.owner]: saved.owner,
      [SAVED_READS.savedAt]: new Date(saved.savedAt).toISOString(),
    };
    await cache.put(ADDRESS, new Response(JSON.stringify(saved), { headers }));
  } catch {
    // Storage full or blocked: a reload offline then shows the public, as with no saved session.
  }
}

/** The saved session that stands now for the device's last confirmed sign-in; one that does not is deleted. */
export async function savedSession(now = Date.now()): Promise<SavedSession | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(SAVED_READS.cache);
    const kept = await cache.match(ADDRESS);
    if (!kept) return null;
    const found = standingSession(await kept.json(), savedReadsOwner(), now);
    if (!found) await cache.delete(ADDRESS);
    return found;
  } catch {
    return null;
  }
}

/**
 * Whether the device's sign-in has ended by the clock: the saved session is this sign-in's
 * (the saved reads' owner) and its end has passed. Then the server would answer the public, so
 * the caller confirms the public as the server's answer would, which deletes every saved read
 * (saved-reads.ts): staff data must not stay on the phone after its session.
 */
export async function sessionEnded(now = Date.now()): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    const kept = await (await caches.open(SAVED_READS.cache)).match(ADDRESS);
    if (!kept) return false;
    const saved = (await kept.json()) as Partial<SavedSession> | null;
    return saved?.owner === savedReadsOwner() && typeof saved.until === 'number' && saved.until <= now;
  } catch {
    return false;
  }
}

/** Deletes the saved session (sign-out: nothing of it may show after). */
export async function forgetSession(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await (await caches.open(SAVED_READS.cache)).delete(ADDRESS);
  } catch {
    // Nothing kept, or no storage: nothing to show either.
  }
}
