import { randomBytes, randomInt } from 'node:crypto';
import { UsernameTakenError, type AccountStore } from '../accounts/account-store.js';
import { hashPassword } from './auth/password.js';
import { M } from './messages/first-start.js';
import type { Text } from '../../core/text.js';

const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random password a person can type from a printout: 4 groups of 4 (about 79 bits). */
export function oneTimePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += READABLE[randomInt(READABLE.length)];
    groups.push(group);
  }
  return groups.join('-');
}

export const FIRST_USERNAME = 'organizer';

/**
 * On the very first start there is nobody to log in as: create `organizer` with a one-time
 * password the caller prints, to be changed at the first login. Answers null when accounts
 * exist (or another process created the first one a moment ago).
 */
export async function ensureFirstOrganizer(
  accounts: AccountStore,
  clock: () => Date,
  newId: () => string,
): Promise<{ readonly username: string; readonly password: string } | null> {
  if ((await accounts.countAccounts()) > 0) return null;
  const password = oneTimePassword();
  try {
    await accounts.createAccount({
      id: newId(),
      username: FIRST_USERNAME,
      displayName: both(M.text('organizer-name')),
      roles: ['organizer'],
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      createdAt: clock().toISOString(),
    });
  } catch (error) {
    if (error instanceof UsernameTakenError) return null;
    throw error;
  }
  return { username: FIRST_USERNAME, password };
}

/** `SHINPAN_SECRET` when set; otherwise one generated on the first start and kept in the database, so codes on printed slips stay valid across restarts. */
export async function resolveSecret(accounts: AccountStore, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  return accounts.settingOrInit('secret', randomBytes(32).toString('base64url'));
}

/** A text as "English / 日本語" on one line, for the account name and the notice. */
const both = (text: Text): string => `${text.en} / ${text.ja}`;

/** The first-start notice, in both languages, for stdout. */
export function firstLoginNotice(
  url: string,
  credentials: { readonly username: string; readonly password: string },
): string {
  const onceShown = M.text('shown-once');
  const lost = M.text('lost');
  return [
    '',
    `  ${both(M.text('created'))}`,
    `  URL:      ${url}`,
    `  ${both(M.text('username'))}: ${credentials.username}`,
    `  ${both(M.text('password'))}: ${credentials.password}`,
    `  ${onceShown.en}`,
    `  ${onceShown.ja}`,
    `  ${lost.en}`,
    `  ${lost.ja}`,
    '',
  ].join('\n');
}
