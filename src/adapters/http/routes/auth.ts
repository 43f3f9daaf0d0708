import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Account } from '../../accounts/account-store.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { clearSessionCookies, requireStaff, setSessionCookies, SESSION_COOKIE } from '../auth/principal.js';
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from '../auth/password.js';
import { ROLES } from '../auth/roles.js';
import { MAX_API_TOKENS, newToken, tokenHash } from '../auth/tokens.js';
import { HttpError, notFound } from '../errors.js';
import { withoutControlCharacters } from '../request-schema.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { accountMay, accountMaySchema, type AccountMay } from '../auth/account-may.js';
import { M } from '../messages/auth.js';

const SESSION_SECONDS = 24 * 60 * 60;

/**
 * Sign-in attempts a minute: per client address whatever the username (random names must not
 * escape the limit, and each costs a password hash), and per address and username (guessing
 * one judge's password). A venue's staff behind one NAT address fit in the first.
 */
export const SIGN_IN_LIMITS = { perAddress: 30, perAddressAndUser: 10, passwordChecksPerAccount: 10 } as const;

const tooManyLogins = (seconds: number) => M.text('too-many-logins', { seconds });

export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** Roles held only for the named tournaments. */
  tournamentRoles: z.record(z.string(), z.array(z.enum(ROLES))),
  mustChangePassword: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});

const loginBody = z.strictObject({ username: z.string().min(1).max(64), password: z.string().min(1).max(200) });
/** When the session ends (it does not slide): the console keeps its saved sign-in no longer than that. */
const sessionExpiresAt = z.string();
const sessionAnswer = z.object({
  account: accountSchema,
  csrfToken: z.string(),
  may: accountMaySchema,
  sessionExpiresAt,
});

/** A fresh session for `account`: cookies on the reply, the CSRF token in the answer. */
async function startSession(
  context: ServerContext,
  account: Account,
  reply: Parameters<typeof setSessionCookies>[0],
): Promise<{ account: Account; csrfToken: string; may: AccountMay; sessionExpiresAt: string }> {
  const token = newToken();
  const csrfToken = newToken();
  const now = context.clock();
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000).toISOString();
  await context.accounts.createSession({
    idHash: tokenHash(token),
    accountId: account.id,
    csrfToken,
    createdAt: now.toISOString(),
    expiresAt,
  });
  setSessionCookies(reply, token, csrfToken, SESSION_SECONDS, { secure: context.secureCookies });
  return { account, csrfToken, may: accountMay(account), sessionExpiresAt: expiresAt };
}

/** Revokes every live API token of an account; answers how many. */
async function revokeTokensOf(context: ServerContext, accountId: string): Promise<number> {
  const live = (await context.accounts.listApiTokens(accountId)).filter((t) => t.revokedAt === null);
  const at = context.clock().toISOString();
  for (const token of live) await context.accounts.revokeApiToken(token.id, accountId, at);
  return live.length;
}

/**
 * What a new password replaces: every session and API token of the account end (a leaked
 * password or token must not outlive the change), and so do its live streams.
 */
export async function endCredentialsOf(context: ServerContext, accountId: string): Promise<number> {
  await context.accounts.deleteSessionsOf(accountId);
  const revoked = await revokeTokensOf(context, accountId);
  await context.streams.check();
  return revoked;
}

/** Login, logout, who am I, password change, and API tokens for scripts. */
export function authRoutes(app: FastifyInstance, context: ServerContext): void {
  // Sign-in limits hold for every process on the database together.
  const everywhere = (name: string) => ({
    name,
    count: (key: string, windowMs: number, nowMs: number) => context.accounts.countAttempt(key, windowMs, nowMs),
  });
  const perAddress = new AttemptLimiter(
    SIGN_IN_LIMITS.perAddress,
    60_000,
    'too-many-logins',
    tooManyLogins,
    everywhere('login/address'),
  );
  const perUser = new AttemptLimiter(
    SIGN_IN_LIMITS.perAddressAndUser,
    60_000,
    'too-many-logins',
    tooManyLogins,
    everywhere('login/address+user'),
  );
  const passwordChecks = new AttemptLimiter(
    SIGN_IN_LIMITS.passwordChecksPerAccount,
    60_000,
    'too-many-password-attempts',
    (seconds) => M.text('too-many-wrong-passwords', { seconds }),
    everywhere('password/account'),
  );

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/login',
    summary:
      'Log in with username and password; sets the session cookie (HttpOnly, SameSite=Strict) and answers the CSRF token.',
    tags: ['auth'],
    access: 'public',
    body: loginBody,
    response: sessionAnswer,
    async handler({ body, request, reply }) {
      await perAddress.hit(request.ip);
      await perUser.hit(`${request.ip}\u0000${body.username.toLowerCase()}`);
      const found = await context.accounts.findAccountByUsername(body.username.toLowerCase());
      // Verify against a dummy hash for unknown names: the answer time does not tell which names exist.
      const valid = await context.hashes.run(request.ip, () =>
        verifyPassword(body.password, found?.passwordHash ?? DUMMY_HASH),
      );
      if (!found || !valid || found.disabled) {
        throw new HttpError(401, 'bad-credentials', M.text('bad-credentials'));
      }
      const { passwordHash: _hash, ...account } = found;
      return startSession(context, account, reply);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'Ends this session and clears its cookies.',
    tags: ['auth'],
    access: 'public',
    successStatus: 204,
    async handler({ request, reply }) {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie) {
        await context.accounts.deleteSession(tokenHash(cookie));
        await context.streams.check();
      }
      clearSessionCookies(reply, { secure: context.secureCookies });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/auth/me',
    summary:
      'The logged-in account, its CSRF token and what it may do (`may`: commands, capabilities, per tournament), or `account: null` for the public; for a session, when it ends (`sessionExpiresAt`).',
    tags: ['auth'],
    access: 'public',
    response: z.object({
      account: accountSchema.nullable(),
      csrfToken: z.string().optional(),
      via: z.enum(['session', 'token']).optional(),
      may: accountMaySchema.optional(),
      sessionExpiresAt: sessionExpiresAt.optional(),
    }),
    async handler({ principal }) {
      if (principal.kind === 'public') return { account: null };
      return {
        account: principal.account,
        may: accountMay(principal.account),
        via: principal.via,
        ...(principal.via === 'session'
          ? { csrfToken: principal.session.csrfToken, sessionExpiresAt: principal.session.expiresAt }
          : {}),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/password',
    summary:
      'Changes your password (required after the first login); ends every session and API token of the account (answered as `tokensRevoked`) and, for a session, starts a new one. At most 10 wrong current passwords a minute.',
    tags: ['auth'],
    access: 'account',
    body: z.strictObject({ currentPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) }),
    response: z.object({
      account: accountSchema,
      csrfToken: z.string().optional(),
      may: accountMaySchema,
      sessionExpiresAt: sessionExpiresAt.optional(),
      tokensRevoked: z.number(),
    }),
    async handler({ body, principal, request, reply }) {
      const staff = requireStaff(principal, true);
      await passwordChecks.hit(staff.account.id);
      const stored = await context.accounts.findAccount(staff.account.id);
      if (
        !stored ||
        !(await context.hashes.run(request.ip, () => verifyPassword(body.currentPassword, stored.passwordHash)))
      ) {
        throw new HttpError(403, 'bad-credentials', M.text('current-password-wrong'), 'body.currentPassword');
      }
      const problem = passwordProblem(body.newPassword, staff.account.username);
      if (problem) throw new HttpError(422, 'weak-password', problem, 'body.newPassword');
      if (body.newPassword === body.currentPassword) {
        throw new HttpError(422, 'weak-password', M.text('password-unchanged'), 'body.newPassword');
      }
      const hash = await context.hashes.run(null, () => hashPassword(body.newPassword));
      await context.accounts.setPassword(staff.account.id, hash, false);
      const tokensRevoked = await endCredentialsOf(context, staff.account.id);
      const account = { ...staff.account, mustChangePassword: false };
      if (staff.via === 'token') return { account, may: accountMay(account), tokensRevoked };
      return { ...(await startSession(context, account, reply)), tokensRevoked };
    },
  });

  const tokenSchema = z.object({
    id: z.string(),
    label: z.string(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/auth/tokens',
    summary: 'Your API tokens (without their secret).',
    tags: ['auth'],
    access: 'staff',
    response: z.object({ tokens: z.array(tokenSchema) }),
    async handler({ principal }) {
      const staff = requireStaff(principal);
      const tokens = await context.accounts.listApiTokens(staff.account.id);
      return { tokens: tokens.map(({ accountId: _a, ...token }) => token) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/tokens',
    summary: `Creates an API token for scripts (send it as \`Authorization: Bearer <token>\`); the secret is shown only in this answer. An account holds at most ${MAX_API_TOKENS} unrevoked tokens (422 \`too-many-tokens\`).`,
    tags: ['auth'],
    access: 'staff',
    body: z.strictObject({ label: withoutControlCharacters(z.string().trim().min(1).max(100)) }),
    response: tokenSchema.extend({ token: z.string() }),
    successStatus: 201,
    async handler({ body, principal }) {
      const staff = requireStaff(principal);
      const held = (await context.accounts.listApiTokens(staff.account.id)).filter((t) => t.revokedAt === null);
      if (held.length >= MAX_API_TOKENS)
        throw new HttpError(422, 'too-many-tokens', M.text('too-many-tokens', { max: MAX_API_TOKENS }), 'body.label');
      const token = newToken('shp_');
      const record = {
        id: context.newId(),
        accountId: staff.account.id,
        label: body.label,
        createdAt: context.clock().toISOString(),
        revokedAt: null,
      };
      await context.accounts.createApiToken({ ...record, tokenHash: tokenHash(token) });
      const { accountId: _a, ...shown } = record;
      return { ...shown, token };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/auth/tokens/:tokenId',
    summary: 'Revokes one of your API tokens.',
    tags: ['auth'],
    access: 'staff',
    params: z.object({ tokenId: z.string().min(1) }),
    successStatus: 204,
    async handler({ params, principal }) {
      const staff = requireStaff(principal);
      const revoked = await context.accounts.revokeApiToken(
        params.tokenId,
        staff.account.id,
        context.clock().toISOString(),
      );
      if (!revoked) throw notFound(M.text('api-token'));
      await context.streams.check();
    },
  });
}
