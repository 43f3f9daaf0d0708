import { existsSync } from 'node:fs';
import pg from 'pg';

/**
 * Suites that need PostgreSQL or Chromium run when those are there. In CI they must be there:
 * a missing service fails the run instead of quietly skipping. Elsewhere the skip is said loudly.
 */
const inCi = process.env.CI === 'true' || process.env.CI === '1';

function missing(service: string, how: string): undefined {
  if (inCi) throw new Error(`${service} is required in CI but is not available: ${how}`);
  process.stderr.write(
    `\n${'!'.repeat(78)}\n!! SKIPPED: the ${service} suite did not run: ${how}\n${'!'.repeat(78)}\n\n`,
  );
  return undefined;
}

/** The test database URL when a PostgreSQL server answers on it, else undefined (and a loud notice). */
export async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.SHINPAN_TEST_DATABASE_URL;
  if (!url) return missing('PostgreSQL', 'set SHINPAN_TEST_DATABASE_URL (see .ci/run)');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    return missing('PostgreSQL', `cannot connect to ${url}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The Chromium executable when installed, else undefined (and a loud notice). */
export function chromiumPath(): string | undefined {
  const path = process.env.SHINPAN_CHROMIUM ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  return missing('Chromium', `no browser at ${path} (apt-get install chromium)`);
}

/** An executable on the PATH when installed (mkcert, caddy, certutil), else undefined (and a loud notice). */
export function toolPath(tool: string, apt: string): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(':')) {
    const path = `${dir}/${tool}`;
    if (dir !== '' && existsSync(path)) return path;
  }
  return missing(tool, `no ${tool} on the PATH (apt-get install ${apt})`);
}

/** The shared real-world data set, beside the repository as in CI (a plain clone has none). */
export const sharedDataDir = new URL('../../../shared/data/', import.meta.url).pathname;

/** The shared spec and seed texts, beside the repository as in CI. */
export const sharedSpecDir = new URL('../../../shared/spec/', import.meta.url).pathname;

/**
 * Whether ../shared is beside the clone. Suites that read it skip with a loud notice when it is
 * not (anyone's plain clone), and fail under CI=true, where it must be there.
 */
export function sharedDataPresent(): boolean {
  if (existsSync(sharedDataDir) && existsSync(sharedSpecDir)) return true;
  missing('shared data set', `no ../shared beside the clone (${sharedDataDir})`);
  return false;
}

/**
 * Whether a C build succeeded (the fsync-counting shim of the durability proof), else a loud
 * notice naming the compiler's answer, and a failure in CI, where gcc must be there.
 */
export function cBuildAvailable(built: { status: number | null; error?: Error; stderr?: string }): boolean {
  if (built.status === 0) return true;
  missing('C compiler (gcc)', `the fsync-counting shim did not build: ${built.error?.message ?? built.stderr}`);
  return false;
}
