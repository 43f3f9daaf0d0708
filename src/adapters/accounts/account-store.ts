import type { AccountSchema } from './account-schema.js';
import type { Role } from '../../core/tournament/events.js';

/** A staff member who logs in; the public has no account. */
export interface Account {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  /** Roles held for every tournament on the server. */
  readonly roles: readonly Role[];
  /** Roles held only for the named tournaments (tournament id → roles), added to `roles` there. */
  readonly tournamentRoles: TournamentRoles;
  /** Set for the first organizer and for accounts whose password the organizer reset. */
  readonly mustChangePassword: boolean;
  readonly disabled: boolean;
  readonly createdAt: string;
}

export type TournamentRoles = Readonly<Record<string, readonly Role[]>>;

/** The roles held in one tournament: an own entry only, so a tournament named `constructor` is only a name. */
export const rolesHeldIn = (roles: TournamentRoles, tournamentId: string): readonly Role[] | undefined =>
  Object.hasOwn(roles, tournamentId) ? roles[tournamentId] : undefined;

/**
 * The roles an account acts with: its global roles, plus inside a tournament the roles it
 * holds there. Outside any tournament (accounts, creating a tournament) only global roles count.
 */
export function rolesIn(account: Pick<Account, 'roles' | 'tournamentRoles'>, tournamentId?: string): readonly Role[] {
  const scoped = tournamentId === undefined ? undefined : rolesHeldIn(account.tournamentRoles, tournamentId);
  return scoped === undefined || scoped.length === 0 ? account.roles : [...new Set([...account.roles, ...scoped])];
}

export interface AccountWithHash extends Account {
  readonly passwordHash: string;
}

export interface Session {
  readonly idHash: string;
  readonly accountId: string;
  /** The synchronizer token a cookie-authenticated write must echo in `X-CSRF-Token`. */
  readonly csrfToken: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export interface ApiToken {
  readonly id: string;
  readonly accountId: string;
  readonly label: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface NewAccount {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
  readonly tournamentRoles?: TournamentRoles;
  readonly passwordHash: string;
  readonly mustChangePassword: boolean;
  readonly createdAt: string;
}

export class UsernameTakenError extends Error {
  constructor(readonly username: string) {
    super(`the username ${username} is taken`);
    this.name = 'UsernameTakenError';
  }
}

/** Accounts, sessions, API tokens and server settings: the one place the server keeps state that is not a tournament event. */
export interface AccountStore {
  countAccounts(): Promise<number>;
  /** Throws UsernameTakenError when the (case-insensitive) username exists. */
  createAccount(account: NewAccount): Promise<Account>;
  findAccount(id: string): Promise<AccountWithHash | undefined>;
  findAccountByUsername(username: string): Promise<AccountWithHash | undefined>;
  listAccounts(): Promise<readonly Account[]>;
  updateAccount(
    id: string,
    patch: {
      readonly roles?: readonly Role[];
      readonly tournamentRoles?: TournamentRoles;
      readonly displayName?: string;
      readonly disabled?: boolean;
    },
  ): Promise<Account | undefined>;
  setPassword(id: string, passwordHash: string, mustChangePassword: boolean): Promise<void>;

  createSession(session: Session): Promise<void>;
  findSession(idHash: string): Promise<Session | undefined>;
  /** The session with the account holding it, in one look-up. */
  findSessionWithAccount(
    idHash: string,
  ): Promise<{ readonly session: Session; readonly account: AccountWithHash } | undefined>;
  deleteSession(idHash: string): Promise<void>;
  /** Ends every session of an account (password changed, account disabled). */
  deleteSessionsOf(accountId: string): Promise<void>;

  createApiToken(token: ApiToken & { readonly tokenHash: string }): Promise<void>;
  /** The token with the account holding it, in one look-up. */
  findApiTokenByHash(
    tokenHash: string,
  ): Promise<{ readonly token: ApiToken; readonly account: AccountWithHash } | undefined>;
  listApiTokens(accountId: string): Promise<readonly ApiToken[]>;
  /** True when a live token of this account was revoked. */
  revokeApiToken(id: string, accountId: string, at: string): Promise<boolean>;

  /**
   * Counts one attempt under `key` in a fixed window of `windowMs` shared by every process on
   * the database: the count so far in the window (this one included) and when it ends (ms since
   * the epoch). A window that ended starts again at 1. Windows long ended are dropped now and then.
   */
  countAttempt(
    key: string,
    windowMs: number,
    nowMs: number,
  ): Promise<{ readonly count: number; readonly endsAt: number }>;
  /** The stored value, or `value` stored now when none was: the first writer wins, so two processes agree. */
  settingOrInit(key: string, value: string): Promise<string>;
  /** The stored value, or undefined. */
  setting(key: string): Promise<string | undefined>;
  /** Accounts, API tokens and settings as stored, for a copy into another database (sessions and sign-in counts stay behind). */
  portableRows(): Promise<PortableAccounts>;
  /**
   * Adds the rows this database lacks (by id or key), in one transaction; rows it has are left
   * as they are. Answers how many rows were added; throws UsernameTakenError when another
   * account here holds a username of the rows.
   */
  addPortableRows(rows: PortableAccounts): Promise<number>;
  close(): Promise<void>;
}

/** What `db copy --with-accounts` and a backup carry of the server's own tables, row for row. */
export interface PortableAccounts {
  readonly accounts: readonly AccountSchema['shinpan_accounts'][];
  readonly apiTokens: readonly AccountSchema['shinpan_api_tokens'][];
  readonly settings: readonly AccountSchema['shinpan_settings'][];
}
