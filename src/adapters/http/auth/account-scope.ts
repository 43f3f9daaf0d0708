import type { Account } from '../../accounts/account-store.js';
import type { Role } from '../../../core/tournament/events.js';
import { forbidden } from '../errors.js';
import { M } from '../messages/auth.js';
import type { Text } from '../../../core/text.js';

/*
 * Whose staff an organizer manages. An organizer for every tournament manages every account.
 * An organizer of given tournaments only manages those tournaments' staff: they see the
 * accounts holding a role there (and only those roles), give and take roles there, create
 * accounts for them, and reset or disable an account only when all it holds lies within
 * their tournaments; never global roles, never another organizer's tournament.
 */

export type ManagedScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'tournaments'; readonly ids: ReadonlySet<string> };

type Roles = Pick<Account, 'roles' | 'tournamentRoles'>;

const ACTION = M.text('manage-accounts');

/** What the caller manages; refused (403) when it organizes nothing. */
export function managedScope(caller: Roles): ManagedScope {
  if (caller.roles.includes('organizer')) return { kind: 'all' };
  const ids = Object.entries(caller.tournamentRoles)
    .filter(([, roles]) => roles.includes('organizer'))
    .map(([id]) => id);
  if (ids.length === 0) throw forbidden(ACTION);
  return { kind: 'tournaments', ids: new Set(ids) };
}

/** The account as the caller may see it (scoped: only its roles in the caller's tournaments), or null. */
export function visibleAccount<A extends Roles>(account: A, scope: ManagedScope): A | null {
  if (scope.kind === 'all') return account;
  const inScope = Object.entries(account.tournamentRoles).filter(
    ([id, roles]) => scope.ids.has(id) && roles.length > 0,
  );
  return inScope.length === 0 ? null : { ...account, tournamentRoles: Object.fromEntries(inScope) };
}

/** Whether everything the account holds lies within the caller's scope (so the caller may reset or disable it). */
export function whollyWithin(account: Roles, scope: ManagedScope): boolean {
  if (scope.kind === 'all') return true;
  return account.roles.length === 0 && Object.keys(account.tournamentRoles).every((id) => scope.ids.has(id));
}

/**
 * Refuses (403, naming the tournament) roles the caller may not give: global ones, or another
 * organizer's tournament. A new account may name `roles: []`; a change may not touch global
 * roles at all, not even to empty them.
 */
export function checkGrantable(
  scope: ManagedScope,
  globalRoles: readonly Role[] | undefined,
  tournamentRoles: Readonly<Record<string, readonly Role[]>> | undefined,
  kind: 'create' | 'change',
): void {
  if (scope.kind === 'all') return;
  if (globalRoles !== undefined && (globalRoles.length > 0 || kind === 'change'))
    throw forbidden(M.text('grant-global-roles'));
  const outside = Object.keys(tournamentRoles ?? {}).find((id) => !scope.ids.has(id));
  if (outside !== undefined) throw forbidden(M.text('grant-outside-roles', { tournament: outside }));
}

/**
 * The account's roles per tournament after a scoped change: the caller's tournaments as sent
 * (one left out is taken away), every other tournament's as they were.
 */
export function mergedTournamentRoles(
  current: Readonly<Record<string, readonly Role[]>>,
  requested: Readonly<Record<string, readonly Role[]>>,
  scope: ManagedScope,
): Record<string, readonly Role[]> {
  if (scope.kind === 'all') return { ...requested };
  const kept = Object.entries(current).filter(([id]) => !scope.ids.has(id));
  return Object.fromEntries([...kept, ...Object.entries(requested).filter(([, roles]) => roles.length > 0)]);
}

/** Refused unless everything the account holds is within the caller's tournaments. */
export function requireWhollyWithin(account: Roles, scope: ManagedScope, what: Text): void {
  if (!whollyWithin(account, scope)) throw forbidden(what);
}
