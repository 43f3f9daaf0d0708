import pg from 'pg';

/**
 * Runs `work` on a fresh database `name` (prefixed by SHINPAN_BENCH_DATABASE_PREFIX, default
 * shinpan_bench), created and dropped around it. A role without CREATEDB uses a database made
 * for it beforehand (`createdb -O <role> <name>`), emptied first and left in place.
 */
export async function withDatabase<T>(baseUrl: string, suffix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${process.env.SHINPAN_BENCH_DATABASE_PREFIX ?? 'shinpan_bench'}_${suffix}`;
  const run = async (url: string, statements: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statements);
    } finally {
      await client.end();
    }
  };
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let created = true;
  try {
    await run(baseUrl, `drop database if exists ${name} with (force)`);
    await run(baseUrl, `create database ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    created = false;
    await run(url.toString(), 'drop schema if exists public cascade; create schema public').catch((cause) => {
      throw new Error(
        `the role may not create databases and ${name} is not there to use (createdb -O <role> ${name}): ${cause}`,
      );
    });
  }
  try {
    return await work(url.toString());
  } finally {
    if (created) await run(baseUrl, `drop database if exists ${name} with (force)`);
  }
}
