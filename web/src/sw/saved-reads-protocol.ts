/**
 * What the console's pages and its service worker agree on about saved reads: the cache's
 * name, the header a page's read names its sign-in with (the owner of what is saved), and the
 * header a saved answer carries with the time it was saved (when its read was asked for, so a
 * late answer says how old it is). web/build-plugins.ts writes this
 * object into sw.js, so both sides read the same names.
 */
export const SAVED_READS = {
  cache: 'shinpan-saved-reads',
  owner: 'x-shinpan-owner',
  savedAt: 'x-shinpan-saved-at',
  /**
   * Why a saved answer was given: `failed` (the network refused the read: the server is not
   * reachable) or `late` (no answer yet, venue Wi-Fi that hangs: the server may still answer).
   */
  savedBecause: 'x-shinpan-saved-because',
  /**
   * How long a screen waits for the server before it uses what the phone has: the saved read,
   * or (the penalty flow) the guideline decided on the phone. Venue Wi-Fi hangs rather than drops.
   */
  answerWithinMs: 4000,
} as const;

/** How a read names its sign-in in that header: `account:<id>`, or `public` when nobody is signed in. */
export const ownerOf = (accountId: string | null): string => (accountId === null ? 'public' : `account:${accountId}`);
