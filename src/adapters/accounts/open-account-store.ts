import type { StoreConfig } from '../store/open-event-store.js';
import { openSideDatabase } from '../store/side-tables.js';
import { migrateAccounts, type AccountSchema } from './account-schema.js';
import type { AccountStore } from './account-store.js';
import { KyselyAccountStore } from './kysely-account-store.js';

/**
 * Opens the accounts tables in the same database as the event log, on a connection of their
 * own (the event store keeps its connection private), and migrates them. `caches: false`: every
 * credential is looked up for its own request (no shared look-ups, none kept).
 */
export async function openAccountStore(
  database: StoreConfig,
  options: { readonly caches?: boolean } = {},
): Promise<AccountStore> {
  const db = await openSideDatabase<AccountSchema>(database, migrateAccounts, { synchronous: 'FULL', poolSize: 4 });
  return new KyselyAccountStore(db, () => db.destroy(), options.caches ?? true);
}
