import type { AccountMay } from '../../../src/adapters/http/auth/account-may.js';
import type { Role } from '../../../src/core/tournament/events.js';
import { ownerOf } from '../sw/saved-reads-protocol.js';

/*
 * When the device's saved session (saved-session.ts) is kept and when it stands: pure, so the
 * rules are tested without a browser.
 */

/** What is kept of the account: what the console shows and decides from, nothing more. */
export interface SavedAccount {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
  readonly tournamentRoles?: Readonly<Record<string, readonly Role[]>>;
  readonly mustChangePassword: boolean;
}

/** The shape of what is kept: a console that keeps another shape ignores this one. */
const FORMAT = 1;

export interface SavedSession {
  readonly format: typeof FORMAT;
  /** The sign-in it belongs to, as saved reads name it. */
  readonly owner: string;
  readonly account: SavedAccount;
  readonly may?: AccountMay;
  /** When the server gave this answer (ms since epoch, this device's clock). */
  readonly savedAt: number;
  /** When the server's session ends, on this device's clock: it stands no longer. */
  readonly until: number;
}

/** A session answer as the server gives it (`GET /api/auth/me`, the login, the password change). */
export interface SessionAnswerBody {
  readonly account: SavedAccount | null;
  readonly may?: AccountMay;
  readonly sessionExpiresAt?: string;
}

/**
 * What to keep of a session answer given at `now`, with the server's clock `serverOffsetMs`
 * ahead of this device's: nothing for the public, for an account that must still change its
 * first password (the server lets it do nothing else), or for an answer that does not say when
 * its session ends (an older server). Only what the console shows is kept: never the CSRF token.
 */
export function sessionToKeep(answer: SessionAnswerBody, now: number, serverOffsetMs = 0): SavedSession | null {
  const { account, may, sessionExpiresAt } = answer;
  if (!account || account.mustChangePassword || sessionExpiresAt === undefined) return null;
  const until = Date.parse(sessionExpiresAt) - serverOffsetMs;
  if (!Number.isFinite(until) || until <= now) return null;
  const { id, username, displayName, roles, tournamentRoles, mustChangePassword } = account;
  return {
    format: FORMAT,
    owner: ownerOf(id),
    account: { id, username, displayName, roles, ...(tournamentRoles ? { tournamentRoles } : {}), mustChangePassword },
    ...(may ? { may } : {}),
    savedAt: now,
    until,
  };
}

/**
 * The kept session if it stands for `owner` (the last sign-in the server confirmed on this
 * device) at `now`: its own sign-in, this console's shape, before the session's end, past the
 * first password. Anything else stands for nobody.
 */
export function standingSession(kept: unknown, owner: string, now: number): SavedSession | null {
  const saved = kept as Partial<SavedSession> | null;
  if (!saved || typeof saved !== 'object' || saved.format !== FORMAT) return null;
  const account = saved.account;
  if (!account || typeof account.id !== 'string' || !Array.isArray(account.roles)) return null;
  if (saved.owner !== owner || ownerOf(account.id) !== owner) return null;
  if (account.mustChangePassword !== false) return null;
  if (typeof saved.savedAt !== 'number' || typeof saved.until !== 'number' || saved.until <= now) return null;
  return saved as SavedSession;
}
