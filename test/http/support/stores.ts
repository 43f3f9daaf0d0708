import { postgresUrl } from '../../support/services.js';
import type { StoreKind } from './test-server.js';

/** SQLite always; PostgreSQL when a server answers (in CI it must). */
export async function storeKinds(): Promise<{ readonly name: string; readonly kind: StoreKind }[]> {
  const url = await postgresUrl();
  return [
    { name: 'sqlite', kind: { kind: 'sqlite' } },
    ...(url ? [{ name: 'postgres', kind: { kind: 'postgres', url } as const }] : []),
  ];
}
