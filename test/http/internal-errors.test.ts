import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { killAll, serveProcess } from './support/serve-process.js';

/*
 * An error the server did not expect is answered 500 without detail, and `shinpan serve` tells
 * the operator on stderr what failed and where: here the database lost a table under it.
 */

afterAll(() => killAll());

describe('shinpan serve: internal errors', () => {
  it('answers 500 and writes the error with its method and path to stderr', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'shinpan-')), 'event.db');
    const server = await serveProcess(db);
    try {
      const raw = new Database(db);
      raw.exec('drop table shinpan_sign_in_attempts');
      raw.close();
      const answer = await new HttpClient(server.url).post('/api/auth/login', {
        username: 'organizer',
        password: server.password,
      });
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('internal');
      expect(JSON.stringify(answer.body)).not.toContain('shinpan_sign_in_attempts');
      await expect.poll(() => server.stderr(), { timeout: 5_000 }).toContain('internal error on POST /api/auth/login');
      expect(server.stderr()).toContain('no such table: shinpan_sign_in_attempts');
    } finally {
      await server.stop();
    }
  });
});
