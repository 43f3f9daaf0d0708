import type { Command } from 'commander';
import { hashPassword } from '../../http/auth/password.js';
import { oneTimePassword } from '../../http/first-start.js';
import { withAccounts } from '../accounts-db.js';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import { accountMessages as M } from '../messages/account.js';
import { printJson, type Io } from '../output.js';
import { registerStaffCommands } from './account-staff.js';

interface ResetOptions {
  readonly user: string;
  readonly db?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

/**
 * `shinpan account reset-password`: the way back in for an organizer who lost the password
 * (the first start's one-time password scrolled away, no other organizer to reset it). It
 * needs the database itself, the file or the URL, never the network: whoever holds the
 * database already holds every account in it.
 */
async function resetPassword(options: ResetOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  await withAccounts(options.db, lang, async (accounts, name) => {
    const found = await accounts.findAccountByUsername(options.user);
    if (found === undefined) {
      const all = await accounts.listAccounts();
      if (all.length === 0) throw new CliError(M.say(lang, 'no-accounts-yet', { db: name }));
      throw new CliError(
        M.say(lang, 'no-such-account', {
          user: options.user,
          db: name,
          names: all.map((a) => a.username).join(', '),
        }),
      );
    }
    if (found.disabled) throw new CliError(M.say(lang, 'account-disabled', { user: found.username }));
    const password = oneTimePassword();
    await accounts.setPassword(found.id, await hashPassword(password), true);
    // A lost password may be a leaked one: nothing signed in with the old one outlives the reset.
    await accounts.deleteSessionsOf(found.id);
    const live = (await accounts.listApiTokens(found.id)).filter((t) => t.revokedAt === null);
    const at = new Date().toISOString();
    for (const token of live) await accounts.revokeApiToken(token.id, found.id, at);
    if (options.json)
      return printJson(io, { username: found.username, oneTimePassword: password, tokensRevoked: live.length });
    io.stdout.write(
      M.say(lang, 'reset', {
        user: found.username,
        name: found.displayName,
        password,
        tokens: live.length,
      }),
    );
  });
}

export function registerAccountCommands(program: Command, io: Io): void {
  const account = program
    .command('account')
    .description('staff accounts, on the database itself / スタッフアカウント（データベースを直接操作）');
  account
    .command('reset-password')
    .description(
      'give an account a new one-time password (changed at the next sign-in) and end its sessions and API tokens / 一回限りの新しいパスワードを発行し、セッションと API トークンを終了',
    )
    .requiredOption('--user <username>', 'the account, e.g. organizer / アカウントのユーザー名（例: organizer）')
    .option(
      '--db <file>',
      'database: an SQLite file or a postgres:// URL (default DATABASE_URL, SHINPAN_DB, then ./shinpan.db) / データベースファイル',
    )
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語')
    .action((options: ResetOptions) => resetPassword(options, io));
  registerStaffCommands(account, io);
}
