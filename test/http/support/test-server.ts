import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../../src/adapters/http/config.js';
import { openServer, type OpenServerOptions, type OpenedServer } from '../../../src/adapters/http/open-server.js';
import { HttpClient } from './http-client.js';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public now: Date) {}
  readonly read = (): Date => this.now;
  advanceMinutes(minutes: number): void {
    this.now = new Date(this.now.getTime() + minutes * 60_000);
  }
}

export interface TestServer {
  readonly url: string;
  readonly opened: OpenedServer;
  readonly clock: TestClock;
  readonly database: DatabaseConfig;
  /** The first organizer, already past the first-login password change. */
  readonly organizer: { readonly username: string; readonly password: string };
  client(): HttpClient;
  close(): Promise<void>;
}

export type StoreKind = { readonly kind: 'sqlite' } | { readonly kind: 'postgres'; readonly url: string };

let schemaCounter = 0;

/** A real server on loopback (port 0) over a fresh SQLite file or a fresh PostgreSQL schema. */
export async function startTestServer(
  kind: StoreKind,
  options: { readonly start?: string; readonly webRoot?: string } & Pick<
    OpenServerOptions,
    | 'trustProxy'
    | 'streamLimits'
    | 'timeouts'
    | 'recentViewMs'
    | 'publicPace'
    | 'webhookTiming'
    | 'logger'
    | 'metricsToken'
    | 'caches'
  > = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-http-'));
  const database: DatabaseConfig =
    kind.kind === 'sqlite'
      ? { kind: 'sqlite', path: join(dir, 'shinpan.db') }
      : {
          kind: 'postgres',
          url: kind.url,
          schema: `http_${process.pid}_${Date.now().toString(36)}_${schemaCounter++}`,
        };
  const clock = new TestClock(new Date(options.start ?? '2025-06-01T09:00:00.000Z'));
  const { start: _start, webRoot, ...limits } = options;
  const opened = await openServer({
    database,
    clock: clock.read,
    secret: 'test-secret-0123456789abcdef',
    heartbeatMs: 60_000,
    webRoot: webRoot ?? null,
    // A test reads what it just wrote: the public's current-round views every version's own,
    // unless the test is about answering them once a while (recent-views.test.ts).
    recentViewMs: 0,
    ...limits,
  });
  const { address, firstLogin } = await opened.listen({ port: 0, host: '127.0.0.1' });
  if (!firstLogin) throw new Error('a fresh database must create the first organizer');
  const organizer = { username: firstLogin.username, password: 'organizer-password-1' };
  const first = new HttpClient(address);
  await first.login(firstLogin.username, firstLogin.password);
  const changed = await first.post('/api/auth/password', {
    currentPassword: firstLogin.password,
    newPassword: organizer.password,
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  return {
    url: address,
    opened,
    clock,
    database,
    organizer,
    client: () => new HttpClient(address),
    async close() {
      await opened.close();
      if (database.kind === 'postgres') await dropSchema(database.url, database.schema!);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
