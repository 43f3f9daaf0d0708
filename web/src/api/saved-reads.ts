import { ownerOf, SAVED_READS } from '../sw/saved-reads-protocol';

/*
 * Whose reads the service worker keeps for offline use. Every read names the last sign-in the
 * server confirmed (`public` when nobody is signed in), and the service worker serves a saved
 * answer only to a read naming the same one. When the server answers another sign-in (signed
 * out, someone else signed in, the session expired), everything saved is deleted, the saved
 * session with it (saved-session.ts keeps it in the same cache, under the same owner).
 */

const OWNER_KEY = 'shinpan.savedReadsOwner';
const PUBLIC = ownerOf(null);
/** The owner while a sign-out has not reached the server (leaveSignIn). */
const SIGNING_OUT = 'signing-out';

/** The deletion of what was saved for the sign-in before, while it runs: a save for the new one waits for it. */
let clearing: Promise<unknown> = Promise.resolve();
export const savedReadsCleared = (): Promise<unknown> => clearing;

/** The sign-in the saved reads belong to (the last one the server confirmed on this device). */
export function savedReadsOwner(): string {
  try {
    return localStorage.getItem(OWNER_KEY) ?? PUBLIC;
  } catch {
    return PUBLIC;
  }
}

/** Calls `listener` when another tab of the console changes the owner (signed out, someone signed in there). */
export function onOwnerChangedElsewhere(listener: () => void): () => void {
  const handle = (event: StorageEvent) => {
    if (event.key === OWNER_KEY) listener();
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}

/**
 * The server answered who is signed in: another sign-in than the saved reads' owner deletes
 * them. True when it changed (the screens then read again, as the new sign-in, and save that).
 */
export function confirmSignIn(accountId: string | null): boolean {
  return changeOwner(ownerOf(accountId));
}

/**
 * A sign-out on its way to the server: what the account saved is deleted now, and until the
 * server confirms (signed out, or someone signed in) reads name nobody's sign-in. Its cookie
 * still reaches the server meanwhile, so an answer saved then may be the account's: naming
 * `public` would keep it for the public. Confirmed, the owner changes again and it goes.
 */
export function leaveSignIn(): void {
  changeOwner(SIGNING_OUT);
}

function changeOwner(owner: string): boolean {
  if (owner === savedReadsOwner()) return false;
  try {
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // No storage: every read names `public`, and nothing saved for an account is ever served.
  }
  if (typeof caches !== 'undefined') clearing = caches.delete(SAVED_READS.cache).catch(() => {});
  return true;
}

/**
 * The answer the service worker saved for `path` under this device's sign-in, read straight
 * from its cache (null when none, or saved for another sign-in): a page drawn from it at once
 * on a second visit, marked as refreshing, while the server's answer is on its way (issue 44).
 */
export async function savedAnswer<T>(path: string): Promise<{ body: T; savedAt: number } | null> {
  if (typeof caches === 'undefined') return null;
  try {
    await clearing;
    const cache = await caches.open(SAVED_READS.cache);
    const kept = await cache.match(new URL(path, location.href).href, { ignoreVary: true });
    if (!kept || kept.headers.get(SAVED_READS.owner) !== savedReadsOwner()) return null;
    const savedAt = Date.parse(kept.headers.get(SAVED_READS.savedAt) ?? '');
    return { body: (await kept.json()) as T, savedAt: Number.isFinite(savedAt) ? savedAt : 0 };
  } catch {
    return null;
  }
}
