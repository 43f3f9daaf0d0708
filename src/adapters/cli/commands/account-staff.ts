import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { DISPLAY_NAME_MAX, USERNAME_PATTERN, USERNAME_RULE, USERNAME_RULE_JA } from '../../accounts/account-rules.js';
import { rolesIn, UsernameTakenError, type Account, type AccountStore } from '../../accounts/account-store.js';
import { hashPassword } from '../../http/auth/password.js';
import { ROLE_NAMES } from '../../http/auth/roles.js';
import { oneTimePassword } from '../../http/first-start.js';
import { controlCharacter } from '../../../core/control-characters.js';
import type { Lang } from '../../../core/text.js';
import { ROLES, type Role } from '../../../core/tournament/events.js';
import { withAccounts } from '../accounts-db.js';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import { accountMessages as A } from '../messages/account.js';
import { staffMessages as M } from '../messages/account-staff.js';
import { printJson, renderTable, type Io } from '../output.js';

/*
 * Staff accounts from the desk, on the database itself (like reset-password): create one with
 * its roles and a one-time password, change its roles, disable or enable it, list them. The
 * rules are the console's (account-rules.ts); one more holds here because the desk has no
 * signed-in organizer to protect: the last enabled organizer is never disabled or demoted.
 */

interface AccountOptions {
  readonly db?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

interface CreateOptions extends AccountOptions {
  readonly user: string;
  readonly name: string;
  readonly roles: string;
}

interface RolesOptions extends AccountOptions {
  readonly user: string;
  readonly roles: string;
}

interface UserOptions extends AccountOptions {
  readonly user: string;
}

function username(value: string, lang: Lang): string {
  const user = value.trim().toLowerCase();
  if (USERNAME_PATTERN.test(user)) return user;
  throw new CliError(
    M.say(lang, 'bad-username', { user: value, rule: lang === 'ja' ? USERNAME_RULE_JA : USERNAME_RULE }),
  );
}

function displayName(value: string, lang: Lang): string {
  const name = value.trim();
  if (name.length === 0 || name.length > DISPLAY_NAME_MAX)
    throw new CliError(M.say(lang, 'bad-name', { max: DISPLAY_NAME_MAX }));
  const found = controlCharacter(name);
  if (found) throw new CliError(M.say(lang, 'control-character', found));
  return name;
}

/** `judge,scorekeeper` → the roles, each checked; at least one. */
function roleList(value: string, lang: Lang): Role[] {
  const words = value
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  if (words.length === 0) throw new CliError(M.say(lang, 'no-roles'));
  for (const role of words)
    if (!(ROLES as readonly string[]).includes(role))
      throw new CliError(M.say(lang, 'bad-role', { role, roles: ROLES.join(', ') }));
  return [...new Set(words as Role[])];
}

const rolesText = (roles: readonly Role[], lang: Lang): string => roles.map((r) => ROLE_NAMES[r][lang]).join('・');

/** The account named by --user, or the error that lists the accounts there are. */
async function found(accounts: AccountStore, user: string, db: string, lang: Lang): Promise<Account> {
  const account = await accounts.findAccountByUsername(user.trim().toLowerCase());
  if (account) return account;
  const all = await accounts.listAccounts();
  if (all.length === 0) throw new CliError(A.say(lang, 'no-accounts-yet', { db }));
  throw new CliError(A.say(lang, 'no-such-account', { user, db, names: all.map((a) => a.username).join(', ') }));
}

/** Refuses a change that leaves no enabled account organizing every tournament. */
async function keepAnOrganizer(accounts: AccountStore, target: Account, lang: Lang): Promise<void> {
  const others = (await accounts.listAccounts()).filter(
    (a) => a.id !== target.id && !a.disabled && a.roles.includes('organizer'),
  );
  if (others.length === 0) throw new CliError(M.say(lang, 'last-organizer', { user: target.username }));
}

const shown = (a: Account) => ({
  username: a.username,
  displayName: a.displayName,
  roles: a.roles,
  tournamentRoles: a.tournamentRoles,
  disabled: a.disabled,
  mustChangePassword: a.mustChangePassword,
});

async function create(options: CreateOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const user = username(options.user, lang);
  const name = displayName(options.name, lang);
  const roles = roleList(options.roles, lang);
  await withAccounts(options.db, lang, async (accounts) => {
    const password = oneTimePassword();
    let account: Account;
    try {
      account = await accounts.createAccount({
        id: randomUUID(),
        username: user,
        displayName: name,
        roles,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new CliError(M.say(lang, 'username-taken', { user }));
      throw error;
    }
    if (options.json) return printJson(io, { account: shown(account), oneTimePassword: password });
    io.stdout.write(M.say(lang, 'created', { user, name, roles: rolesText(roles, lang), password }));
  });
}

async function setRoles(options: RolesOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const roles = roleList(options.roles, lang);
  await withAccounts(options.db, lang, async (accounts, db) => {
    const account = await found(accounts, options.user, db, lang);
    if (account.roles.includes('organizer') && !roles.includes('organizer') && !account.disabled)
      await keepAnOrganizer(accounts, account, lang);
    const updated = (await accounts.updateAccount(account.id, { roles })) ?? account;
    if (options.json) return printJson(io, { account: shown(updated) });
    io.stdout.write(M.say(lang, 'roles-set', { user: updated.username, roles: rolesText(rolesIn(updated), lang) }));
  });
}

async function setDisabled(options: UserOptions, disabled: boolean, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  await withAccounts(options.db, lang, async (accounts, db) => {
    const account = await found(accounts, options.user, db, lang);
    if (disabled && !account.disabled && account.roles.includes('organizer'))
      await keepAnOrganizer(accounts, account, lang);
    const updated = (await accounts.updateAccount(account.id, { disabled })) ?? account;
    // As from the console: a disabled account's sessions end now (its API tokens fail on the flag).
    if (disabled) await accounts.deleteSessionsOf(account.id);
    if (options.json) return printJson(io, { account: shown(updated) });
    io.stdout.write(M.say(lang, disabled ? 'disabled' : 'enabled', { user: updated.username }));
  });
}

async function list(options: AccountOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  await withAccounts(options.db, lang, async (accounts) => {
    const all = await accounts.listAccounts();
    if (options.json) return printJson(io, { accounts: all.map(shown) });
    if (all.length === 0) return void io.stdout.write(M.say(lang, 'no-accounts'));
    const roles = (a: Account): string =>
      [
        rolesText(a.roles, lang),
        ...Object.entries(a.tournamentRoles).map(([id, r]) =>
          M.say(lang, 'in-tournament', { id, roles: rolesText(r, lang) }),
        ),
      ]
        .filter((x) => x !== '')
        .join('; ');
    io.stdout.write(
      renderTable<Account>(
        [
          { header: M.say(lang, 'user'), value: (a) => a.username },
          { header: M.say(lang, 'name'), value: (a) => a.displayName },
          { header: M.say(lang, 'roles'), value: roles },
          {
            header: M.say(lang, 'state'),
            value: (a) =>
              `${M.say(lang, a.disabled ? 'off' : 'active')}${a.mustChangePassword ? M.say(lang, 'must-change') : ''}`,
          },
        ],
        [...all].sort((a, b) => a.username.localeCompare(b.username)),
      ),
    );
  });
}

const DB = [
  '--db <file>',
  'database: an SQLite file or a postgres:// URL (default DATABASE_URL, SHINPAN_DB, then ./shinpan.db) / データベースファイル',
] as const;

const common = (command: Command): Command =>
  command
    .option(...DB)
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語');

/** Registers `shinpan account create|roles|disable|enable|list` under the `account` group. */
export function registerStaffCommands(group: Command, io: Io): void {
  common(
    group
      .command('create')
      .description(
        'A staff account with its roles and a one-time password (changed at the first sign-in) / スタッフアカウントを作成',
      )
      .requiredOption('--user <username>', `the username (${USERNAME_RULE}) / ユーザー名`)
      .requiredOption('--name <display name>', 'the name screens and reports show, e.g. 木村 / 表示名')
      .requiredOption('--roles <list>', `comma-separated: ${ROLES.join(', ')} / 役割（カンマ区切り）`),
  ).action((options: CreateOptions) => create(options, io));
  common(
    group
      .command('roles')
      .description("Replace an account's roles (held for every tournament) / アカウントの役割を変更")
      .requiredOption('--user <username>', 'the account / ユーザー名')
      .requiredOption('--roles <list>', `comma-separated: ${ROLES.join(', ')} / 役割（カンマ区切り）`),
  ).action((options: RolesOptions) => setRoles(options, io));
  common(
    group
      .command('disable')
      .description('Disable an account: it cannot sign in, its sessions end / アカウントを無効にする')
      .requiredOption('--user <username>', 'the account / ユーザー名'),
  ).action((options: UserOptions) => setDisabled(options, true, io));
  common(
    group
      .command('enable')
      .description('Enable a disabled account again / 無効にしたアカウントを有効に戻す')
      .requiredOption('--user <username>', 'the account / ユーザー名'),
  ).action((options: UserOptions) => setDisabled(options, false, io));
  common(group.command('list').description('Every staff account with its roles / スタッフアカウントの一覧')).action(
    (options: AccountOptions) => list(options, io),
  );
}
