import type { EventStore, KeyRetention } from '../../app/event-store.js';
import { openPostgresEventStore } from './postgres/postgres-event-store.js';
import { openSqliteEventStore } from './sqlite/sqlite-event-store.js';
import { StoreOpenError } from './store-open-error.js';

/** Which event store to open: one SQLite file (the default) or a PostgreSQL server. */
export type StoreConfig = (
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string }
) &
  KeyRetention;

export const DEFAULT_SQLITE_PATH = './shinpan.db';

/** Opens the configured store, migrating its schema; throws StoreOpenError naming the file or host. */
export async function openEventStore(config: StoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'sqlite':
      return openSqliteEventStore(config.path, retention(config));
    case 'postgres':
      return openPostgresEventStore({
        url: config.url,
        ...(config.schema === undefined ? {} : { schema: config.schema }),
        ...retention(config),
      });
    default: {
      const _exhaustive: never = config;
      throw new TypeError(`unknown store kind in ${JSON.stringify(_exhaustive)}`);
    }
  }
}

const retention = (config: KeyRetention): KeyRetention =>
  config.idempotencyKeyRetentionMs === undefined ? {} : { idempotencyKeyRetentionMs: config.idempotencyKeyRetentionMs };

/** The configuration with the idempotency key retention of the environment added (see retentionFromEnv). */
export function withKeyRetention(config: StoreConfig, env: NodeJS.ProcessEnv): StoreConfig {
  return { ...config, ...retentionFromEnv(env) };
}

/** `SHINPAN_IDEMPOTENCY_DAYS`: how many days a retry key is kept (default 7; fractions allowed). */
function retentionFromEnv(env: NodeJS.ProcessEnv): KeyRetention {
  const text = env.SHINPAN_IDEMPOTENCY_DAYS?.trim();
  if (!text) return {};
  const days = Number(text);
  if (!Number.isFinite(days) || days <= 0 || days > 3650) {
    throw new StoreOpenError({
      ja: `SHINPAN_IDEMPOTENCY_DAYS は 0 より大きく 3650 以下の日数にしてください (指定: ${text})`,
      en: `SHINPAN_IDEMPOTENCY_DAYS must be a number of days above 0 and at most 3650 (got ${text})`,
    });
  }
  return { idempotencyKeyRetentionMs: days * 24 * 60 * 60 * 1000 };
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
    return { kind: 'postgres', url, ...retentionFromEnv(env) };
  }
  return { kind: 'sqlite', path: env.SHINPAN_DB?.trim() || DEFAULT_SQLITE_PATH, ...retentionFromEnv(env) };
}
