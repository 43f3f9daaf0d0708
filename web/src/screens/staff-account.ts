import type { Role } from '../api/session';

/* What the staff screen's parts share: an account as the server answers it, and where accounts live. */

export interface StaffAccount {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
  readonly tournamentRoles: Readonly<Record<string, readonly Role[]>>;
  readonly mustChangePassword: boolean;
  readonly disabled: boolean;
}

export const ACCOUNTS = '/api/accounts';
/** "" in a scope select: every tournament (the account's global roles). */
export const EVERY = '';

/** One-time passwords are shown once, right where they were made; a new account's roles as the server stored them. */
export interface Shown {
  readonly username: string;
  readonly password: string;
  readonly created?: StaffAccount;
}
