import pg from 'pg';
import { afterAll } from 'vitest';

/** Schemas of their own for a test file's PostgreSQL stores, dropped after the file. */
export function postgresSchemas(url: string | undefined, prefix: string): () => string {
  const made: string[] = [];
  afterAll(async () => {
    if (!url || made.length === 0) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const schema of made) await client.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await client.end();
    }
  });
  return () => {
    const schema = `shinpan_${prefix}_${process.pid}_${made.length + 1}`;
    made.push(schema);
    return schema;
  };
}
