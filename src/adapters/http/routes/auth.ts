import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Account } from '../../accounts/account-store.js';
import { clearSessionCookies, requireStaff, setSessionCookies, SESSION_COOKIE } from '../auth/principal.js';
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from '../auth/password.js';
import { ROLES } from '../auth/roles.js';
import { newToken, tokenHash } from '../auth/tokens.js';
import { HttpError, notFound } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';

const SESSION_SECONDS = 24 * 60 * 60;
const LOGIN_ATTEMPTS_PER_MINUTE = 10;

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
const sessionAnswer = z.object({ account: accountSchema, csrfToken: z.string() });

/** A fresh session for `account`: cookies on the reply, the CSRF token in the answer. */
async function startSession(context: ServerContext, account: Account, reply: Parameters<typeof setSessionCookies>[0]): Promise<{ account: Account; csrfToken: string }> {
  const token = newToken();
  const csrfToken = newToken();
  const now = context.clock();
  await context.accounts.createSession({
    idHash: tokenHash(token),
    accountId: account.id,
    csrfToken,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000).toISOString(),
  });
  setSessionCookies(reply, token, csrfToken, SESSION_SECONDS, { secure: context.secureCookies });
  return { account, csrfToken };
}

function loginKey(request: FastifyRequest): string {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return `${request.ip}\u0000${typeof username === 'string' ? username.toLowerCase() : ''}`;
}

/** Login, logout, who am I, password change, and API tokens for scripts. */
export function authRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Log in with username and password; sets the session cookie (HttpOnly, SameSite=Strict) and answers the CSRF token.',
    tags: ['auth'],
    access: 'public',
    body: loginBody,
    response: sessionAnswer,
    rateLimit: {
      max: LOGIN_ATTEMPTS_PER_MINUTE,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: loginKey,
      errorResponseBuilder: (_request, limit) =>
        new HttpError(
          429,
          'too-many-logins',
          {
            en: `Too many login attempts. Wait ${limit.after} and try again.`,
            ja: `ログインの試行が多すぎます。${limit.after} 待ってからやり直してください。`,
          },
          undefined,
          { 'retry-after': String(Math.ceil(limit.ttl / 1000)) },
        ),
    },
    async handler({ body, reply }) {
      const found = await context.accounts.findAccountByUsername(body.username.toLowerCase());
      // Verify against a dummy hash for unknown names: the answer time does not tell which names exist.
      const valid = await verifyPassword(body.password, found?.passwordHash ?? DUMMY_HASH);
      if (!found || !valid || found.disabled) {
        throw new HttpError(401, 'bad-credentials', { en: 'Wrong username or password.', ja: 'ユーザー名またはパスワードが違います。' });
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
      if (cookie) await context.accounts.deleteSession(tokenHash(cookie));
      clearSessionCookies(reply, { secure: context.secureCookies });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The logged-in account and its CSRF token, or `account: null` for the public.',
    tags: ['auth'],
    access: 'public',
    response: z.object({ account: accountSchema.nullable(), csrfToken: z.string().optional(), via: z.enum(['session', 'token']).optional() }),
    async handler({ principal }) {
      if (principal.kind === 'public') return { account: null };
      return {
        account: principal.account,
        via: principal.via,
        ...(principal.via === 'session' ? { csrfToken: principal.session.csrfToken } : {}),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/password',
    summary: 'Changes your password (required after the first login); ends your other sessions and starts a new one.',
    tags: ['auth'],
    access: 'account',
    body: z.strictObject({ currentPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) }),
    response: z.object({ account: accountSchema, csrfToken: z.string().optional() }),
    async handler({ body, principal, reply }) {
      const staff = requireStaff(principal, true);
      const stored = await context.accounts.findAccount(staff.account.id);
      if (!stored || !(await verifyPassword(body.currentPassword, stored.passwordHash))) {
        throw new HttpError(403, 'bad-credentials', { en: 'The current password is wrong.', ja: '現在のパスワードが違います。' }, 'body.currentPassword');
      }
      const problem = passwordProblem(body.newPassword);
      if (problem) throw new HttpError(422, 'weak-password', problem, 'body.newPassword');
      if (body.newPassword === body.currentPassword) {
        throw new HttpError(422, 'weak-password', { en: 'Choose a password different from the current one.', ja: '現在とは違うパスワードにしてください。' }, 'body.newPassword');
      }
      await context.accounts.setPassword(staff.account.id, await hashPassword(body.newPassword), false);
      await context.accounts.deleteSessionsOf(staff.account.id);
      if (staff.via === 'token') return { account: { ...staff.account, mustChangePassword: false } };
      return startSession(context, { ...staff.account, mustChangePassword: false }, reply);
    },
  });

  const tokenSchema = z.object({ id: z.string(), label: z.string(), createdAt: z.string(), revokedAt: z.string().nullable() });

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
    summary: 'Creates an API token for scripts (send it as `Authorization: Bearer <token>`); the secret is shown only in this answer.',
    tags: ['auth'],
    access: 'staff',
    body: z.strictObject({ label: z.string().trim().min(1).max(100) }),
    response: tokenSchema.extend({ token: z.string() }),
    successStatus: 201,
    async handler({ body, principal }) {
      const staff = requireStaff(principal);
      const token = newToken('shp_');
      const record = { id: context.newId(), accountId: staff.account.id, label: body.label, createdAt: context.clock().toISOString(), revokedAt: null };
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
      const revoked = await context.accounts.revokeApiToken(params.tokenId, staff.account.id, context.clock().toISOString());
      if (!revoked) throw notFound({ en: 'API token', ja: 'API トークン' });
    },
  });
}
