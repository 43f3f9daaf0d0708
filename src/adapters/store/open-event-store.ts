import type { EventStore } from '../../app/event-store.js';
import { openPostgresEventStore } from './postgres/postgres-event-store.js';
import { openSqliteEventStore } from './sqlite/sqlite-event-store.js';
import { StoreOpenError } from './store-open-error.js';

/** Which event store to open: one SQLite file (the default) or a PostgreSQL server. */
export type StoreConfig =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };

export const DEFAULT_SQLITE_PATH = './shinpan.db';

/** Opens the configured store, migrating its schema; throws StoreOpenError naming the file or host. */
export async function openEventStore(config: StoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'sqlite':
      return openSqliteEventStore(config.path);
    case 'postgres':
      return openPostgresEventStore(config.schema === undefined ? { url: config.url } : { url: config.url, schema: config.schema });
    default: {
      const _exhaustive: never = config;
      throw new TypeError(`unknown store kind in ${JSON.stringify(_exhaustive)}`);
    }
  }
}

/** `DATABASE_URL` (postgres://…) wins; otherwise the SQLite file `SHINPAN_DB`, by default ./shinpan.db. */
export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//i.test(url)) {
      throw new StoreOpenError({
        ja: `DATABASE_URL は postgres:// で始まる PostgreSQL の URL にしてください (SQLite のファイルは SHINPAN_DB で指定します)`,
        en: `DATABASE_URL must be a PostgreSQL URL starting with postgres:// (an SQLite file goes in SHINPAN_DB)`,
      });
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'sqlite', path: env.SHINPAN_DB?.trim() || DEFAULT_SQLITE_PATH };
}
