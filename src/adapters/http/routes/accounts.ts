import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rolesHeldIn, UsernameTakenError } from '../../accounts/account-store.js';
import { DISPLAY_NAME_MAX, USERNAME_PATTERN, USERNAME_RULE } from '../../accounts/account-rules.js';
import { hashPassword, passwordProblem } from '../auth/password.js';
import { requireStaff } from '../auth/principal.js';
import { ROLES } from '../auth/roles.js';
import {
  checkGrantable,
  managedScope,
  mergedTournamentRoles,
  requireWhollyWithin,
  visibleAccount,
} from '../auth/account-scope.js';
import { oneTimePassword } from '../first-start.js';
import { HttpError, notFound } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';
import { accountSchema, endCredentialsOf } from './auth.js';
import { withoutControlCharacters } from '../request-schema.js';
import { M } from '../messages/auth.js';

const username = z.string().trim().toLowerCase().regex(USERNAME_PATTERN, USERNAME_RULE);
const roles = z.array(z.enum(ROLES)).max(ROLES.length);
/** Roles for given tournaments only: an organizer of one event who may not touch another organizer's. */
const tournamentRoles = z
  .record(
    z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a tournament id'),
    z.array(z.enum(ROLES)).min(1).max(ROLES.length),
  )
  .refine((record) => Object.keys(record).length <= 1_000, 'at most 1,000 tournaments');
const dedupe = (record: Readonly<Record<string, readonly (typeof ROLES)[number][]>>) =>
  Object.fromEntries(Object.entries(record).map(([id, list]) => [id, [...new Set(list)]]));

/** An account needs a role somewhere: globally or for at least one tournament. */
function requireSomeRole(globalRoles: readonly string[], scoped: Record<string, unknown>): void {
  if (globalRoles.length > 0 || Object.keys(scoped).length > 0) return;
  throw new HttpError(422, 'no-roles', M.text('no-roles'), 'body.roles');
}
const accountParams = z.object({ accountId: z.string().min(1) });
const withPassword = z.object({ account: accountSchema, oneTimePassword: z.string().optional() });

/** The organizer manages staff accounts: create, change roles, disable, reset a password. */
export function accountRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/accounts',
    summary:
      'Every staff account; for an organizer of given tournaments only, the accounts holding a role in them, with only those roles.',
    tags: ['accounts'],
    access: 'staff',
    response: z.object({ accounts: z.array(accountSchema) }),
    async handler({ principal }) {
      const scope = managedScope(requireStaff(principal).account);
      const accounts = await context.accounts.listAccounts();
      return { accounts: accounts.flatMap((a) => visibleAccount(a, scope) ?? []) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/accounts',
    summary:
      'Creates a staff account. Without `password`, a one-time password is generated, answered once, and must be changed at first login. An organizer of given tournaments only creates accounts with roles in those tournaments.',
    tags: ['accounts'],
    access: 'staff',
    body: z.strictObject({
      username,
      displayName: withoutControlCharacters(z.string().trim().min(1).max(DISPLAY_NAME_MAX)),
      roles,
      tournamentRoles: tournamentRoles.optional(),
      password: z.string().max(200).optional(),
    }),
    response: withPassword,
    successStatus: 201,
    async handler({ body, principal }) {
      checkGrantable(managedScope(requireStaff(principal).account), body.roles, body.tournamentRoles, 'create');
      requireSomeRole(body.roles, body.tournamentRoles ?? {});
      if (body.password !== undefined) {
        const problem = passwordProblem(body.password, body.username);
        if (problem) throw new HttpError(422, 'weak-password', problem, 'body.password');
      }
      const generated = body.password === undefined ? oneTimePassword() : undefined;
      try {
        const account = await context.accounts.createAccount({
          id: context.newId(),
          username: body.username,
          displayName: body.displayName,
          roles: [...new Set(body.roles)],
          tournamentRoles: dedupe(body.tournamentRoles ?? {}),
          passwordHash: await context.hashes.run(null, () => hashPassword(body.password ?? generated ?? '')),
          mustChangePassword: generated !== undefined,
          createdAt: context.clock().toISOString(),
        });
        return generated === undefined ? { account } : { account, oneTimePassword: generated };
      } catch (error) {
        if (error instanceof UsernameTakenError) {
          throw new HttpError(
            409,
            'username-taken',
            M.text('username-taken', { username: body.username }),
            'body.username',
          );
        }
        throw error;
      }
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/accounts/:accountId',
    summary:
      "Changes an account's roles, display name, or disables it (which ends its sessions; its API tokens stop working). Its live streams end at once on either, and reconnect with what the account may now see. An organizer of given tournaments changes only the roles in those tournaments (`tournamentRoles` as they see it; other tournaments' roles are kept), and renames or disables only an account whose roles all lie there.",
    tags: ['accounts'],
    access: 'staff',
    params: accountParams,
    body: z.strictObject({
      roles: roles.optional(),
      tournamentRoles: tournamentRoles.optional(),
      displayName: withoutControlCharacters(z.string().trim().min(1).max(DISPLAY_NAME_MAX)).optional(),
      disabled: z.boolean().optional(),
    }),
    response: z.object({ account: accountSchema }),
    async handler({ params, body, principal }) {
      const staff = requireStaff(principal);
      const scope = managedScope(staff.account);
      const current = await context.accounts.findAccount(params.accountId);
      const seen = current && visibleAccount(current, scope);
      if (!current || !seen) throw notFound(M.text('account'));
      checkGrantable(scope, body.roles, body.tournamentRoles, 'change');
      if (body.displayName !== undefined || body.disabled !== undefined)
        requireWhollyWithin(current, scope, M.text('rename-outside-account'));
      const tournamentRoles =
        body.tournamentRoles === undefined
          ? undefined
          : dedupe(mergedTournamentRoles(current.tournamentRoles, body.tournamentRoles, scope));
      // An organizer cannot lock themselves out: someone must be left to manage staff.
      const dropsOwnOrganizer =
        (body.roles !== undefined && staff.account.roles.includes('organizer') && !body.roles.includes('organizer')) ||
        (scope.kind === 'tournaments' &&
          tournamentRoles !== undefined &&
          [...scope.ids].some((id) => !rolesHeldIn(tournamentRoles, id)?.includes('organizer')));
      if (params.accountId === staff.account.id && (body.disabled === true || dropsOwnOrganizer)) {
        throw new HttpError(422, 'self-lockout', M.text('self-lockout'));
      }
      if (body.roles !== undefined || tournamentRoles !== undefined)
        requireSomeRole(body.roles ?? current.roles, tournamentRoles ?? current.tournamentRoles);
      const updated = await context.accounts.updateAccount(params.accountId, {
        ...(body.roles === undefined ? {} : { roles: [...new Set(body.roles)] }),
        ...(tournamentRoles === undefined ? {} : { tournamentRoles }),
        ...(body.displayName === undefined ? {} : { displayName: body.displayName }),
        ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
      });
      if (!updated) throw notFound(M.text('account'));
      if (body.disabled === true) await context.accounts.deleteSessionsOf(updated.id);
      if (body.disabled === true || body.roles !== undefined || tournamentRoles !== undefined)
        await context.streams.check();
      return { account: visibleAccount(updated, scope) ?? updated };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/accounts/:accountId/password-reset',
    summary:
      'Gives the account a new one-time password (answered once; must be changed at next login) and ends its sessions, API tokens and live streams. An organizer of given tournaments resets only an account whose roles all lie there.',
    tags: ['accounts'],
    access: 'staff',
    params: accountParams,
    response: withPassword,
    async handler({ params, principal }) {
      const scope = managedScope(requireStaff(principal).account);
      const found = await context.accounts.findAccount(params.accountId);
      if (!found || !visibleAccount(found, scope)) throw notFound(M.text('account'));
      requireWhollyWithin(found, scope, M.text('reset-outside-account'));
      const password = oneTimePassword();
      await context.accounts.setPassword(found.id, await context.hashes.run(null, () => hashPassword(password)), true);
      await endCredentialsOf(context, found.id);
      const { passwordHash: _hash, ...account } = found;
      return {
        account: { ...(visibleAccount(account, scope) ?? account), mustChangePassword: true },
        oneTimePassword: password,
      };
    },
  });
}
