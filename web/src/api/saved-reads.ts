import { SAVED_READS } from '../sw/saved-reads-protocol';

/*
 * Whose reads the service worker keeps for offline use. Every read names the last sign-in the
 * server confirmed (`public` when nobody is signed in), and the service worker serves a saved
 * answer only to a read naming the same one. When the server answers another sign-in (signed
 * out, someone else signed in, the session expired), everything saved is deleted. The session
 * answer itself is never saved: offline, a console is signed out until the server says
 * otherwise.
 */

const OWNER_KEY = 'shinpan.savedReadsOwner';
const PUBLIC = 'public';

/** The sign-in the saved reads belong to (the last one the server confirmed on this device). */
export function savedReadsOwner(): string {
  try {
    return localStorage.getItem(OWNER_KEY) ?? PUBLIC;
  } catch {
    return PUBLIC;
  }
}

/**
 * The server answered who is signed in: another sign-in than the saved reads' owner deletes
 * them. True when it changed (the screens then read again, as the new sign-in, and save that).
 */
export function confirmSignIn(accountId: string | null): boolean {
  const owner = accountId === null ? PUBLIC : `account:${accountId}`;
  if (owner === savedReadsOwner()) return false;
  try {
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // No storage: every read names `public`, and nothing saved for an account is ever served.
  }
  if (typeof caches !== 'undefined') void caches.delete(SAVED_READS.cache).catch(() => {});
  return true;
}
