import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '../fastify-types.js';
import type { Account, AccountStore, Session } from '../../accounts/account-store.js';
import { HttpError, unauthenticated } from '../errors.js';
import { sameSecret, tokenHash } from './tokens.js';
import { M } from '../messages/auth.js';

/** Who is asking: the public, or a staff account through a session cookie or an API token. */
export type Principal =
  | { readonly kind: 'public' }
  | { readonly kind: 'staff'; readonly account: Account; readonly via: 'session'; readonly session: Session }
  | { readonly kind: 'staff'; readonly account: Account; readonly via: 'token'; readonly tokenId: string };

export type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;

export const PUBLIC: Principal = { kind: 'public' };
export const SESSION_COOKIE = 'shinpan_session';
/** Readable by the console's script (not HttpOnly): it echoes the value in X-CSRF-Token. */
export const CSRF_COOKIE = 'shinpan_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Resolves the caller. A bad API token is a 401 (a script should hear its token is wrong);
 * a stale session cookie falls back to the public, so pairings still load on a judge's phone
 * whose session expired.
 */
export async function resolvePrincipal(request: FastifyRequest, accounts: AccountStore, now: Date): Promise<Principal> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) throw new HttpError(401, 'bad-token', M.text('bearer-form'));
    const found = await accounts.findApiTokenByHash(tokenHash(match[1]));
    if (!found || found.token.revokedAt !== null || found.account.disabled) {
      throw new HttpError(401, 'bad-token', M.text('token-unknown'));
    }
    return { kind: 'staff', account: strip(found.account), via: 'token', tokenId: found.token.id };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return PUBLIC;
  const found = await accounts.findSessionWithAccount(tokenHash(cookie));
  if (!found || found.session.expiresAt <= now.toISOString() || found.account.disabled) return PUBLIC;
  return { kind: 'staff', account: strip(found.account), via: 'session', session: found.session };
}

function strip(account: Account & { passwordHash?: string }): Account {
  const { passwordHash: _hash, ...rest } = account;
  return rest;
}

/** A write authenticated by cookie must carry the session's CSRF token: another site can make the browser send the cookie, not read the token. */
export function checkCsrf(request: FastifyRequest, principal: Principal): void {
  if (principal.kind !== 'staff' || principal.via !== 'session') return;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sameSecret(sent, principal.session.csrfToken)) {
    throw new HttpError(403, 'csrf', M.text('csrf-missing'));
  }
}

/** The caller must be logged in; with `allowPasswordChange` false, a pending first-login password change blocks everything else. */
export function requireStaff(principal: Principal, allowPasswordChange = false): StaffPrincipal {
  if (principal.kind !== 'staff') throw unauthenticated();
  if (principal.account.mustChangePassword && !allowPasswordChange) {
    throw new HttpError(403, 'password-change-required', M.text('password-change-required'));
  }
  return principal;
}

export interface CookieOptions {
  readonly secure: boolean;
}

/** Sets the session cookie (HttpOnly) and the CSRF cookie (script-readable), both SameSite=Strict. */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  csrfToken: string,
  maxAgeSeconds: number,
  options: CookieOptions,
): void {
  const base = { path: '/', sameSite: 'strict' as const, secure: options.secure, maxAge: maxAgeSeconds };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, options: CookieOptions): void {
  const base = { path: '/', sameSite: 'strict' as const, secure: options.secure };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, base);
}
