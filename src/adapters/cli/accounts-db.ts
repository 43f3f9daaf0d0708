import { existsSync } from 'node:fs';
import type { AccountStore } from '../accounts/account-store.js';
import { openAccountStore } from '../accounts/open-account-store.js';
import type { Lang } from '../../core/text.js';
import { StoreOpenError } from '../store/store-open-error.js';
import { CliError } from './cli-error.js';
import { storeConfig, storeName } from './db-options.js';
import { accountMessages as M } from './messages/account.js';

/**
 * The staff accounts of the database `--db` names (the file or the URL, never the network:
 * whoever holds the database holds every account in it), open while `work` runs.
 */
export async function withAccounts<T>(
  db: string | undefined,
  lang: Lang,
  work: (accounts: AccountStore, name: string) => Promise<T>,
): Promise<T> {
  const config = storeConfig(db, lang);
  const name = storeName(config);
  if (config.kind === 'sqlite' && !existsSync(config.path))
    throw new CliError(M.say(lang, 'no-such-file', { path: config.path }));
  let accounts: AccountStore;
  try {
    accounts = await openAccountStore(config);
  } catch (error) {
    if (error instanceof StoreOpenError) throw new CliError(error.text[lang]);
    throw error;
  }
  try {
    return await work(accounts, name);
  } finally {
    await accounts.close();
  }
}

/** User name → display name of every account: the log names staff by user name. */
export async function displayNames(db: string | undefined, lang: Lang): Promise<ReadonlyMap<string, string>> {
  return withAccounts(
    db,
    lang,
    async (accounts) => new Map((await accounts.listAccounts()).map((a) => [a.username, a.displayName])),
  );
}
